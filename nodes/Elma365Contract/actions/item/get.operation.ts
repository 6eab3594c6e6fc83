import { getItem } from '../../../shared/appItems';
import { contractItems } from './area';

export const { description, execute } = getItem(contractItems, 'GET');
