import { marketingList } from '../listForm';

export const { description, execute } = marketingList({
	resource: 'subscriber',
	operation: 'getAll',
	path: () => '/marketing/subscriber',
});
