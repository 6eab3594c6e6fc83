import { appItems } from './area';
import { createInOneRequest } from './createInOneRequest';

export const { description, executeAll } = createInOneRequest(appItems);
