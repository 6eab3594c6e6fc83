import { searchGroupPositions, searchGroups } from '../../shared/methods/groupSearch';
import { searchModules, searchSolutions } from '../../shared/methods/moduleSearch';
import { searchDocumentTemplates, searchPages } from '../../shared/methods/pageSearch';
import { searchProcessTemplates } from '../../shared/methods/processTemplateSearch';
import {
	searchContracts,
	searchReports,
	searchWidgets,
} from '../../shared/methods/schemeEntitySearch';
import { searchApplications, searchNamespaces } from '../../shared/methods/sectionSearch';
import { searchUsers } from '../../shared/methods/userSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The pickers of the path values (actions/pathParams.ts) and of the members of a group. */
export const listSearch = {
	searchNamespaces,
	searchApplications,
	searchGroups,
	searchGroupPositions,
	searchProcessTemplates,
	searchModules,
	searchSolutions,
	searchPages,
	searchDocumentTemplates,
	searchUsers,
	searchContracts,
	searchReports,
	searchWidgets,
};
