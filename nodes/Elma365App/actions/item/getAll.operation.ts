import { listItems } from '../../../shared/appItems';
import { appItems } from './area';

export const { description, execute } = listItems(appItems);
