import { createItem } from '../../../shared/appItems';
import { appItems } from './area';

export const { description, execute } = createItem(appItems);
