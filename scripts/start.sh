#!/usr/bin/env bash
# `npm start`: Node 24 and the dev dependencies if missing, then scripts/start.mjs (sandbox + n8n with the package).
set -e
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
exec node scripts/start.mjs "$@"
