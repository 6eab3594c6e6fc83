import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import type { Operation } from '../../shared/execution/router';
import { route } from '../../shared/execution/router';
import { withStatusHints } from '../../shared/execution/statusHints';
import { MARKETING_HINTS } from './statusHints';
import * as segment from './segment';
import * as subscriber from './subscriber';

/** Every marketing operation explains the statuses particular to marketing (412: no CRM licence). */
function withMarketingHints(operations: Record<string, Operation>): Record<string, Operation> {
	return Object.fromEntries(
		Object.entries(operations).map(([name, operation]) => [
			name,
			withStatusHints(operation, MARKETING_HINTS),
		]),
	);
}

const operations = {
	segment: withMarketingHints(segment.operations),
	subscriber: withMarketingHints(subscriber.operations),
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, operations);
}
