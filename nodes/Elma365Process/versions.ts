/** Section, Application, Process Template and Template ID typed as codes and IDs. */
export const FIRST_VERSION = 1;

/** Start: Section and Process Template picked from the platform's lists. */
export const PICKERS_VERSION = 1.1;

/** Start maps the template's context fields; Get Many by template picks the section and template. */
export const MORE_PICKERS_VERSION = 1.2;

/** Process control: Instance > Interrupt and Interrupt Many. */
export const PROCESS_CONTROL_VERSION = 1.3;

/** Instance > Get and Interrupt send up to 100 items at a time by default, starting with 32 and doubling while the platform keeps up. */
export const ADAPTIVE_VERSION = 1.4;

/** Instance > Update Context, Skip Step, Restart Step and Move to Latest Version default to the adaptive window too (items of one instance still one after the other). */
export const ADAPTIVE_INSTANCE_CHANGES_VERSION = 1.5;

/** The node class's `version`, oldest first. */
export const VERSIONS = [
	FIRST_VERSION,
	PICKERS_VERSION,
	MORE_PICKERS_VERSION,
	PROCESS_CONTROL_VERSION,
	ADAPTIVE_VERSION,
	ADAPTIVE_INSTANCE_CHANGES_VERSION,
];

/** The version new nodes get: the newest. */
export const DEFAULT_VERSION = ADAPTIVE_INSTANCE_CHANGES_VERSION;
