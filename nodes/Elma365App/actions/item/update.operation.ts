import { updateItem } from '../../../shared/appItems';
import { appItems } from './area';

export const { description, execute } = updateItem(appItems);
