import { getProcessContextFields } from '../../shared/methods/processContextFields';
import {
	searchInstanceTemplates,
	searchProcessTemplates,
} from '../../shared/methods/processTemplateSearch';
import { searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The namespace and process template pickers of Start and of Get Many instances. */
export const listSearch = { searchNamespaces, searchProcessTemplates, searchInstanceTemplates };

/** Start maps the process context from the template's scheme. */
export const resourceMapping = { getProcessContextFields };
