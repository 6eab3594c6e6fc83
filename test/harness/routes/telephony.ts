import type { Platform } from '../platform.ts';
import { fail, ok } from '../platform.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Telephony modules in `voipModules` by code: {enabled, bindings: [{extension, userId}]}; 400 when off. */
export function registerTelephony(platform: Platform): void {
	platform
		.route('GET', '/pub/v1/integration/:code/voip/bindings', (_request, { code }, p) => {
			const voip = p.collection('voipModules').get(code);
			if (!voip) return fail(404, `module ${code} not found`);
			if (voip.enabled === false) return fail(400, `module ${code} is disabled`);
			return ok({ bindings: voip.bindings ?? [] });
		})
		.route('PUT', '/pub/v1/integration/:code/voip/bindings', (request, { code }, p) => {
			const voip = p.collection('voipModules').get(code);
			if (!voip) return fail(404, `module ${code} not found`);
			if (voip.enabled === false) return fail(400, `module ${code} is disabled`);
			const bindings = (request.body as { bindings?: unknown } | undefined)?.bindings;
			if (!Array.isArray(bindings)) return fail(400, 'bindings: array expected');
			for (const entry of bindings as Array<Record<string, unknown>>) {
				if (typeof entry?.extension !== 'string' || entry.extension === '') return fail(400, 'bindings.extension: required');
				if (typeof entry.userId !== 'string' || !UUID.test(entry.userId)) return fail(400, 'bindings.userId: invalid uuid');
			}
			voip.bindings = bindings;
			return ok({ bindings });
		});
}
