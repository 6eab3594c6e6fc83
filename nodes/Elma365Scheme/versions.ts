/** Every section, application, group, template, module, solution and page typed as a code or ID. */
export const FIRST_VERSION = 1;

/** Section, Application, Group and Process Template picked from the platform's lists. */
export const PICKERS_VERSION = 1.1;

/** Module, Solution, Page and Document Template pickers; group members as rows of pickers. */
export const MORE_PICKERS_VERSION = 1.2;

/** Group > Update sends up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.3;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, PICKERS_VERSION, MORE_PICKERS_VERSION, ADAPTIVE_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_VERSION;
