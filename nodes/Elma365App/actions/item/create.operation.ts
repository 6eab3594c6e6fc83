import { appItems } from './itemKind';
import { createInOneRequest } from './createInOneRequest';

export const { description, executeAll } = createInOneRequest(appItems);
