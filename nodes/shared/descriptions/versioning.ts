import type { DisplayCondition, INode, INodeProperties } from 'n8n-workflow';

/** Shows `properties` from `version` on. */
export function sinceVersion(version: number, properties: INodeProperties[]): INodeProperties[] {
	return inVersions(properties, { _cnd: { gte: version } });
}

/** Shows `properties` only before `version`: how workflows saved with older versions keep them. */
export function beforeVersion(version: number, properties: INodeProperties[]): INodeProperties[] {
	return inVersions(properties, { _cnd: { lt: version } });
}

/** Shows `properties` in `version` alone (neither before it nor in the versions after it). */
export function onlyInVersion(version: number, properties: INodeProperties[]): INodeProperties[] {
	return inVersions(properties, { _cnd: { eq: version } });
}

/**
 * `properties` shown only in the node versions `condition` selects: n8n's `@version` display condition
 * (docs.n8n.io/integrations/creating-nodes/build/reference/node-versioning/). The versions come from
 * the node's `versions.ts`; shared code receives them as arguments.
 */
function inVersions(properties: INodeProperties[], condition: DisplayCondition): INodeProperties[] {
	return properties.map((property) => {
		const show = { ...(property.displayOptions?.show ?? {}), '@version': [condition] };
		return { ...property, displayOptions: { ...property.displayOptions, show } };
	});
}

/** Whether the running node is `version` or newer: the runtime side of `sinceVersion`. */
export function isVersionAtLeast(ctx: { getNode(): INode }, version: number): boolean {
	return ctx.getNode().typeVersion >= version;
}
