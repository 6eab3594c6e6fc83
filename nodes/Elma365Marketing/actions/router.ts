import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import { MARKETING_HINTS } from './statusHints';
import * as segment from './segment';
import * as subscriber from './subscriber';

const operations = { segment: segment.operations, subscriber: subscriber.operations };

/** Every marketing operation explains the statuses particular to marketing (412: no CRM licence). */
export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, operations, MARKETING_HINTS);
}
