import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { createConcurrencyOption } from '../../../shared/descriptions/createConcurrency';
import { requestOperation } from '../../../shared/execution/operations';
import { apiPath } from '../../../shared/transport';
import { pathParamProperties, readPathParam } from '../pathParams';
import { buildCreateBody } from './groupBody';
import { createFields } from './groupFields.description';

export const entry = { operation: 'create', name: 'Create', action: 'Create a group' };

export const description: INodeProperties[] = showFor('group', 'create', [
	...pathParamProperties('namespace'),
	...createFields,
	createConcurrencyOption,
]);

export const { execute } = requestOperation({
	method: 'POST',
	path: (ctx, itemIndex) =>
		apiPath`/scheme/namespaces/${readPathParam(ctx, itemIndex, 'namespace')}/groups`,
	body: buildCreateBody,
});
