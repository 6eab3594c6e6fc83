// The raw contestants' pieces, shared by the loopback (run.mjs) and the realistic (realistic.mjs) benchmarks.

/** One JSON request with the key, over `transport` (node:http or node:https) and a keep-alive `agent`; rejects on a failure. */
export function sendJson(transport, agent, base, apiKey, method, pathname, body) {
	const payload = body === undefined ? undefined : JSON.stringify(body);
	return new Promise((resolve, reject) => {
		const request = transport.request(
			new URL(pathname, base),
			{
				method,
				agent,
				headers: {
					authorization: `Bearer ${apiKey}`,
					accept: 'application/json',
					...(payload === undefined
						? {}
						: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
				},
			},
			(response) => {
				const chunks = [];
				response.on('data', (chunk) => chunks.push(chunk));
				response.on('end', () => {
					const data = JSON.parse(Buffer.concat(chunks).toString('utf8'));
					if (response.statusCode !== 200 || data.success === false)
						reject(new Error(`${response.statusCode} ${data.error}`));
					else resolve(data);
				});
			},
		);
		request.on('error', reject);
		request.end(payload);
	});
}

/** Runs `task(index)` for `count` indexes with at most `limit` in flight; results in order. */
export async function pool(count, limit, task) {
	const results = new Array(count);
	let next = 0;
	const worker = async () => {
		while (next < count) {
			const index = next++;
			results[index] = await task(index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
	return results;
}
