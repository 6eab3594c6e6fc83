/**
 * No leaked key: the API key appears in no output item, error message, description, stack or
 * recorded run data, for every failure kind of the fault matrix, without Continue On Fail.
 */
import { usePlatform } from '../harness/setup';
import { useVirtualClock } from '../harness/clock';
import { cellRun, FAULTS, OPERATIONS } from './matrix';

const t = usePlatform();
useVirtualClock();

describe('the API key is never shown', () => {
	const fatal = FAULTS.filter((fault) => fault.error !== undefined);
	test.each(fatal.map((fault) => [fault.name, fault] as const))(
		'%s, without Continue On Fail',
		async (_name, fault) => {
			for (const op of OPERATIONS) {
				t.platform.reset();
				for (const [reply, times] of fault.script(op))
					t.platform.script(op.method, /^\/pub\/v1\//, reply, times);
				const { items, error, run } = await t.run(cellRun(op, 1, fault.timeout));
				const shown = [
					items,
					error?.message,
					error?.description,
					error?.stack,
					JSON.stringify(error),
					JSON.stringify(run?.data?.resultData),
				];
				for (const text of shown)
					expect(String(typeof text === 'string' ? text : JSON.stringify(text))).not.toContain(
						t.platform.apiKey,
					);
				if (fault.error!(op)) expect(error).toBeDefined();
			}
		},
		// The 429 that outlasts Max Quota Wait holds each operation about 2.5 s.
		180_000,
	);
});
