import { marketingList } from '../listForm';

export const { description, execute } = marketingList({
	resource: 'segment',
	operation: 'getAll',
	path: () => '/marketing/segment',
});
