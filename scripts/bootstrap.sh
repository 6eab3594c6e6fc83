# Sourced by `npm test` and `npm start` (scripts/test.sh, scripts/start.sh): Node 24 first on PATH
# (scripts/node24.sh), then the locked dev dependencies when a fresh clone has none yet.
source "$(dirname "${BASH_SOURCE[0]}")/node24.sh" || return 1
if [ ! -f "$(dirname "${BASH_SOURCE[0]}")/../node_modules/@n8n/node-cli/package.json" ]; then
	echo "installing the dev dependencies (npm ci, once)"
	(cd "$(dirname "${BASH_SOURCE[0]}")/.." && npm ci --ignore-scripts --no-audit --no-fund) || return 1
fi
