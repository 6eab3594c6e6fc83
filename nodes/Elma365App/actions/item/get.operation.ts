import { getItem } from '../../../shared/items/appItems';
import { appItems } from './area';

export const { description, execute } = getItem(appItems, 'POST');
