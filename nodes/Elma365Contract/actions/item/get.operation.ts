import { getItem } from '../../../shared/items/appItems';
import { contractItems } from './area';

export const { description, execute } = getItem(contractItems, 'GET');
