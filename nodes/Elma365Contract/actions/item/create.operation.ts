import { createItem } from '../../../shared/appItems';
import { contractItems } from './area';

export const { description, execute } = createItem(contractItems);
