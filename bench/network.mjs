/**
 * The network between n8n and a remote platform, for `npm run bench -- --realistic`, in its own
 * process: TLS with a throw-away self-signed certificate (openssl, EC P-256) in front of the
 * double's plain HTTP port, behind a TCP proxy that delays every chunk by half a round trip each
 * way. Prints one JSON line {port, statsPort}; GET on statsPort answers the TCP connections and
 * TLS handshakes so far.
 * Usage: node bench/network.mjs <upstream port> <rtt ms>
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

/** A throw-away self-signed certificate for 127.0.0.1. */
function makeCertificate() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elma365-bench-'));
	const key = path.join(dir, 'key.pem');
	const cert = path.join(dir, 'cert.pem');
	execFileSync(
		'openssl',
		[
			'req',
			'-x509',
			'-newkey',
			'ec',
			'-pkeyopt',
			'ec_paramgen_curve:prime256v1',
			'-nodes',
			'-keyout',
			key,
			'-out',
			cert,
			'-days',
			'1',
			'-subj',
			'/CN=127.0.0.1',
		],
		{ stdio: 'ignore' },
	);
	const result = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
	fs.rmSync(dir, { recursive: true, force: true });
	return result;
}

function listen(server) {
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
	);
}

/** TLS in front of the double's plain HTTP port; counts handshakes. */
async function startTls(certificate, upstreamPort, counters) {
	const server = tls.createServer(certificate, (socket) => {
		counters.tls += 1;
		const upstream = net.connect(upstreamPort, '127.0.0.1');
		socket.pipe(upstream).pipe(socket);
		const close = () => {
			socket.destroy();
			upstream.destroy();
		};
		socket.on('error', close);
		upstream.on('error', close);
	});
	return { server, port: await listen(server) };
}

/**
 * The remote network: every chunk, either way, is delivered half a round trip late, in order.
 * The connection itself opens at once (a TCP handshake is one RTT on a real network; the TLS
 * handshake that follows is delayed like any data).
 */
async function startDelayProxy(upstreamPort, rtt, counters) {
	const half = rtt / 2;
	const forward = (from, to) => {
		from.on('data', (chunk) =>
			half > 0 ? setTimeout(() => to.writable && to.write(chunk), half) : to.write(chunk),
		);
		from.on('end', () => (half > 0 ? setTimeout(() => to.end(), half) : to.end()));
	};
	const server = net.createServer((client) => {
		counters.tcp += 1;
		client.setNoDelay(true);
		const upstream = net.connect(upstreamPort, '127.0.0.1');
		upstream.setNoDelay(true);
		forward(client, upstream);
		forward(upstream, client);
		const close = () => {
			client.destroy();
			upstream.destroy();
		};
		client.on('error', close);
		upstream.on('error', close);
		client.on('close', () => upstream.destroy());
	});
	return { server, port: await listen(server) };
}

const [upstreamPort, rtt] = process.argv.slice(2).map(Number);
const counters = { tcp: 0, tls: 0 };
const tlsServer = await startTls(makeCertificate(), upstreamPort, counters);
const proxy = await startDelayProxy(tlsServer.port, rtt, counters);
const stats = http.createServer((_request, response) => response.end(JSON.stringify(counters)));
const statsPort = await listen(stats);
process.stdout.write(`${JSON.stringify({ port: proxy.port, statsPort })}\n`);
process.on('SIGTERM', () => process.exit(0));
