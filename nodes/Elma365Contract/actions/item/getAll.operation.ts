import { listItems } from '../../../shared/items/appItems';
import { contractItems } from './area';

// The contract list body has no fields or statuses (api.elma365.com/en/public-api/reference/contracts/contractslist).
export const { description, execute } = listItems(contractItems, undefined, [
	'fields',
	'statusCodes',
	'statusGroupId',
]);
