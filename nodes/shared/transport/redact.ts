/** Longest text of a failure (a message, a description, a copy of the answer) the node ever shows. */
export const MAX_SHOWN_CHARS = 2000;

const REDACTED = '[redacted]';

/**
 * Removes the API key from text the node shows (messages, descriptions, copies of answers): the
 * key itself wherever it appears (also percent-encoded), and any `Bearer …` or `X-Token …` value,
 * which a proxy or debug page may echo from the request.
 */
export function redact(text: string, secrets: readonly string[]): string {
	let result = text;
	for (const secret of secrets) {
		if (secret.length < 4) continue;
		for (const form of new Set([secret, encodeURIComponent(secret)]))
			result = result.split(form).join(REDACTED);
	}
	return result
		.replace(/(Bearer\s+)[^\s"',;\\]+/gi, `$1${REDACTED}`)
		.replace(/(X-Token["']?\s*[:=]\s*["']?)[^\s"',;\\]+/gi, `$1${REDACTED}`);
}

/** A redacted, bounded copy of any value that can become JSON (a platform's error body). */
export function redactValue(value: unknown, secrets: readonly string[]): unknown {
	if (typeof value === 'string') {
		const clean = redact(value, secrets);
		return clean.length > MAX_SHOWN_CHARS ? `${clean.slice(0, MAX_SHOWN_CHARS)}…` : clean;
	}
	let json: string | undefined;
	try {
		json = JSON.stringify(value);
	} catch {
		json = undefined;
	}
	if (json === undefined) return undefined;
	const clean = redact(json, secrets);
	if (clean.length > MAX_SHOWN_CHARS) return `${clean.slice(0, MAX_SHOWN_CHARS)}…`;
	try {
		return JSON.parse(clean) as unknown;
	} catch {
		// The redaction cut a JSON string escape in two: show it as text.
		return clean;
	}
}
