import { createItem } from '../../../shared/items/appItems';
import { contractItems } from './area';

export const { description, execute } = createItem(contractItems);
