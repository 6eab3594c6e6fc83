import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	INodeProperties,
} from 'n8n-workflow';

// The base URL is typed once and may end in "/", "/pub/v1" or "/pub/v1/": every consumer strips
// those, so the credential test below does the same in its expression.
const API_ROOT = '={{$credentials.baseUrl.trim().replace(/\\/+$/, "").replace(/\\/pub\\/v1$/, "")}}/pub/v1';

export class Elma365Api implements ICredentialType {
	name = 'elma365Api';

	displayName = 'ELMA365 API';

	icon: Icon = {
		light: 'file:../icons/elma365.svg',
		dark: 'file:../icons/elma365.dark.svg',
	};

	documentationUrl = 'https://github.com/elma365-n8n/n8n-nodes-elma365#credentials';

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
				'Token created by an administrator under Administration > API tokens. Requests run with that user\'s permissions.',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description:
				'Whether to connect even when the server\'s certificate cannot be verified (an on-premises server with a self-signed or internal certificate). Anyone between n8n and the server could then read the API key.',
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

	// n8n checks responseCode rules when the test request fails and responseSuccessBody rules when it
	// succeeds; the declared type only admits one kind per list, so the mixed list is cast.
	test: ICredentialTestRequest = {
		request: {
			baseURL: API_ROOT,
			url: '/scheme/namespaces',
			method: 'GET',
			skipSslCertificateValidation: '={{$credentials.ignoreSslIssues === true}}',
			// n8n's helper would follow a redirect to any origin with the key; a redirect fails the test instead.
			disableFollowRedirect: true,
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The platform refused the API key (HTTP 403): check the key and that its user is active',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message: 'No ELMA365 API at this address (HTTP 404): check the base URL',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message: 'The platform answered with "success: false": the API key is not accepted here',
				},
			},
		] as unknown as ICredentialTestRequest['rules'],
	};
}
