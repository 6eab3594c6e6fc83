import type { Platform } from '../platform.ts';
import { fail, ok } from '../platform.ts';
import { arr, nonEmptyStr, obj, opt, uuid } from '../shapes.ts';

const REFERENCE = 'api.elma365.com/en/public-api/reference/integration';

/** Telephony modules in `voipModules` by code: {enabled, bindings: [{extension, userId}]}; 400 when off. */
export function registerTelephony(platform: Platform): void {
	platform
		.route(
			'GET',
			'/pub/v1/integration/:code/voip/bindings',
			(_request, { code }, p) => {
				const voip = p.collection('voipModules').get(code);
				if (!voip) return fail(404, `module ${code} not found`);
				if (voip.enabled === false) return fail(400, `module ${code} is disabled`);
				return ok({ bindings: voip.bindings ?? [] });
			},
			{ evidence: 'documented', source: `${REFERENCE}/getvoipbindings` },
		)
		.route(
			'PUT',
			'/pub/v1/integration/:code/voip/bindings',
			(request, { code }, p) => {
				const voip = p.collection('voipModules').get(code);
				if (!voip) return fail(404, `module ${code} not found`);
				if (voip.enabled === false) return fail(400, `module ${code} is disabled`);
				const bindings = (request.body as { bindings?: unknown[] }).bindings ?? [];
				voip.bindings = bindings;
				return ok({ bindings });
			},
			{
				body: obj({ bindings: opt(arr(obj({ extension: nonEmptyStr, userId: uuid }))) }),
				evidence: 'documented',
				source: `${REFERENCE}/updatevoipbindings`,
			},
		);
}
