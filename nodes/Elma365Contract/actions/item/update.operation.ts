import { updateItem } from '../../../shared/appItems';
import { contractItems } from './area';

export const { description, execute, orderKey } = updateItem(contractItems);
