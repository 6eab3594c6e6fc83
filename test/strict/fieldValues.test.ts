/**
 * The double refuses what the platform's field-type library refuses in an item's fields and a
 * process context (test/harness/fieldValues.ts: the vendor's `pkg/types`), with its words; values
 * of fields it has no scheme for, and types it does not check, are taken as given.
 */
import { startPlatform } from '../harness';
import type { Platform } from '../harness';

let platform: Platform;
beforeAll(async () => {
	platform = await startPlatform();
	platform.collection('schemeApps').set('crm/typed', {
		namespace: 'crm',
		code: 'typed',
		name: 'Typed',
		fields: [
			{ code: 'total', type: 'MONEY', array: false },
			{ code: 'owner', type: 'SYS_USER', array: false },
			{ code: 'team', type: 'SYS_USER', array: true },
			{ code: 'due', type: 'DATETIME', array: false },
			{ code: 'region', type: 'CATEGORY', array: false },
			{ code: 'kind', type: 'ENUM', array: false },
			{ code: 'note', type: 'STRING', array: false },
		],
	});
	platform.collection('processTemplates').set('typed-process', {
		__id: 'typed-process',
		namespace: 'crm',
		code: 'typed_run',
	});
	platform.collection('schemeProcessTemplates').set('crm/typed_run', {
		namespace: 'crm',
		code: 'typed_run',
		context: [{ code: 'amount', type: 'MONEY', array: false }],
	});
});
afterAll(async () => platform.close());

const ID = '3fa85f64-5717-4562-b3fc-2c963f66afa6';

async function call(path: string, body: unknown): Promise<[number, string | undefined]> {
	const response = await fetch(`${platform.url}${path}`, {
		method: 'POST',
		headers: { authorization: `Bearer ${platform.apiKey}`, 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return [response.status, ((await response.json()) as { error?: string }).error];
}
const create = (context: Record<string, unknown>) =>
	call('/pub/v1/app/crm/typed/create', { context });

test('an item create is refused where a value does not fit its field type, in the words of the vendor library', async () => {
	for (const [context, error] of [
		[{ total: 2500 }, 'total: cannot unmarshal number into field of type MONEY'],
		[{ total: '2500.00 EUR' }, 'total: cannot unmarshal string into field of type MONEY'],
		[
			{ total: { cents: 1.5, currency: 'EUR' } },
			'total: cannot unmarshal number into field of type MONEY: cents',
		],
		[{ total: { cents: 5 } }, 'total: cannot unmarshal null into field of type MONEY: currency'],
		[{ owner: 'ann@example.com' }, 'owner: invalid uuid'],
		[{ owner: [ID, 7] }, 'owner: cannot unmarshal number into field of type SYS_USER'],
		[{ team: ID }, 'team: cannot unmarshal string into field of type SYS_USER'],
		[{ due: '05.03.2026' }, 'due: cannot parse "05.03.2026" as RFC 3339 date-time'],
		[{ due: 1772668800000 }, 'due: cannot unmarshal number into field of type DATETIME'],
		[{ region: [{ code: 'eu' }] }, 'region: cannot unmarshal object into field of type CATEGORY'],
		[{ kind: 'retail' }, 'kind: cannot unmarshal string into field of type ENUM'],
		[{ kind: [{ name: 'Retail' }] }, 'kind: cannot unmarshal null into field of type ENUM'],
	] as const) {
		expect([context, await create(context)]).toEqual([context, [400, error]]);
	}
	expect(platform.collection('app:crm/typed').size).toBe(0);
});

test('values in the shapes the types take are stored; a type the double does not check and an unknown field are taken as given', async () => {
	const context = {
		total: { cents: 250000, currency: 'EUR' },
		owner: [ID],
		team: [ID],
		due: '2026-03-05T00:00:00Z',
		region: [ID],
		kind: [{ code: 'retail' }],
		note: 12,
		other: { any: 'thing' },
	};
	expect((await create(context))[0]).toBe(200);
});

test('an item update and a process run are refused alike', async () => {
	const [status, error] = await call('/pub/v1/bpm/template/crm/typed_run/run', {
		context: { amount: '2500 EUR' },
	});
	expect([status, error]).toEqual([
		400,
		'amount: cannot unmarshal string into field of type MONEY',
	]);
	expect(
		(
			await call('/pub/v1/bpm/template/crm/typed_run/run', {
				context: { amount: { cents: 250000, currency: 'EUR' } },
			})
		)[0],
	).toBe(200);
	const stored =
		(await create({ note: 'x' })) && [...platform.collection('app:crm/typed').keys()][0];
	expect(
		await call(`/pub/v1/app/crm/typed/${stored}/update`, { context: { owner: 'bob' } }),
	).toEqual([400, 'owner: invalid uuid']);
});
