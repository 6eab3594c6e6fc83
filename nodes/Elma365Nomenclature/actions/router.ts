import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { route } from '../../shared/execution/router';
import * as nomenclatureCase from './case';
import * as directory from './directory';
import * as document from './document';

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	return await route.call(this, {
		case: nomenclatureCase.operations,
		directory: directory.operations,
		document: document.operations,
	});
}
