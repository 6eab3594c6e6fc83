import { createHmac, randomBytes } from 'node:crypto';
import { newSecret, signDelivery } from '../../nodes/Elma365EventTrigger/delivery';

test("the delivery signature is Node's HMAC-SHA256 of <timestamp>.<raw body>", async () => {
	for (const size of [0, 1, 63, 64, 65, 1000, 70_000]) {
		const secret = randomBytes(32).toString('hex');
		const raw = randomBytes(size);
		const expected = createHmac('sha256', secret).update(`1764147600.`).update(raw).digest('hex');
		expect(await signDelivery(secret, '1764147600', raw)).toBe(expected);
	}
});

test('each subscription gets its own 32-byte random secret', () => {
	const secrets = new Set(Array.from({ length: 50 }, () => newSecret()));
	expect(secrets.size).toBe(50);
	for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
});
