import { getItem } from '../../../shared/appItems';
import { appItems } from './area';

export const { description, execute } = getItem(appItems, 'POST');
