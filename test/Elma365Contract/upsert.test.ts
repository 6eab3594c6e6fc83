import { upsertSuite } from '../Elma365App/upsertSuite';

describe('contract item Create or Update', () => {
	upsertSuite({
		nodeType: 'elma365Contract',
		prefix: 'contracts',
		noun: 'contract item',
	});
});
