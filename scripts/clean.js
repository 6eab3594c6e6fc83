// Removes the previous build so that dist/ holds only what the current sources produce.
const { rmSync } = require('node:fs');
rmSync(require('node:path').join(__dirname, '..', 'dist'), { recursive: true, force: true });
