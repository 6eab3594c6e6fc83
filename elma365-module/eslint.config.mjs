// The module is not part of the n8n package (package.json `files`): its scripts run inside ELMA365,
// so n8n's node rules (root eslint.config.mjs) do not apply; the tests' rules do. build/ is
// generated from src/ (scripts/bundle.js), where each script keeps the shared helpers it does not call.
import tests from '../test/eslint.config.mjs';

export default [{ ignores: ['build/**'] }, ...tests];
