/** At most this many characters of a text are shown in a message; the rest is left out and counted. */
export const SHOWN_CHARS = 80;

/** At most this many characters of a value's JSON (an object, a list) are shown in a message. */
export const SHOWN_JSON_CHARS = 120;

/** The first `max` characters of a text, never ending in half of a surrogate pair. */
function head(text: string, max: number): string {
	const code = text.charCodeAt(max - 1);
	return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** How many characters (code points) a text has. */
function characters(text: string): number {
	// Spread by code points, so that an emoji (two UTF-16 units) counts once.
	return [...text].length;
}

/** A text as a message shows it unquoted (a MIME type, a name in running text), cut like `shownText`. */
export function shortText(text: string, max = SHOWN_CHARS): string {
	return text.length <= max ? text : `${head(text, max)}… (${characters(text)} characters)`;
}

/**
 * A text as a message shows it, quoted: whole up to SHOWN_CHARS characters, else its beginning
 * and its full length, `"abcd…" (100000 characters)`, so a message stays readable whatever came.
 */
export function shownText(text: string, max = SHOWN_CHARS): string {
	if (text.length <= max) return JSON.stringify(text);
	return `${JSON.stringify(`${head(text, max)}…`)} (${characters(text)} characters)`;
}

/** Any value as a message shows it: a text quoted (see `shownText`), anything else as bounded JSON. */
export function shownValue(value: unknown): string {
	if (typeof value === 'string') return shownText(value);
	if (value === undefined) return 'nothing';
	let text: string;
	try {
		text = JSON.stringify(value) ?? String(value);
	} catch {
		// a cycle, a BigInt, a value whose toJSON throws, or one nested too deep to stringify
		text = Object.prototype.toString.call(value);
	}
	if (text.length <= SHOWN_JSON_CHARS) return text;
	return `${head(text, SHOWN_JSON_CHARS)}… (${characters(text)} characters)`;
}
