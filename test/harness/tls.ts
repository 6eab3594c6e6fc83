/**
 * A self-signed certificate for 127.0.0.1 (made with openssl, valid one day), for an https server
 * n8n cannot verify: `https.createServer(selfSignedCertificate(), listener)`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface Certificate {
	key: Buffer;
	cert: Buffer;
}

export function selfSignedCertificate(): Certificate {
	const dir = mkdtempSync(path.join(tmpdir(), 'elma365-tls-'));
	try {
		execFileSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-days',
				'1',
				'-subj',
				'/CN=127.0.0.1',
				'-addext',
				'subjectAltName=IP:127.0.0.1',
				'-keyout',
				path.join(dir, 'key.pem'),
				'-out',
				path.join(dir, 'cert.pem'),
			],
			{ stdio: 'ignore' },
		);
		return {
			key: readFileSync(path.join(dir, 'key.pem')),
			cert: readFileSync(path.join(dir, 'cert.pem')),
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
