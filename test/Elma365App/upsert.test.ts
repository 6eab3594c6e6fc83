import { upsertSuite } from './upsertSuite';

describe('application item Create or Update', () => {
	upsertSuite({
		nodeType: 'elma365App',
		typeVersion: 1.5,
		prefix: 'app',
		noun: 'application item',
	});
});
