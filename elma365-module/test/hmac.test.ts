import { createHmac } from 'node:crypto';
import { hmacSha256Hex } from '../src/hmac';

describe('pure HMAC-SHA256', () => {
	const cases: Array<[string, string]> = [
		['', ''],
		['key', 'The quick brown fox jumps over the lazy dog'],
		['0123456789abcdef', '1700000000.{"id":"x","event":"item.created"}'],
		['ключ-секрет-длиной', 'Привет, мир! 😀 €'],
		['k'.repeat(64), 'a'.repeat(55)],
		['long key '.repeat(20), 'b'.repeat(64)],
		['s3cr3t', 'c'.repeat(1000)],
	];
	it.each(cases)('matches Node crypto for key %j', (key, message) => {
		expect(hmacSha256Hex(key, message)).toBe(
			createHmac('sha256', key).update(message, 'utf8').digest('hex'),
		);
	});

	it('a lone surrogate is encoded as U+FFFD, as Node does', () => {
		const message = 'a\ud800b';
		expect(hmacSha256Hex('k', message)).toBe(
			createHmac('sha256', 'k').update(message, 'utf8').digest('hex'),
		);
	});
});
