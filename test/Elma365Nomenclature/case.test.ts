import { newId } from '../harness/index.ts';
import { jsonOf, pairingOf, usePlatform } from '../harness/setup';

const t = usePlatform();
let directoryId: string;
let caseId: string;

beforeEach(() => {
	directoryId = newId();
	caseId = newId();
	t.platform.collection('nomenclatureDirectories').set(directoryId, { __id: directoryId, name: 'Contracts' });
	t.platform.collection('nomenclatureCases').set(caseId, { __id: caseId, directoryId, docflow: 'input', name: 'Old' });
});

const locator = (value: string, mode = 'id') => ({ __rl: true, mode, value });

describe('case update', () => {
	test('sends every field of the form, nested as the spec names them', async () => {
		const serial = newId();
		const { items, error } = await t.run({
			nodeType: 'elma365Nomenclature',
			parameters: {
				resource: 'case',
				operation: 'update',
				caseId: locator(caseId),
				directoryId: locator(directoryId, 'list'),
				docflow: 'output',
				name: 'Outgoing letters',
				registrationSettings: {
					editAfterRegistration: true,
					minLength: 5,
					reserveEnabled: false,
					resetInPeriod: true,
					resetSettings: { nextResetAt: '2027-01-01T00:00:00', resetPeriod: 'week', resetPeriodCount: 3 },
					template: 'OUT-{$__index}',
					templateEnabled: true,
					through: true,
					throughSerialId: serial,
				},
			},
			timezone: 'Europe/Moscow',
		});
		expect(error).toBeUndefined();
		const expectedBody = {
			directoryId,
			docflow: 'output',
			name: 'Outgoing letters',
			registrationSettings: {
				editAfterRegistration: true,
				reserveEnabled: false,
				resetInPeriod: true,
				templateEnabled: true,
				through: true,
				minLength: 5,
				template: 'OUT-{$__index}',
				throughSerialId: serial,
				resetSettings: { nextResetAt: '2026-12-31T21:00:00.000Z', resetPeriod: 'week', resetPeriodCount: 3 },
			},
		};
		expect(t.platform.requests).toHaveLength(1);
		const [request] = t.platform.requests;
		expect(request.method).toBe('PUT');
		expect(request.path).toBe(`/pub/v1/nomenclature/${caseId}`);
		expect(request.query).toEqual({});
		expect(request.headers.authorization).toBe(`Bearer ${t.platform.apiKey}`);
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual(expectedBody);
		expect(jsonOf(items)).toEqual([{ ...expectedBody, __id: caseId }]);
		expect(pairingOf(items)).toEqual([{ item: 0 }]);
	});
});
