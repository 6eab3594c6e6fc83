// The end-to-end suite is tooling too: the same rules as test/ (see test/eslint.config.mjs).
export { default } from '../test/eslint.config.mjs';
