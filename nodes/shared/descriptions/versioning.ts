import type { INode, INodeProperties } from 'n8n-workflow';

// Transitional: every node is version 1 with the behaviour of its newest pre-release version.
// These keep their call sites compiling while the gates are removed; this file then goes.

/** The newest behaviour: `properties` shown. */
export function sinceVersion(_version: number, properties: INodeProperties[]): INodeProperties[] {
	return properties;
}

/** An older version's form: gone. */
export function beforeVersion(_version: number, _properties: INodeProperties[]): INodeProperties[] {
	return [];
}

/** A middle version's form: gone. */
export function onlyInVersion(_version: number, _properties: INodeProperties[]): INodeProperties[] {
	return [];
}

/** Always the newest behaviour. */
export function isVersionAtLeast(_ctx: { getNode(): INode }, _version: number): boolean {
	return true;
}
