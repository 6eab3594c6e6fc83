import { upsertSuite } from './upsertSuite';

describe('application item Create or Update', () => {
	upsertSuite({
		nodeType: 'elma365App',
		prefix: 'app',
		noun: 'application item',
	});
});
