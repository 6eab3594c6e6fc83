import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as channel from './channel';
import * as comment from './comment';
import * as message from './message';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, {
		channel: channel.operations,
		message: message.operations,
		comment: comment.operations,
	});
}
