import type { INodeProperties, ResourceMapperTypeOptionsBase } from 'n8n-workflow';
import { fieldMapper } from '../../../shared/fields/valuesInput';

const mapper = fieldMapper({ what: 'process context', mode: 'map' });
const { resourceMapper } = mapper.typeOptions as { resourceMapper: ResourceMapperTypeOptionsBase };

/**
 * The context fields of the template chosen in Section (`namespace`) and Process Template
 * (`processCode`), read from its scheme (Start and Update Context). Mode `map`: the scheme's
 * `required` is not reliable for process context, and a value may as well come from the pairs or
 * the JSON, so the editor must not demand the mapped ones.
 */
export const contextMapper: INodeProperties = {
	...mapper,
	description:
		"Context fields of the process, read from the process template's scheme, each with its type",
	typeOptions: {
		...mapper.typeOptions,
		loadOptionsDependsOn: ['namespace.value', 'processCode.value'],
		resourceMapper: {
			...resourceMapper,
			resourceMapperMethod: 'getProcessContextFields',
		},
	},
};
