#!/usr/bin/env bash
# `npm test`: Node 24 and the dev dependencies if missing (scripts/bootstrap.sh), a fresh build of
# dist/ (the tests load the compiled package), then every jest suite. Arguments go to jest.
# `npm test` builds unconditionally so that CI never rests on file times; a plain `npx jest` builds
# only when dist/ is missing or older than its sources (scripts/build-if-stale.js, jest's globalSetup).
set -e
cd "$(dirname "$0")/.."
source scripts/bootstrap.sh
npm run build --silent >/dev/null
exec npx jest "$@"
