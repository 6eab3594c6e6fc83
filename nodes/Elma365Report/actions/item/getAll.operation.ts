import { listItems } from '../../../shared/appItems';
import { reportItems } from './area';

// Reports document no active/status filters; anything else goes through Additional Body (JSON).
export const { description, execute } = listItems(reportItems, { fields: true, eql: true });
