/**
 * Per-suite wiring: a fresh platform double on 127.0.0.1 and a `run` that executes one node of the
 * package through n8n's engine against it. Usage:
 *   const t = usePlatform();
 *   const { items } = await t.run({ nodeType: 'elma365Nomenclature', parameters: {...} });
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import type { RunOptions, RunResult } from './engine';
import { runNode } from './engine';
import type { Platform } from './index.ts';
import { startPlatform } from './index.ts';

export interface TestPlatform {
	platform: Platform;
	run(
		options: Omit<RunOptions, 'credential'> & { credential?: RunOptions['credential'] },
	): Promise<RunResult>;
}

export function usePlatform(): TestPlatform {
	const t = {} as TestPlatform;
	beforeAll(async () => {
		t.platform = await startPlatform();
		t.run = (options) =>
			runNode({
				...options,
				credential: options.credential ?? { baseUrl: t.platform.url, apiKey: t.platform.apiKey },
			});
	});
	afterEach(() => t.platform.reset());
	afterAll(async () => t.platform.close());
	return t;
}

export function jsonOf(items: INodeExecutionData[]): IDataObject[] {
	return items.map((item) => item.json);
}

export function pairingOf(items: INodeExecutionData[]): unknown[] {
	return items.map((item) => item.pairedItem);
}

export type Parameters = INodeParameters;
