import { startPlatform } from '../harness/index.ts';

test('every /disk route of the double declares its request shape, its evidence and where it comes from', async () => {
	const platform = await startPlatform();
	try {
		const disk = platform
			.endpoints()
			.filter((endpoint) => endpoint.path.startsWith('/pub/v1/disk/'));
		expect(disk.length).toBe(15);
		for (const { method, path, shape } of disk) {
			expect([method, path, shape?.evidence, typeof shape?.source]).toEqual([
				method,
				path,
				expect.stringMatching(/^(documented|client|inferred)$/),
				'string',
			]);
		}
		const documented = disk
			.filter((endpoint) => endpoint.shape?.evidence === 'documented')
			.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
		expect(documented).toEqual([
			'POST /pub/v1/disk/file/upload',
			'POST /pub/v1/disk/directory/:id/upload',
			'POST /pub/v1/disk/links/upload',
			'POST /pub/v1/disk/links/download',
			'POST /pub/v1/disk/files',
			'POST /pub/v1/disk/uploads/from-link',
			'POST /pub/v1/disk/file/move',
			'GET /pub/v1/disk/file/:id',
			'POST /pub/v1/disk/files/search',
			'PATCH /pub/v1/disk/files/deleted',
			'GET /pub/v1/disk/directory/:id',
			'POST /pub/v1/disk/directory/list',
		]);
	} finally {
		await platform.close();
	}
});
