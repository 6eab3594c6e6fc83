import type { IAuthenticateGeneric, Icon, ICredentialType, INodeProperties } from 'n8n-workflow';

// The Test button is run by the nodes (testedBy 'elma365ApiTest', nodes/shared/methods/credentialTest.ts):
// a declarative `test` here would win over it, and n8n would show raw codes (ECONNREFUSED,
// ERR_INVALID_URL) for the failures it cannot match with a rule.
export class Elma365Api implements ICredentialType {
	name = 'elma365Api';

	displayName = 'ELMA365 API';

	icon: Icon = {
		light: 'file:../icons/elma365.svg',
		dark: 'file:../icons/elma365.dark.svg',
	};

	documentationUrl =
		'https://github.com/elma365-n8n/n8n-nodes-elma365/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://mycompany.elma365.ru',
			description:
				'Address of your company on the platform (cloud, BRIX365 or on-premises). A trailing slash or /pub/v1 is accepted.',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"Token created by an administrator under Administration > API tokens. Requests run with that user's permissions.",
		},
		{
			displayName: 'Connector Subscribe Key',
			name: 'subscribeSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				"Only for the ELMA365 Event Trigger: the key the company's administrator set in the n8n connector module's settings (subscribe_key). Leave empty in a credential that does not subscribe: whoever can use a credential that holds it can subscribe to the company's events.",
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description:
				"Whether to connect even when the server's certificate cannot be verified (an on-premises server with a self-signed or internal certificate). Anyone between n8n and the server could then read the API key.",
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			headers: {
				Authorization: '=Bearer {{$credentials.apiKey}}',
			},
		},
	};
}
