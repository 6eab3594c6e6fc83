/**
 * A Scheme operation that is one request by path without a body (the reads and lists of
 * api.elma365.com/en/public-api/reference/scheme, and Delete of a group). `{name}` in a path is a
 * value of pathParams.ts, encoded as one path segment.
 */
export interface SchemeRow {
	resource: string;
	operation: string;
	/** Shown in the operation selector. */
	name: string;
	/** What the operation does, e.g. "Get a group". */
	action: string;
	method: 'GET' | 'DELETE';
	path: string;
	/** A list: one output item per scheme, Return All / Limit, Return Raw Response. */
	list?: boolean;
	/**
	 * The answer is an application scheme (`fields`) or a process template scheme (its context
	 * fields): Options > Add Value Shapes adds to each field the value to send for it (valueShapes.ts).
	 */
	valueShapes?: 'application' | 'processTemplate';
}

/**
 * Every such operation, one row each: tableOperations.ts turns the rows into the parameters, the
 * operation selector entries and the requests, so a new read is one more row.
 */
export const SCHEME_ROWS: SchemeRow[] = [
	{
		resource: 'group',
		operation: 'get',
		name: 'Get',
		action: 'Get a group',
		method: 'GET',
		path: '/scheme/groups/{groupId}',
	},
	{
		resource: 'group',
		operation: 'delete',
		name: 'Delete',
		action: 'Delete a group',
		method: 'DELETE',
		path: '/scheme/groups/{groupId}',
	},
	{
		resource: 'group',
		operation: 'getParentGroups',
		name: 'Get Parent Groups',
		action: 'Get groups that contain a group',
		method: 'GET',
		path: '/scheme/groups/{groupId}/parent-groups',
		list: true,
	},
	{
		resource: 'group',
		operation: 'getPositions',
		name: 'Get Positions',
		action: 'Get positions of a group',
		method: 'GET',
		path: '/scheme/groups/{groupId}/positions',
		list: true,
	},
	{
		resource: 'group',
		operation: 'getSubGroups',
		name: 'Get Sub-Groups',
		action: 'Get sub-groups of a group',
		method: 'GET',
		path: '/scheme/groups/{groupId}/sub-groups',
		list: true,
	},
	{
		resource: 'group',
		operation: 'getUsers',
		name: 'Get Users',
		action: 'Get users of a group',
		method: 'GET',
		path: '/scheme/groups/{groupId}/users',
		list: true,
	},
	{
		resource: 'group',
		operation: 'getAllInNamespace',
		name: 'Get Many in Section',
		action: 'Get many groups of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/groups',
		list: true,
	},
	{
		resource: 'group',
		operation: 'getAllInApplication',
		name: 'Get Many in Application',
		action: 'Get many groups and roles of an application',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps/{application}/groups',
		list: true,
	},

	{
		resource: 'namespace',
		operation: 'get',
		name: 'Get',
		action: 'Get a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}',
	},
	{
		resource: 'namespace',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many sections',
		method: 'GET',
		path: '/scheme/namespaces',
		list: true,
	},
	{
		resource: 'namespace',
		operation: 'getExportability',
		name: 'Get Exportability',
		action: 'Get whether a section can be exported',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/exportable',
	},

	{
		resource: 'application',
		operation: 'get',
		name: 'Get',
		action: 'Get an application',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps/{application}',
		valueShapes: 'application',
	},
	{
		resource: 'application',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many applications of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps',
		list: true,
		valueShapes: 'application',
	},
	{
		resource: 'application',
		operation: 'getExportability',
		name: 'Get Exportability',
		action: 'Get whether an application can be exported',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps/{application}/exportable',
	},

	{
		resource: 'module',
		operation: 'get',
		name: 'Get',
		action: 'Get a module',
		method: 'GET',
		path: '/scheme/modules/{moduleId}',
	},
	{
		resource: 'module',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many modules',
		method: 'GET',
		path: '/scheme/modules',
		list: true,
	},
	{
		resource: 'module',
		operation: 'getExportability',
		name: 'Get Exportability',
		action: 'Get whether a module can be exported',
		method: 'GET',
		path: '/scheme/modules/{moduleId}/exportable',
	},

	{
		resource: 'solution',
		operation: 'get',
		name: 'Get',
		action: 'Get a solution',
		method: 'GET',
		path: '/scheme/solutions/{solutionCode}',
	},
	{
		resource: 'solution',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many solutions',
		method: 'GET',
		path: '/scheme/solutions',
		list: true,
	},
	{
		resource: 'solution',
		operation: 'getExportability',
		name: 'Get Exportability',
		action: 'Get whether a solution can be exported',
		method: 'GET',
		path: '/scheme/solutions/{solutionCode}/exportable',
	},

	{
		resource: 'page',
		operation: 'get',
		name: 'Get',
		action: 'Get a page',
		method: 'GET',
		path: '/scheme/pages/{pageId}',
	},
	{
		resource: 'page',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many pages of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/pages',
		list: true,
	},

	{
		resource: 'documentTemplate',
		operation: 'get',
		name: 'Get',
		action: 'Get a document template',
		method: 'GET',
		path: '/scheme/doctemplates/{templateId}',
	},
	{
		resource: 'documentTemplate',
		operation: 'getAllInNamespace',
		name: 'Get Many in Section',
		action: 'Get many document templates of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/doctemplates',
		list: true,
	},
	{
		resource: 'documentTemplate',
		operation: 'getAllInApplication',
		name: 'Get Many in Application',
		action: 'Get many document templates of an application',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps/{application}/doctemplates',
		list: true,
	},

	{
		resource: 'processTemplate',
		operation: 'get',
		name: 'Get',
		action: 'Get a process template',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/processes/{processCode}',
		valueShapes: 'processTemplate',
	},
	{
		resource: 'processTemplate',
		operation: 'getAllInNamespace',
		name: 'Get Many in Section',
		action: 'Get many process templates of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/processes',
		list: true,
		valueShapes: 'processTemplate',
	},
	{
		resource: 'processTemplate',
		operation: 'getAllInApplication',
		name: 'Get Many in Application',
		action: 'Get many process templates of an application',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/apps/{application}/processes',
		list: true,
		valueShapes: 'processTemplate',
	},
	// The vendor's list names the next reads (processFormList, contractEntityList, reportEntityList,
	// widgetEntityList); no reference page of them was found, so their lists are paged as the
	// other scheme lists are.
	{
		resource: 'processTemplate',
		operation: 'getForms',
		name: 'Get Forms',
		action: 'Get the forms of a process template',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/processes/{processCode}/forms',
		list: true,
	},

	{
		resource: 'contract',
		operation: 'get',
		name: 'Get',
		action: 'Get a contract application scheme',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/contracts/{contractCode}',
	},
	{
		resource: 'contract',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many contract application schemes of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/contracts',
		list: true,
	},

	{
		resource: 'report',
		operation: 'get',
		name: 'Get',
		action: 'Get a report scheme',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/reports/{reportCode}',
	},
	{
		resource: 'report',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many report schemes of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/reports',
		list: true,
	},

	{
		resource: 'widget',
		operation: 'get',
		name: 'Get',
		action: 'Get a widget scheme',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/widgets/{widgetCode}',
	},
	{
		resource: 'widget',
		operation: 'getAll',
		name: 'Get Many',
		action: 'Get many widget schemes of a section',
		method: 'GET',
		path: '/scheme/namespaces/{namespace}/widgets',
		list: true,
	},
];
