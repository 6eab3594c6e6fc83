import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as item from './item';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, { item: item.operations });
}
