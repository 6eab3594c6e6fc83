import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { testCredential } from '../transport';

/**
 * The credential's Test button. n8n runs it through the `methods.credentialTest` of a node that
 * names it in `testedBy` (every node does, so any of them can test the credential); a declarative
 * `test` on the credential would only let n8n's own words through for a network failure.
 */
export const credentialTest = {
	async elma365ApiTest(
		this: ICredentialTestFunctions,
		credential: ICredentialsDecrypted,
	): Promise<INodeCredentialTestResult> {
		return await testCredential(this, credential.data ?? {});
	},
};
