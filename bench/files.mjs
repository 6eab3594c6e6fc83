/**
 * `node --no-warnings bench/files.mjs` (after `npm run build`): peak memory of moving one large file
 * through the File node in n8n's filesystem binary mode, against the platform double on 127.0.0.1.
 *   upload:   a file stored by n8n (filesystem mode) -> Upload to Directory (parts of 5 MB, 206/200)
 *   download: Download of a file of the same size the double streams -> n8n binary data (filesystem)
 * Each measurement runs in a fresh child process (the double in another), which samples its own
 * memory every 10 ms and reads the kernel's peak RSS at the end. The double keeps no file bytes
 * above 64 MB (it counts them and keeps a SHA-256), so the figures are the node's alone.
 * Environment: BENCH_FILE_MB (1024), BENCH_PART_MB (5), BENCH_ONLY (upload|download).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 1024);
const PART_MB = Number(process.env.BENCH_PART_MB ?? 5);
const SIZE = FILE_MB * 1024 * 1024;
const CHUNK = 1024 * 1024;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** The file's bytes, made on the fly (1 MB at a time) so that neither side ever holds the whole file. */
function fileStream(size) {
	let sent = 0;
	const chunk = Buffer.alloc(CHUNK);
	return new Readable({
		read() {
			if (sent >= size) return this.push(null);
			const length = Math.min(CHUNK, size - sent);
			for (let i = 0; i + 4 <= length; i += 4)
				chunk.writeUInt32LE(((sent + i) * 2654435761) >>> 0, i);
			sent += length;
			this.push(Buffer.from(chunk.subarray(0, length)));
		},
	});
}

async function sha256Of(size) {
	const hash = createHash('sha256');
	for await (const chunk of fileStream(size)) hash.update(chunk);
	return hash.digest('hex');
}

// ------------------------------------------------------------------ the double, in its own process

async function servePlatform() {
	const { newId, startPlatform } = await import('../test/harness/index.ts');
	const platform = await startPlatform();
	const directoryId = newId();
	platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Bench' });
	// A stored file of SIZE bytes whose download is streamed, never held.
	const fileId = newId();
	platform.collection('diskFiles').set(fileId, {
		__id: fileId,
		name: 'big.bin',
		directory: directoryId,
		size: SIZE,
		version: 1,
		hash: newId(),
	});
	platform.script(
		'GET',
		`/pub/v1/disk/download/${fileId}`,
		() => ({
			status: 200,
			headers: {
				'content-type': 'application/octet-stream',
				'content-length': String(SIZE),
				'content-disposition': 'attachment; filename="big.bin"',
			},
			body: fileStream(SIZE),
		}),
		Infinity,
	);
	// The double records every request (5 MB parts): keep the record short.
	setInterval(() => {
		platform.requests.length = 0;
	}, 100).unref();
	process.on('message', (message) => {
		if (message === 'stored') {
			const file = [...platform.collection('diskFiles').values()].find(
				(f) => f.sha256 !== undefined,
			);
			process.send({
				stored: file ? { size: file.size, sha256: file.sha256, name: file.name } : null,
				memory: process.memoryUsage().rss,
			});
		}
	});
	process.send({ url: platform.url, apiKey: platform.apiKey, directoryId, fileId });
}

// ------------------------------------------------------------------ one measurement, in its own process

async function measure(kind, platform) {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'elma365-bench-files-'));
	process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
	process.env.N8N_STORAGE_PATH = path.join(folder, 'storage');
	process.env.N8N_USER_FOLDER = folder;
	try {
		const { Container } = require('@n8n/di');
		const { BinaryDataService, FileLocation } = require('n8n-core');
		const { loadPackage, runNode } = await import('./engine.mjs');
		const service = Container.get(BinaryDataService);
		await service.init();
		const loader = await loadPackage();
		const credential = { baseUrl: platform.url, apiKey: platform.apiKey };

		let input = [{ json: {} }];
		if (kind === 'upload') {
			const binary = await service.store(
				FileLocation.ofExecution('wf-bench', 'exec-1'),
				fileStream(SIZE),
				{
					fileName: 'big.bin',
					mimeType: 'application/octet-stream',
					data: '',
				},
			);
			input = [{ json: {}, binary: { data: binary } }];
		}
		global.gc?.();
		const before = process.memoryUsage();
		const peak = { rss: before.rss, heapUsed: before.heapUsed, external: before.external };
		const timer = setInterval(() => {
			const now = process.memoryUsage();
			peak.rss = Math.max(peak.rss, now.rss);
			peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
			peak.external = Math.max(peak.external, now.external);
		}, 10);
		const started = performance.now();
		const parameters =
			kind === 'upload'
				? {
						resource: 'file',
						operation: 'uploadToDirectory',
						directoryId: { __rl: true, mode: 'id', value: platform.directoryId },
						uploadOptions: { partSize: PART_MB },
					}
				: { resource: 'file', operation: 'download', fileId: platform.fileId };
		const items = await runNode({
			loader,
			type: 'n8n-nodes-elma365.elma365File',
			parameters,
			input,
			credential,
		});
		const seconds = (performance.now() - started) / 1000;
		clearInterval(timer);
		const result = {
			kind,
			seconds,
			before,
			peak,
			maxRssKernel: process.resourceUsage().maxRSS * 1024,
		};
		if (kind === 'upload') result.output = items[0].json;
		else {
			const binary = items[0].binary.data;
			const stream = await service.getAsStream(binary.id, CHUNK);
			const hash = createHash('sha256');
			let bytes = 0;
			for await (const chunk of stream) {
				hash.update(chunk);
				bytes += chunk.length;
			}
			result.output = {
				...items[0].json,
				mode: binary.data,
				stored: bytes,
				sha256: hash.digest('hex'),
			};
		}
		process.stdout.write(`${JSON.stringify(result)}\n`);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

// ------------------------------------------------------------------ the orchestration

function child(args, ipc = false) {
	return spawn(
		process.execPath,
		['--no-warnings', '--expose-gc', fileURLToPath(import.meta.url), ...args],
		{
			cwd: path.resolve(HERE, '..'),
			stdio: ipc ? ['ignore', 'inherit', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
		},
	);
}

async function runMeasurement(kind, platform) {
	const measurement = child([kind, JSON.stringify(platform)]);
	const lines = readline.createInterface({ input: measurement.stdout });
	let result;
	for await (const line of lines) {
		if (line.startsWith('{"kind"')) result = JSON.parse(line);
	}
	const code = await new Promise((resolve) => measurement.on('exit', resolve));
	if (!result) throw new Error(`the ${kind} measurement ended with code ${code} and no result`);
	return result;
}

async function main() {
	const server = child(['platform'], true);
	const platform = await new Promise((resolve, reject) => {
		server.once('message', resolve);
		server.once('exit', (code) => reject(new Error(`the double exited with code ${code}`)));
	});
	const ask = () =>
		new Promise((resolve) => {
			server.once('message', resolve);
			server.send('stored');
		});
	try {
		const expected = await sha256Of(SIZE);
		console.log(
			`File node, ${mb(SIZE)} file, n8n binary data mode: filesystem; Node ${process.version}, ${os.cpus().length} CPUs`,
		);
		const only = process.env.BENCH_ONLY;
		for (const kind of ['upload', 'download']) {
			if (only && only !== kind) continue;
			const result = await runMeasurement(kind, platform);
			const line = `${kind.padEnd(8)} ${result.seconds.toFixed(1)} s  peak RSS ${mb(result.peak.rss)} (from ${mb(result.before.rss)}; kernel max ${mb(result.maxRssKernel)})  peak heap ${mb(result.peak.heapUsed)}  peak buffers ${mb(result.peak.external)}`;
			console.log(line);
			if (kind === 'upload') {
				const { stored, memory } = await ask();
				const same = stored && stored.size === SIZE && stored.sha256 === expected;
				console.log(
					`         the double received ${stored ? mb(stored.size) : 'nothing'}, SHA-256 ${same ? 'matches' : 'DIFFERS'}; the double's own RSS ${mb(memory)}`,
				);
			} else {
				const same = result.output.stored === SIZE && result.output.sha256 === expected;
				console.log(
					`         stored as n8n binary data (${result.output.mode}): ${mb(result.output.stored)}, SHA-256 ${same ? 'matches' : 'DIFFERS'}`,
				);
			}
		}
	} finally {
		server.kill('SIGTERM');
	}
}

const [mode, argument] = process.argv.slice(2);
if (mode === 'platform') await servePlatform();
else if (mode === 'upload' || mode === 'download') await measure(mode, JSON.parse(argument));
else await main();
