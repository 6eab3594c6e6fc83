/**
 * The local platform sandbox: the tests' platform double (test/harness) listening on a fixed port,
 * seeded with a few sections, applications, items, users, nomenclature directories and cases,
 * process templates with context fields (e2e/sandboxSchemes.ts), a report section, a process
 * instance, three tasks waiting for a person and one completed, each with its exits.
 * Node 24 runs it as it is (erasable TypeScript):
 *
 *   node e2e/sandbox.ts [--port 8365] [--key <api key>]
 *
 * Only this entry adds the `/__sandbox/...` routes (same API key as the rest), which let the
 * end-to-end tests read what n8n sent: `GET /__sandbox/requests` (a request the quota refused is
 * marked `refused: true`), `DELETE /__sandbox/requests`, `GET /__sandbox/data/<collection>`, and
 * set and read the per-minute quota of a SaaS Standard company (test/harness/quota.ts):
 * `PUT /__sandbox/quota` with `{"perWindow": 20, "windowMs": 5000, "retryAfter": true}` puts it on
 * (counting afresh), `GET /__sandbox/quota` reads its counts (`quota`: the options, `accepted`,
 * `refused`, `windows`; null when off), `DELETE /__sandbox/quota` takes it away and answers the
 * last counts. At start, ELMA365_SANDBOX_QUOTA (requests per window), ELMA365_SANDBOX_QUOTA_WINDOW_MS
 * (default 60000) and ELMA365_SANDBOX_QUOTA_RETRY_AFTER (1, the default, or 0) put it on.
 */
import type { Platform, QuotaOptions } from '../test/harness/index.ts';
import { fail, ok, startPlatform } from '../test/harness/index.ts';
import { PROCESS_TEMPLATES, seedSchemes } from './sandboxSchemes.ts';
import { installConnector } from './sandboxConnector.ts';
import { installDemoModule } from './sandboxModule.ts';

export const SANDBOX_KEY = 'sandbox-0000-4000-8000-elma365demo';
export const SANDBOX_PORT = 8365;

/** Fixed ids, so sample workflows and tests can name them. */
export const SEED = {
	directories: {
		contracts: '5a000000-0000-4000-8000-0000000000d1',
		letters: '5b000000-0000-4000-8000-0000000000d2',
	},
	cases: {
		supply: '6a000000-0000-4000-8000-0000000000c1',
		incoming: '6b000000-0000-4000-8000-0000000000c2',
	},
	serial: '6f000000-0000-4000-8000-00000000005e',
	users: {
		alice: '0a000000-0000-4000-8000-00000000a11c',
		bob: '0b000000-0000-4000-8000-000000000b0b',
		carol: '0c000000-0000-4000-8000-0000000ca201',
	},
	deals: {
		first: '7a000000-0000-4000-8000-0000000000a1',
		second: '7b000000-0000-4000-8000-0000000000a2',
	},
	contract: '7c000000-0000-4000-8000-0000000000c7',
	processTemplate: PROCESS_TEMPLATES.approval,
	segment: '9a000000-0000-4000-8000-0000000000e1',
	subscribers: ['9b000000-0000-4000-8000-0000000000f1', '9c000000-0000-4000-8000-0000000000f2'],
	diskDirectory: 'aa000000-0000-4000-8000-0000000000d1',
	processInstance: 'ba000000-0000-4000-8000-0000000000b2',
	tasks: {
		approveDeal: 'ca000000-0000-4000-8000-0000000000a1',
		checkContract: 'cb000000-0000-4000-8000-0000000000a2',
		approvedBudget: 'cc000000-0000-4000-8000-0000000000a4',
		// Completed by the sample workflow "complete a task through an exit".
		onboardingChecklist: 'cc000000-0000-4000-8000-0000000000a3',
	},
} as const;

export function seed(platform: Platform): void {
	const set = (name: string, key: string, entry: Record<string, unknown>) =>
		platform.collection(name).set(key, entry);
	const S = SEED;
	set('nomenclatureDirectories', S.directories.contracts, {
		__id: S.directories.contracts,
		name: 'Contracts',
	});
	set('nomenclatureDirectories', S.directories.letters, {
		__id: S.directories.letters,
		name: 'Letters',
	});
	set('nomenclatureCases', S.cases.supply, {
		__id: S.cases.supply,
		directoryId: S.directories.contracts,
		docflow: 'internal',
		name: 'Supply contracts',
	});
	set('nomenclatureCases', S.cases.incoming, {
		__id: S.cases.incoming,
		directoryId: S.directories.letters,
		docflow: 'input',
		name: 'Incoming letters',
	});
	set('apps', 'crm/deals', { namespace: 'crm', code: 'deals', name: 'Deals' });
	set('apps', 'crm/companies', { namespace: 'crm', code: 'companies', name: 'Companies' });
	set('apps', 'legal/contracts', { namespace: 'legal', code: 'contracts', name: 'Contracts' });
	set('app:crm/deals', S.deals.first, {
		__id: S.deals.first,
		__name: 'Office chairs',
		amount: { cents: 120000, currency: 'EUR' },
	});
	set('app:crm/deals', S.deals.second, {
		__id: S.deals.second,
		__name: 'Standing desks',
		amount: { cents: 540000, currency: 'EUR' },
	});
	// A contract application's item is an application item too: the App node reads the same one.
	set('app:legal/contracts', S.contract, {
		__id: S.contract,
		__name: 'Supply contract',
		amount: 1000,
	});
	set('contracts:legal/contracts', S.contract, {
		__id: S.contract,
		__name: 'Supply contract',
		amount: 1000,
	});
	set('users', S.users.alice, {
		__id: S.users.alice,
		__name: 'Alice Smith',
		login: 'alice',
		email: 'alice@example.com',
	});
	set('users', S.users.bob, {
		__id: S.users.bob,
		__name: 'Bob Jones',
		login: 'bob',
		email: 'bob@example.com',
	});
	set('users', S.users.carol, {
		__id: S.users.carol,
		__name: 'Carol White',
		login: 'carol',
		email: 'carol@example.com',
	});
	set('voipModules', 'voip_main', {
		enabled: true,
		bindings: [{ extension: '101', userId: S.users.alice }],
	});
	set('segments', S.segment, { __id: S.segment, name: 'Newsletter' });
	S.subscribers.forEach((id, i) =>
		set('subscribers', id, { __id: id, email: `subscriber${i + 1}@example.com` }),
	);
	set('diskDirectories', S.diskDirectory, { __id: S.diskDirectory, name: 'Documents' });
	set('processInstances', S.processInstance, {
		__id: S.processInstance,
		__templateId: S.processTemplate,
		__target: S.deals.first,
		context: {
			__id: S.processInstance,
			subject: 'Office chairs',
			amount: { cents: 120000, currency: 'EUR' },
		},
	});
	const exits = [
		{ id: 'approve', name: 'Approve' },
		{ id: 'reject', name: 'Reject' },
	];
	const task = (id: string, name: string, performer: string, state = 'in_progress') =>
		set('tasks', id, {
			__id: id,
			__name: name,
			__createdAt: '2026-01-15T09:00:00Z',
			performers: [performer],
			__createdBy: S.users.carol,
			instanceId: S.processInstance,
			state,
			exits,
		});
	// The API key acts as Alice: her Incoming list holds the deal's approval (Carol set both tasks).
	set('session', 'user', { __id: S.users.alice });
	task(S.tasks.approveDeal, 'Approve the deal "Office chairs"', S.users.alice);
	task(S.tasks.checkContract, 'Check the supply contract', S.users.bob);
	// Completed earlier: the platform's lists (her Incoming too) keep it; pickers and Get Many's Open do not.
	task(S.tasks.approvedBudget, 'Approve the budget', S.users.alice, 'closed');
	task(S.tasks.onboardingChecklist, 'Review the onboarding checklist', S.users.alice);
	// Last: it fills what the pickers would otherwise find empty in all of the above.
	seedSchemes(platform);
}

/**
 * The quota the environment asks for: ELMA365_SANDBOX_QUOTA requests per window (unset or empty:
 * none), ELMA365_SANDBOX_QUOTA_WINDOW_MS (default 60000, the vendor's minute) and
 * ELMA365_SANDBOX_QUOTA_RETRY_AFTER (`1`, the default: refusals carry Retry-After; `0`: none).
 */
export function quotaFromEnvironment(
	env: NodeJS.ProcessEnv = process.env,
): QuotaOptions | undefined {
	const perWindow = env.ELMA365_SANDBOX_QUOTA?.trim();
	if (!perWindow) return undefined;
	const whole = (name: string, value: string) => {
		if (!/^\d+$/.test(value)) throw new Error(`${name} must be a whole number, not "${value}"`);
		return Number(value);
	};
	const windowMs = env.ELMA365_SANDBOX_QUOTA_WINDOW_MS?.trim();
	const retryAfter = env.ELMA365_SANDBOX_QUOTA_RETRY_AFTER?.trim() || '1';
	if (retryAfter !== '0' && retryAfter !== '1')
		throw new Error(`ELMA365_SANDBOX_QUOTA_RETRY_AFTER must be 0 or 1, not "${retryAfter}"`);
	return {
		perWindow: whole('ELMA365_SANDBOX_QUOTA', perWindow),
		...(windowMs ? { windowMs: whole('ELMA365_SANDBOX_QUOTA_WINDOW_MS', windowMs) } : {}),
		retryAfter: retryAfter === '1',
	};
}

/** The quota's counts as the control routes answer them (`quota: null` when there is none). */
function quotaAnswer(platform: Platform) {
	const counts = platform.quotaCounts();
	if (!counts) return ok({ quota: null, accepted: 0, refused: 0, windows: [] });
	const { perWindow, windowMs, retryAfter, ...rest } = counts;
	return ok({ quota: { perWindow, windowMs, retryAfter }, ...rest });
}

/** Starts the seeded double with the `/__sandbox` routes on 127.0.0.1:port, under `quota` if given. */
export async function startSandbox(
	port = SANDBOX_PORT,
	apiKey = SANDBOX_KEY,
	quota?: QuotaOptions,
): Promise<Platform> {
	const platform = await startPlatform(apiKey);
	seed(platform);
	// Before the connector, whose scripted methods take every other /api/extensions/ call.
	installDemoModule(platform);
	installConnector(platform);
	const own = (path: string) => path.startsWith('/__sandbox/');
	platform
		.route('GET', '/__sandbox/requests', (_request, _params, p) =>
			ok({
				requests: p.requests
					.filter((r) => !own(r.path))
					.map(({ method, path, query, headers, body, refused }) => ({
						method,
						path,
						query,
						headers,
						body,
						...(refused ? { refused } : {}),
					})),
			}),
		)
		.route('DELETE', '/__sandbox/requests', (_request, _params, p) => {
			p.requests.length = 0;
			return ok();
		})
		.route('GET', '/__sandbox/data/:collection', (_request, { collection }, p) =>
			ok({ items: [...p.collection(collection).values()] }),
		)
		.route('GET', '/__sandbox/quota', (_request, _params, p) => quotaAnswer(p))
		.route('PUT', '/__sandbox/quota', (request, _params, p) => {
			if (typeof request.body !== 'object' || request.body === null)
				return fail(400, 'quota: a JSON object {perWindow, windowMs?, retryAfter} expected');
			try {
				p.quota(request.body as QuotaOptions);
			} catch (error) {
				return fail(400, (error as Error).message);
			}
			return quotaAnswer(p);
		})
		.route('DELETE', '/__sandbox/quota', (_request, _params, p) => {
			const answer = quotaAnswer(p);
			p.quota();
			return answer;
		});
	if (quota) platform.quota(quota);
	await platform.close();
	await platform.listen(port);
	return platform;
}

function option(name: string, fallback: string): string {
	const at = process.argv.indexOf(`--${name}`);
	return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

if (import.meta.main) {
	const quota = quotaFromEnvironment();
	const platform = await startSandbox(
		Number(option('port', String(SANDBOX_PORT))),
		option('key', SANDBOX_KEY),
		quota,
	);
	console.log(`ELMA365 sandbox on ${platform.url} (API key ${platform.apiKey})`);
	const counts = platform.quotaCounts();
	if (counts) {
		console.log(
			`Quota: ${counts.perWindow} requests per ${counts.windowMs} ms, 429 ${counts.retryAfter ? 'with' : 'without'} Retry-After`,
		);
	}
	const stop = () => void platform.close().then(() => process.exit(0));
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}
