import { updateItem } from '../../../shared/items/appItems';
import { appItems } from './area';
import { BATCH_CREATE_VERSION } from '../../versions';

// The version that sends items in one request on create also updates 10 items at a time by default.
export const { description, execute, defaultConcurrency, orderKey } = updateItem(
	appItems,
	BATCH_CREATE_VERSION,
);
