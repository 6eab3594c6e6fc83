/**
 * HMAC-SHA256 in plain TypeScript: the help lists no crypto module for module scripts (server
 * scripts get `fetch`, `System`, `Namespace`, `Context`; TS SDK quick-start/intro_fetch), and the
 * platform may lack TextEncoder, so UTF-8 is encoded by hand. test/hmac.test.ts checks it against
 * Node's crypto.
 */

const K = [
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

export function utf8Bytes(text: string): number[] {
	const bytes: number[] = [];
	for (let i = 0; i < text.length; i++) {
		let code = text.charCodeAt(i);
		if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
			const low = text.charCodeAt(i + 1);
			if (low >= 0xdc00 && low <= 0xdfff) {
				code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
				i++;
			}
		}
		if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd; // a lone surrogate, as TextEncoder does
		if (code < 0x80) bytes.push(code);
		else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
		else if (code < 0x10000)
			bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
		else
			bytes.push(
				0xf0 | (code >> 18),
				0x80 | ((code >> 12) & 63),
				0x80 | ((code >> 6) & 63),
				0x80 | (code & 63),
			);
	}
	return bytes;
}

export function sha256(message: number[]): number[] {
	const h = [
		0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
	];
	const bitLength = message.length * 8;
	const padded = message.slice();
	padded.push(0x80);
	while (padded.length % 64 !== 56) padded.push(0);
	const high = Math.floor(bitLength / 0x100000000);
	for (const word of [high, bitLength >>> 0]) {
		padded.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
	}
	const w = new Array<number>(64);
	for (let offset = 0; offset < padded.length; offset += 64) {
		for (let t = 0; t < 16; t++) {
			const j = offset + t * 4;
			w[t] = (padded[j] << 24) | (padded[j + 1] << 16) | (padded[j + 2] << 8) | padded[j + 3];
		}
		for (let t = 16; t < 64; t++) {
			const s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >>> 3);
			const s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >>> 10);
			w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
		}
		let [a, b, c, d, e, f, g, hh] = h;
		for (let t = 0; t < 64; t++) {
			const t1 =
				(hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[t] + w[t]) | 0;
			const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
			hh = g;
			g = f;
			f = e;
			e = (d + t1) | 0;
			d = c;
			c = b;
			b = a;
			a = (t1 + t2) | 0;
		}
		h[0] = (h[0] + a) | 0;
		h[1] = (h[1] + b) | 0;
		h[2] = (h[2] + c) | 0;
		h[3] = (h[3] + d) | 0;
		h[4] = (h[4] + e) | 0;
		h[5] = (h[5] + f) | 0;
		h[6] = (h[6] + g) | 0;
		h[7] = (h[7] + hh) | 0;
	}
	const digest: number[] = [];
	for (const word of h) {
		digest.push((word >>> 24) & 255, (word >>> 16) & 255, (word >>> 8) & 255, word & 255);
	}
	return digest;
}

function rotr(value: number, bits: number): number {
	return (value >>> bits) | (value << (32 - bits));
}

export function hmacSha256Hex(key: string, message: string): string {
	let keyBytes = utf8Bytes(key);
	if (keyBytes.length > 64) keyBytes = sha256(keyBytes);
	const inner: number[] = [];
	const outer: number[] = [];
	for (let i = 0; i < 64; i++) {
		const byte = keyBytes[i] ?? 0;
		inner.push(byte ^ 0x36);
		outer.push(byte ^ 0x5c);
	}
	const digest = sha256(outer.concat(sha256(inner.concat(utf8Bytes(message)))));
	return digest.map((byte) => (byte < 16 ? '0' : '') + byte.toString(16)).join('');
}
