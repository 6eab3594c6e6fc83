import { updateItem } from '../../../shared/items/appItems';
import { contractItems } from './area';

export const { description, execute, orderKey } = updateItem(contractItems);
