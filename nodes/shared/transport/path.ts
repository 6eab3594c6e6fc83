/**
 * Tagged template for API paths: every interpolated value is percent-encoded as one path segment,
 * so a value such as `../x` or `a?b#c` cannot leave its segment.
 * Usage: apiPath`/nomenclature/${id}`
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, literal, index) => {
		if (index === 0) return literal;
		return path + encodePathSegment(String(values[index - 1])) + literal;
	}, '');
}

/** One value as one path segment: percent-encoded, and never `.` or `..`, which URL resolution would rewrite. */
export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	return encoded === '.' || encoded === '..' ? encoded.replace(/\./g, '%2E') : encoded;
}
