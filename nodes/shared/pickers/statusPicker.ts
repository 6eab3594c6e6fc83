import type { INodeProperties } from 'n8n-workflow';

/** The status of the chosen application's status settings, picked from a list (`getStatuses`). */
export const statusPicker: INodeProperties = {
	displayName: 'Status Name or ID',
	name: 'statusCode',
	type: 'options',
	required: true,
	default: '',
	// `.value`: the editor compares what a dropdown depends on as text, and a picker's value is an object.
	typeOptions: {
		loadOptionsMethod: 'getStatuses',
		loadOptionsDependsOn: ['namespace.value', 'application.value'],
	},
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	builderHint: {
		propertyHint:
			'The status code of the chosen application, such as new or done; ELMA365 App > Application > Get Status lists the codes of an application.',
	},
};
