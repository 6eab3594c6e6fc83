// Copies node and credential icons (and codex files) next to the compiled code in dist/.
const { src, dest, task } = require('gulp');

task('build:icons', () =>
	src(['icons/**/*.{png,svg}', 'nodes/**/*.node.json'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist')),
);
