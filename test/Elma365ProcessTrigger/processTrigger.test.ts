import { MAX_PAGE_SIZE } from '../../nodes/shared/lists/pager';
import { newId } from '../harness/index.ts';
import { PollStore, pollNode } from '../harness/poll';
import { jsonOf, usePlatform } from '../harness/setup';
import { scriptList } from '../Elma365AppTrigger/listDouble';
import { useVirtualClock } from '../harness/clock';

const t = usePlatform();
useVirtualClock();
const T0 = Date.parse('2026-03-01T09:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace('.000Z', 'Z');

let store: PollStore;
beforeEach(() => {
	store = new PollStore();
});

const poll = (parameters: Record<string, unknown>, mode: 'trigger' | 'manual' = 'trigger') =>
	pollNode({
		nodeType: 'elma365ProcessTrigger',
		parameters: parameters as never,
		store,
		mode,
		credential: { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
	});

test('New Process Instance (the default event): the exact requests, each new instance fires once', async () => {
	const templateId = newId();
	const path = `/pub/v1/bpm/instance/bytemplateid/${templateId}/list`;
	const instances = scriptList(t.platform, path);
	const parameters = { templateId: { __rl: true, mode: 'list', value: templateId } };
	instances.rows.push({ __id: newId(), __createdAt: at(0), __updatedAt: at(0) });
	expect((await poll(parameters)).emitted).toBe(false);
	expect(t.platform.requests.map((r) => [r.method, r.path, r.body])).toEqual([
		[
			'POST',
			path,
			{ sortExpressions: [{ field: '__updatedAt', ascending: false }], from: 0, size: 1 },
		],
		[
			'POST',
			path,
			{
				filter: { tf: { __updatedAt: { min: at(-600), max: null } } },
				sortExpressions: [{ field: '__updatedAt', ascending: true }],
				from: 0,
				size: MAX_PAGE_SIZE,
			},
		],
	]);
	const started = { __id: newId(), __createdAt: at(5), __updatedAt: at(5), __name: 'Approval #2' };
	instances.rows.push(started);
	const result = await poll(parameters);
	expect(jsonOf(result.items)).toEqual([started]);
	expect((await poll(parameters)).emitted).toBe(false);

	const manual = await poll(parameters, 'manual');
	expect(jsonOf(manual.items)).toEqual([started]);
});

test('a template ID that is not a UUID fails before any request', async () => {
	const result = await poll({ event: 'newInstance', templateId: 'approval' });
	expect(result.error?.message).toBe(
		'Invalid "Template ID": expected a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6, got "approval"',
	);
	expect(t.platform.requests).toHaveLength(0);
});

test('an instance updated later does not fire again, also after its creation left the window; an old one updated now never fires', async () => {
	const templateId = newId();
	const path = `/pub/v1/bpm/instance/bytemplateid/${templateId}/list`;
	const instances = scriptList(t.platform, path);
	const parameters = { event: 'newInstance', templateId };
	const old = { __id: newId(), __createdAt: at(-3600), __updatedAt: at(0) };
	instances.rows.push(old);
	expect((await poll(parameters)).emitted).toBe(false);
	const started = { __id: newId(), __createdAt: at(10), __updatedAt: at(10) };
	instances.rows.push(started);
	expect(jsonOf((await poll(parameters)).items)).toEqual([started]);
	// Both change much later (tasks done, steps passed): the list brings them again, nothing fires.
	started.__updatedAt = at(1800);
	old.__updatedAt = at(1800);
	const later = { __id: newId(), __createdAt: at(1800), __updatedAt: at(1800) };
	instances.rows.push(later);
	expect(jsonOf((await poll(parameters)).items)).toEqual([later]);
	started.__updatedAt = at(3600);
	expect((await poll(parameters)).emitted).toBe(false);
});
