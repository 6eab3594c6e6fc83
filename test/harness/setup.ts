/**
 * Per-suite wiring: a fresh platform double on 127.0.0.1 and a `run` that executes one node of the
 * package through n8n's engine against it. Usage:
 *   const t = usePlatform();
 *   const { items } = await t.run({ nodeType: 'elma365Nomenclature', parameters: {...} });
 */
import http from 'node:http';
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { RunOptions, RunResult } from './engine';
import { runNode } from './engine';
import type { Platform } from './index.ts';
import { startPlatform } from './index.ts';
import { useVirtualClock } from './clock.ts';

export interface TestPlatform {
	platform: Platform;
	/** The requests the double received, as `[method, path, query, body]`. */
	wire(): unknown[][];
	/** The double's credential: its URL and API key. */
	credential(): { baseUrl: string; apiKey: string };
	run(
		options: Omit<RunOptions, 'credential'> & { credential?: RunOptions['credential'] },
	): Promise<RunResult>;
}

export function usePlatform(): TestPlatform {
	const t = {} as TestPlatform;
	// Time is virtual in every suite of the double: no test waits out a backoff or a quota for real.
	useVirtualClock();
	beforeAll(async () => {
		t.platform = await startPlatform();
		t.wire = () => t.platform.requests.map((r) => [r.method, r.path, r.query, r.body]);
		t.credential = () => ({ baseUrl: t.platform.url, apiKey: t.platform.apiKey });
		t.run = (options) =>
			runNode({
				...options,
				credential: options.credential ?? { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			});
	});
	afterEach(() => {
		t.platform.reset();
		// The double has closed the test's connections: a test's direct client (axios, on Node's
		// keep-alive global agent) must not reuse one of them before it has seen it close.
		http.globalAgent.destroy();
	});
	afterAll(async () => t.platform.close());
	return t;
}

/** A resource locator's value chosen from its list (or given in another `mode`). */
export const picked = (value: string, mode = 'list') => ({ __rl: true, mode, value });

/** A resource locator's value typed as an ID. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A resource locator's value typed as a code. */
export const byCode = (value: string) => ({ __rl: true, mode: 'code', value });

/** Any UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function jsonOf(items: INodeExecutionData[]): IDataObject[] {
	return items.map((item) => item.json);
}

export function pairingOf(items: INodeExecutionData[]): unknown[] {
	return items.map((item) => item.pairedItem);
}

export type Parameters = INodeParameters;
