import { listItems } from '../../../shared/items/appItems';
import { appItems } from './area';

export const { description, execute } = listItems(appItems);
