import {
	getProcessContextFields,
	searchInstanceTemplates,
} from '../../shared/methods/processSearch';
import { searchNamespaces, searchProcessTemplates } from '../../shared/methods/schemeSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The namespace and process template pickers of Start and of Get Many instances. */
export const listSearch = { searchNamespaces, searchProcessTemplates, searchInstanceTemplates };

/** Start maps the process context from the template's scheme. */
export const resourceMapping = { getProcessContextFields };
