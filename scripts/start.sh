#!/usr/bin/env bash
# `npm start`: Node 24 first on PATH, then scripts/start.mjs (sandbox + n8n with the package).
set -e
cd "$(dirname "$0")/.."
source scripts/node24.sh
exec node scripts/start.mjs "$@"
