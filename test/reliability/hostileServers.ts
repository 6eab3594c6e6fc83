/**
 * Hostile servers on 127.0.0.1 for the hardening tests: each answers every request with
 * what a test hands it (a redirect, an echo of the request, a drip, an endless stream) and records
 * what it received, so a test can prove what reached which origin.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { harnessClock } from '../harness/clock';

export interface Received {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

export type HostileHandler = (request: Received, response: http.ServerResponse) => void;

export interface HostileServer {
	/** `http://127.0.0.1:<port>` */
	origin: string;
	received: Received[];
	handle(handler: HostileHandler): void;
	reset(): void;
	close(): Promise<void>;
}

export async function startHostile(): Promise<HostileServer> {
	let handler: HostileHandler = (_request, response) => response.writeHead(404).end();
	const received: Received[] = [];
	const server = http.createServer((request, response) => {
		harnessClock.touch();
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const entry = {
				method: request.method ?? '',
				url: request.url ?? '',
				headers: request.headers,
				body: Buffer.concat(chunks).toString('utf8'),
			};
			received.push(entry);
			handler(entry, response);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		received,
		handle(next) {
			handler = next;
		},
		reset() {
			// A test's connections end with it: a dripping or endless answer would hold the next test's clock.
			server.closeAllConnections();
			received.length = 0;
			handler = (_request, response) => response.writeHead(404).end();
		},
		async close() {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

export function json(
	response: http.ServerResponse,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	response
		.writeHead(status, { 'content-type': 'application/json', ...headers })
		.end(JSON.stringify(body));
}

/** Sends the status and headers at once, then one byte every `everyMs` until the client goes away. */
export function drip(response: http.ServerResponse, everyMs: number, status = 200): void {
	response.writeHead(status, { 'content-type': 'application/json' });
	response.write('{');
	void every(everyMs, () => {
		if (response.destroyed || response.writableEnded) return false;
		response.write(' ');
		return true;
	});
}

/** Calls `step` every `everyMs` on the harness clock while it returns true. */
async function every(everyMs: number, step: () => boolean): Promise<void> {
	do await harnessClock.sleep(everyMs);
	while (step());
}

/** An answer that never ends: 64 KB chunks as fast as the client reads them (backpressure honoured). */
export function endless(response: http.ServerResponse, status = 200): { sent: () => number } {
	let sent = 0;
	const chunk = Buffer.alloc(64 * 1024, 0x20);
	response.writeHead(status, { 'content-type': 'application/json' });
	response.write('{"success": true, "padding": "');
	const pump = () => {
		while (!response.destroyed && response.write(chunk)) sent += chunk.length;
		if (!response.destroyed) sent += chunk.length;
	};
	response.on('drain', pump);
	pump();
	return { sent: () => sent };
}

/**
 * A raw TCP server that sends a status line and then one byte of a header every `everyMs`, never
 * finishing the headers: what an idle timeout alone never ends.
 */
export async function startHeaderDrip(
	everyMs: number,
): Promise<{ origin: string; connections: () => number; close(): Promise<void> }> {
	const sockets = new Set<import('node:net').Socket>();
	let connections = 0;
	const server = net.createServer((socket) => {
		connections++;
		harnessClock.touch();
		sockets.add(socket);
		socket.on('error', () => undefined);
		socket.write('HTTP/1.1 200 OK\r\nX-Slow: ');
		void every(everyMs, () => {
			if (socket.destroyed) return false;
			socket.write('a');
			return true;
		});
		socket.on('close', () => sockets.delete(socket));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		origin: `http://127.0.0.1:${port}`,
		connections: () => connections,
		async close() {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}
