import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { concurrencyOption, requestOperation } from '../../../shared/execution/operations';
import { taskField } from './taskField.description';
import { readTaskPath } from './taskRequests';

export const description: INodeProperties[] = showFor('task', 'get', [
	taskField('to read'),
	concurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) => readTaskPath(ctx, itemIndex, '/get'),
	// A read, although sent as POST (as the platform's other `/get` endpoints): safe to repeat.
	idempotent: true,
});
