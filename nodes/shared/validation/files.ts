import type { Field } from './values';
import { invalidInput, hasControlCharacter, isWellFormed } from './values';

export interface FileMeta {
	fileName: string;
	mimeType: string;
}

/**
 * The file name and MIME type of an item's binary data, which go into the headers of a multipart
 * part: a MIME type with a line break would add headers (or body bytes) of its own there, and a
 * name that is not valid Unicode cannot be encoded. Blank ones take the defaults.
 */
export function requireFileMeta(
	field: Field,
	meta: { fileName?: unknown; mimeType?: unknown },
	defaultName: string,
): FileMeta {
	const blank = (value: unknown) => value === undefined || value === null || value === '';
	const { fileName, mimeType } = meta;
	if (!blank(fileName) && (typeof fileName !== 'string' || !isWellFormed(fileName))) {
		throw invalidInput(
			field,
			'binary data whose file name is a text of valid Unicode characters',
			fileName,
		);
	}
	if (
		!blank(mimeType) &&
		(typeof mimeType !== 'string' || hasControlCharacter(mimeType) || !isWellFormed(mimeType))
	) {
		throw invalidInput(
			field,
			'binary data whose MIME type is one line, such as application/pdf',
			mimeType,
		);
	}
	return {
		fileName: blank(fileName) ? defaultName : (fileName as string),
		mimeType:
			blank(mimeType) || (mimeType as string).trim() === ''
				? 'application/octet-stream'
				: (mimeType as string).trim(),
	};
}
