import { listItems } from '../../../shared/appItems';
import { contractItems } from './area';

export const { description, execute } = listItems(contractItems);
