/**
 * Static files for dist/, as n8n packages keep them: `gulp build:icons` copies the icons (and any
 * other static file n8n loads from the package: PNG/SVG icons, `__schema__` JSON) next to the
 * compiled code, because tsc compiles TypeScript and copies nothing else. `npm run build:watch` runs
 * it once before `tsc --watch`. The build itself is `n8n-node build`, which copies the same files.
 */
const { src, dest } = require('gulp');

/** Paths relative to the package root; each file keeps its path under dist/. */
const STATIC_FILES = [
	'icons/**/*.{png,svg}',
	'nodes/**/*.{png,svg}',
	'credentials/**/*.{png,svg}',
	'nodes/**/__schema__/**/*.json',
];

/** Gulp 5 reads files as UTF-8 text unless told otherwise: `encoding: false` keeps PNGs intact. */
function copyStaticFiles() {
	return src(STATIC_FILES, { base: '.', encoding: false, allowEmpty: true }).pipe(dest('dist'));
}

exports['build:icons'] = copyStaticFiles;
exports.default = copyStaticFiles;
