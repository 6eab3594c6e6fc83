import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { readUuidLocator, uuidLocator } from '../../../shared/descriptions/locators';
import {
	beforeVersion,
	isVersionAtLeast,
	onlyInVersion,
	sinceVersion,
} from '../../../shared/descriptions/versioning';
import {
	ADAPTIVE_VERSION,
	KEEP_CURRENT_VERSION,
	ONE_REQUEST_UPDATE_VERSION,
	PARALLEL_UPDATES_VERSION,
} from '../../versions';
import {
	concurrencyByVersion,
	concurrencyOption,
	requestOperation,
} from '../../../shared/execution/operations';
import type { OperationResult } from '../../../shared/execution/router';
import { apiPath, apiRequest, unwrapItem } from '../../../shared/transport';
import { findListed, keepsCurrentValues } from '../keepCurrent';
import {
	buildCaseBody,
	lacksRequiredField,
	needsCurrentCase,
	readCaseChanges,
	withCurrentCase,
	withCurrentFields,
} from './caseBody';
import { currentCase, rememberWritten } from './currentCases';
import {
	caseFields,
	caseUpdateFields,
	mergedSettingsField,
	sentSettingsField,
} from './caseFields.description';
import type { CongestionWindow } from '../../../shared/execution/congestion';

const concurrency = concurrencyByVersion(concurrencyOption, {
	parallel: PARALLEL_UPDATES_VERSION,
	adaptive: ADAPTIVE_VERSION,
});

export const description: INodeProperties[] = showFor('case', 'update', [
	uuidLocator({
		displayName: 'Case',
		name: 'caseId',
		searchListMethod: 'searchCases',
		description: 'The case (registration file) to update',
	}),
	...beforeVersion(KEEP_CURRENT_VERSION, caseFields),
	...sinceVersion(KEEP_CURRENT_VERSION, caseUpdateFields),
	...onlyInVersion(KEEP_CURRENT_VERSION, [mergedSettingsField]),
	...onlyInVersion(PARALLEL_UPDATES_VERSION, [mergedSettingsField]),
	...sinceVersion(ONE_REQUEST_UPDATE_VERSION, [sentSettingsField]),
	...concurrency.options,
]);

/** Options > Concurrency when the user has not set it: 1, then 10 from PARALLEL_UPDATES_VERSION, then the adaptive window's ceiling. */
export const defaultConcurrency = concurrency.defaultConcurrency;

export function orderKey(ctx: IExecuteFunctions, itemIndex: number): string {
	return readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
}

/** Version 1: the form is the whole body (Document Flow defaults to Input). */
const replaceCase = requestOperation({
	method: 'PUT',
	path: (ctx, itemIndex) =>
		apiPath`/nomenclature/${readUuidLocator(ctx, itemIndex, 'caseId', 'Case')}`,
	body: buildCaseBody,
});

/** Versions 1.1 and 1.2: the fields left unset keep the case's current values, read from the case list first. */
async function changeCase(
	ctx: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<IDataObject> {
	const id = readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
	const changes = readCaseChanges(ctx, itemIndex);
	const current = needsCurrentCase(changes)
		? await findListed(ctx, itemIndex, { path: '/nomenclature', what: 'case', window }, id)
		: {};
	const body = withCurrentCase(ctx, itemIndex, changes, current);
	return unwrapItem(
		await apiRequest(ctx, {
			method: 'PUT',
			path: apiPath`/nomenclature/${id}`,
			body,
			itemIndex,
			window,
		}),
	);
}

/**
 * From version 1.3: one PUT with the fields the user set, as the update body of
 * api.elma365.com/en/public-api/reference/nomenclature/update allows (every registration setting is
 * optional). Only Directory, Document Flow or Name left empty are taken from the case list.
 */
async function putChanges(
	ctx: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<IDataObject> {
	const id = readUuidLocator(ctx, itemIndex, 'caseId', 'Case');
	const changes = readCaseChanges(ctx, itemIndex);
	const current = lacksRequiredField(changes) ? await currentCase(ctx, itemIndex, id, window) : {};
	const body = withCurrentFields(ctx, itemIndex, changes, current);
	const updated = unwrapItem(
		await apiRequest(ctx, {
			method: 'PUT',
			path: apiPath`/nomenclature/${id}`,
			body,
			itemIndex,
			window,
		}),
	);
	rememberWritten(ctx, id, body);
	return updated;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	window?: CongestionWindow,
): Promise<OperationResult> {
	if (!keepsCurrentValues(this)) return await replaceCase.execute.call(this, itemIndex, window);
	return isVersionAtLeast(this, ONE_REQUEST_UPDATE_VERSION)
		? await putChanges(this, itemIndex, window)
		: await changeCase(this, itemIndex, window);
}
