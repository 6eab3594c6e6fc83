/** Item and process instance events; the table filter's field codes typed. */
export const FIRST_VERSION = 1;

/** The item events pick the table filter's field codes from the application's fields. */
export const PICKERS_VERSION = 1.1;

/** The New Task event. */
export const TASK_EVENT_VERSION = 1.2;

/** The node class's `version`, oldest first. */
export const VERSIONS = [FIRST_VERSION, PICKERS_VERSION, TASK_EVENT_VERSION];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = TASK_EVENT_VERSION;
