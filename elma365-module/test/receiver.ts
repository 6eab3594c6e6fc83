/** A stand-in for n8n's webhook on 127.0.0.1: records each request and answers from a script. */
import * as http from 'node:http';

export interface Received {
	headers: http.IncomingHttpHeaders;
	body: string;
}

export interface Receiver {
	url: string;
	requests: Received[];
	close(): Promise<void>;
}

export async function startReceiver(
	answers: Array<{ status: number; body?: unknown }> = [{ status: 200, body: { ok: true } }],
): Promise<Receiver> {
	const requests: Received[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
			const answer = answers[Math.min(requests.length, answers.length) - 1];
			res.writeHead(answer.status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer.body ?? {}));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}/webhook/elma365`,
		requests,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
