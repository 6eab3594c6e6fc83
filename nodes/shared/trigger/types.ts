import type { IDataObject, INodePropertyOptions, IPollFunctions } from 'n8n-workflow';

/** The list one event polls and how it reads it: what `watch` returns. */
export interface EventList {
	path: string;
	/** The timestamp of the event: what the mark, the window and the remembered keys use. */
	field: '__createdAt' | '__updatedAt';
	/**
	 * The timestamp the list is sorted and filtered by: the event's own, except for process
	 * instances, whose lists ignore a `__createdAt` filter but apply `__updatedAt` (never older than
	 * the creation, so the range still holds every instance created since).
	 */
	rangeField: '__createdAt' | '__updatedAt';
	/** List body without filter, sort, range and paging. */
	body: IDataObject;
}

/** One event of a trigger: its entry in the Event list (the panel shows its `action`) and its list. */
export interface TriggerEventDefinition {
	option: INodePropertyOptions & { action: string };
	/** Reads and validates the event's own parameters; nothing is requested here. */
	watch(ctx: IPollFunctions): EventList;
}
