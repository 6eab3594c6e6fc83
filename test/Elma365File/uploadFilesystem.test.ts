/**
 * Upload in n8n's filesystem binary mode: the binary data is a file on disk (an `id`, no bytes in
 * the item), so the node reads it as a stream, one part at a time, and never as a whole.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Container } from '@n8n/di';
import { BinaryDataService, FileLocation } from 'n8n-core';
import type { IBinaryData } from 'n8n-workflow';
import { newId } from '../harness/index.ts';
import { MIN_PART_SIZE } from '../harness/routes/disk.ts';
import { jsonOf, usePlatform } from '../harness/setup';

const folder = mkdtempSync(path.join(os.tmpdir(), 'elma365-files-'));
process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'filesystem';
process.env.N8N_STORAGE_PATH = path.join(folder, 'storage');
process.env.N8N_USER_FOLDER = folder;

const t = usePlatform();
let service: BinaryDataService;

beforeAll(async () => {
	service = Container.get(BinaryDataService);
	await service.init();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A pseudo-random file of `size` bytes stored the way n8n stores binary data in filesystem mode. */
async function storedFile(size: number): Promise<{ binary: IBinaryData; sha256: string }> {
	const data = Buffer.alloc(size);
	for (let i = 0; i + 4 <= size; i += 4) data.writeUInt32LE((i * 2246822519) >>> 0, i);
	const binary = await service.store(
		FileLocation.ofExecution('wf-test', 'exec-1'),
		Readable.from([data]),
		{
			fileName: 'scan.tif',
			mimeType: 'image/tiff',
			data: '',
		} as IBinaryData,
	);
	return { binary, sha256: createHash('sha256').update(data).digest('hex') };
}

test('a file in filesystem mode is streamed in parts; the platform gets every byte in order', async () => {
	const size = 2 * MIN_PART_SIZE + 777;
	const { binary, sha256 } = await storedFile(size);
	expect(binary.id).toMatch(/^filesystem/);
	const directoryId = newId();
	t.platform.collection('diskDirectories').set(directoryId, { __id: directoryId, name: 'Scans' });
	const { items, error } = await t.run({
		nodeType: 'elma365File',
		parameters: {
			resource: 'file',
			operation: 'uploadToDirectory',
			directoryId: { __rl: true, mode: 'id', value: directoryId },
		},
		input: [{ json: {}, binary: { data: binary } }],
	});
	expect(error).toBeUndefined();
	expect(t.platform.requests.map((r) => r.headers['content-range'])).toEqual([
		`bytes 0-${MIN_PART_SIZE}/${size}`,
		`bytes ${MIN_PART_SIZE}-${2 * MIN_PART_SIZE}/${size}`,
		`bytes ${2 * MIN_PART_SIZE}-${size}/${size}`,
	]);
	const stored = t.platform.collection('diskFiles').get(items[0].json.__id as string)!;
	expect([stored.size, stored.sha256, stored.name, stored.mimeType]).toEqual([
		size,
		sha256,
		'scan.tif',
		'image/tiff',
	]);
	expect(jsonOf(items)).toEqual([
		{
			__id: stored.__id,
			name: 'scan.tif',
			originalName: 'scan.tif',
			directory: directoryId,
			size,
			version: 1,
			hash: t.platform.requests[0].query.hash,
		},
	]);
});
