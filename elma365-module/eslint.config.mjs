// The module is not part of the n8n package (package.json `files`): its scripts run inside ELMA365,
// are checked by elma365-module/tsconfig.json and its tests, and are not held to n8n's node rules.
export default [{ ignores: ['**'] }];
