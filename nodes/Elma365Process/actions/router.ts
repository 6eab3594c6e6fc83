import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as instance from './instance';
import * as processTemplate from './process';
import * as restorePoint from './restorePoint';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, {
		process: processTemplate.operations,
		instance: instance.operations,
		restorePoint: restorePoint.operations,
	});
}
