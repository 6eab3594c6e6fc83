import type { Platform, RecordedRequest, Reply } from '../platform.ts';
import { fail, newId, ok, page } from '../platform.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOCFLOWS = ['input', 'output', 'internal'];
const RESET_PERIODS = ['year', 'month', 'week', 'day'];

/** The case body checks the platform makes (spec section 2); the first problem found is reported. */
function caseProblem(body: unknown, platform: Platform): string | undefined {
	if (!body || typeof body !== 'object') return 'invalid request body';
	const data = body as Record<string, unknown>;
	if (typeof data.directoryId !== 'string' || !UUID.test(data.directoryId)) return 'directoryId: invalid uuid';
	if (!platform.collection('nomenclatureDirectories').has(data.directoryId)) return `directory ${data.directoryId} not found`;
	if (!DOCFLOWS.includes(data.docflow as string)) return `docflow: unknown value "${String(data.docflow)}"`;
	if (typeof data.name !== 'string' || data.name === '') return 'name: required';
	const settings = data.registrationSettings as Record<string, unknown> | undefined;
	if (settings === undefined) return undefined;
	for (const flag of ['editAfterRegistration', 'reserveEnabled', 'resetInPeriod', 'templateEnabled', 'through']) {
		if (flag in settings && typeof settings[flag] !== 'boolean') return `registrationSettings.${flag}: boolean expected`;
	}
	if ('minLength' in settings && !(Number.isInteger(settings.minLength) && (settings.minLength as number) >= 0)) {
		return 'registrationSettings.minLength: uint64 expected';
	}
	if ('template' in settings && typeof settings.template !== 'string') return 'registrationSettings.template: string expected';
	if ('throughSerialId' in settings && !UUID.test(String(settings.throughSerialId))) return 'registrationSettings.throughSerialId: invalid uuid';
	const reset = settings.resetSettings as Record<string, unknown> | undefined;
	if (reset !== undefined) {
		if ('resetPeriod' in reset && !RESET_PERIODS.includes(reset.resetPeriod as string)) return 'resetSettings.resetPeriod: unknown value';
		if ('resetPeriodCount' in reset && !Number.isInteger(reset.resetPeriodCount)) return 'resetSettings.resetPeriodCount: int64 expected';
		if ('nextResetAt' in reset && Number.isNaN(Date.parse(String(reset.nextResetAt)))) return 'resetSettings.nextResetAt: date-time expected';
	}
	return undefined;
}

function list(platform: Platform, name: string, request: RecordedRequest): Reply {
	return page([...platform.collection(name).values()], request.query);
}

export function registerNomenclature(platform: Platform): void {
	platform
		.route('GET', '/pub/v1/nomenclature', (request, _params, p) => list(p, 'nomenclatureCases', request))
		.route('POST', '/pub/v1/nomenclature', (request, _params, p) => {
			const problem = caseProblem(request.body, p);
			if (problem) return fail(400, problem);
			const item = { ...(request.body as object), __id: newId() };
			p.collection('nomenclatureCases').set(item.__id, item);
			return ok({ item });
		})
		.route('PUT', '/pub/v1/nomenclature/:id', (request, { id }, p) => {
			if (!UUID.test(id)) return fail(400, 'id: invalid uuid');
			const cases = p.collection('nomenclatureCases');
			if (!cases.has(id)) return fail(404, `case ${id} not found`);
			const problem = caseProblem(request.body, p);
			if (problem) return fail(400, problem);
			const item = { ...(request.body as object), __id: id };
			cases.set(id, item);
			return ok({ item });
		})
		.route('GET', '/pub/v1/nomenclature/directory', (request, _params, p) => list(p, 'nomenclatureDirectories', request))
		.route('POST', '/pub/v1/nomenclature/directory', (request, _params, p) => {
			const body = request.body as Record<string, unknown> | undefined;
			if (!body || typeof body.name !== 'string' || body.name === '') return fail(400, 'name: required');
			const item = { ...body, __id: newId() };
			p.collection('nomenclatureDirectories').set(item.__id, item);
			return ok({ item });
		})
		.route('PUT', '/pub/v1/nomenclature/directory/:id', (request, { id }, p) => {
			const directories = p.collection('nomenclatureDirectories');
			const existing = directories.get(id);
			if (!existing) return fail(404, `directory ${id} not found`);
			const item = { ...existing, ...(request.body as object), __id: id };
			directories.set(id, item);
			return ok({ item });
		});
}
