#!/usr/bin/env bash
# `npm run dev`: n8n with this package, rebuilt and reloaded on every change. n8n's `n8n-node dev`
# watches the sources (tsc --watch) and links the package into <user folder>/.n8n/custom; it would
# start `npx n8n@latest`, which does not install from every registry, so the n8n that `npm start`
# installs (.e2e/n8n, 2.41.1) runs instead, with N8N_DEV_RELOAD. n8n: http://127.0.0.1:5678.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
bash scripts/e2e-install.sh
npm run build --silent >/dev/null
# n8n's user folder, outside the repository: n8n-node dev links the package into it, and a link
# back into the repository would send n8n-node build's file search round in circles.
user="${N8N_DEV_USER_FOLDER:-$HOME/.n8n-node-cli/$(basename "$PWD")}"
mkdir -p "$user"
N8N_USER_FOLDER="$user" N8N_DEV_RELOAD=true N8N_PORT=5678 N8N_LISTEN_ADDRESS=127.0.0.1 \
	N8N_DIAGNOSTICS_ENABLED=false N8N_VERSION_NOTIFICATIONS_ENABLED=false N8N_TEMPLATES_ENABLED=false \
	N8N_PERSONALIZATION_ENABLED=false N8N_SECURE_COOKIE=false N8N_DISABLED_MODULES=mcp-registry \
	.e2e/n8n/node_modules/.bin/n8n start > .e2e/dev-n8n.log 2>&1 &
n8n=$!
trap 'kill "$n8n" 2>/dev/null || true' EXIT
echo "n8n starting on http://127.0.0.1:5678 (user folder $user, log .e2e/dev-n8n.log)"
npx n8n-node dev --external-n8n --custom-user-folder "$user"
