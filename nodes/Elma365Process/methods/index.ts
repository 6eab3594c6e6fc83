import { getProcessContextFields } from '../../shared/methods/processContextFields';
import {
	searchInstanceTemplates,
	searchProcessTemplates,
	searchTemplateCodeInstances,
	searchTemplateInstances,
} from '../../shared/methods/processTemplateSearch';
import { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The section, application and process template pickers of Start and of Get Many instances, and the instance pickers. */
export const listSearch = {
	searchNamespaces,
	searchApplications,
	searchProcessTemplates,
	searchInstanceTemplates,
	searchTemplateInstances,
	searchTemplateCodeInstances,
};

/** Start maps the process context from the template's scheme. */
export const resourceMapping = { getProcessContextFields };
