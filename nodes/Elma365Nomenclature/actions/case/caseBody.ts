import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { readUuidLocator } from '../../../shared/pickers/locators';
import {
	parameterField,
	requireBoolean,
	requireDateTime,
	requireInteger,
	requireOneOf,
	requireText,
	requireUuid,
} from '../../../shared/validation';
import { currentValue } from '../keepCurrent';
import { KEEP_DOCFLOW } from './caseFields.description';

/** The document flows a case can have. */
const DOCFLOWS = ['input', 'output', 'internal'] as const;

/** The units of a periodic numbering reset. */
const RESET_PERIODS = ['year', 'month', 'week', 'day'] as const;

/** `resetSettings` of the registration settings: only the settings the user added. */
function buildResetSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: IDataObject,
): IDataObject {
	const reset: IDataObject = {};
	if ('nextResetAt' in input) {
		reset.nextResetAt = requireDateTime(ctx, itemIndex, 'Next Reset At', input.nextResetAt);
	}
	if ('resetPeriod' in input) {
		reset.resetPeriod = requireOneOf(
			ctx,
			itemIndex,
			'Reset Period',
			input.resetPeriod,
			RESET_PERIODS,
		);
	}
	if ('resetPeriodCount' in input) {
		reset.resetPeriodCount = requireInteger(
			ctx,
			itemIndex,
			'Reset Period Count',
			input.resetPeriodCount,
		);
	}
	return reset;
}

/** The on/off registration settings and their labels. */
const BOOLEAN_SETTINGS: Array<[string, string]> = [
	['editAfterRegistration', 'Edit After Registration'],
	['reserveEnabled', 'Reserve Numbers'],
	['resetInPeriod', 'Periodic Reset'],
	['templateEnabled', 'Automatic Numbering'],
	['through', 'Continuous Numbering'],
];

/** `registrationSettings`: only the settings the user added, validated. */
function buildRegistrationSettings(
	ctx: IExecuteFunctions,
	itemIndex: number,
	input: IDataObject,
): IDataObject {
	const settings: IDataObject = {};
	for (const [key, label] of BOOLEAN_SETTINGS) {
		if (key in input) settings[key] = requireBoolean(ctx, itemIndex, label, input[key]);
	}
	if ('minLength' in input) {
		settings.minLength = requireInteger(ctx, itemIndex, 'Minimum Number Length', input.minLength, {
			min: 0,
		});
	}
	if ('template' in input)
		settings.template = requireText(ctx, itemIndex, 'Number Template', input.template);
	if ('throughSerialId' in input) {
		settings.throughSerialId = requireUuid(
			ctx,
			itemIndex,
			'Continuous Numbering ID',
			input.throughSerialId,
		);
	}
	if ('resetSettings' in input) {
		const reset = buildResetSettings(ctx, itemIndex, (input.resetSettings ?? {}) as IDataObject);
		if (Object.keys(reset).length > 0) settings.resetSettings = reset;
	}
	return settings;
}

/** What Update changes, validated before any request: only the fields the user set. */
export function readCaseChanges(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const changes: IDataObject = {};
	const directory = ctx.getNodeParameter('directoryId', itemIndex, '', { extractValue: true });
	if (String(directory ?? '').trim() !== '')
		changes.directoryId = readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory');
	const docflow = ctx.getNodeParameter('docflow', itemIndex, KEEP_DOCFLOW);
	if (docflow !== KEEP_DOCFLOW)
		changes.docflow = requireOneOf(ctx, itemIndex, 'Document Flow', docflow, DOCFLOWS);
	const name = ctx.getNodeParameter('name', itemIndex, '') as string;
	if (name !== '') changes.name = requireText(ctx, itemIndex, 'Name', name);
	const settings = buildRegistrationSettings(
		ctx,
		itemIndex,
		ctx.getNodeParameter('registrationSettings', itemIndex, {}) as IDataObject,
	);
	if (Object.keys(settings).length > 0) changes.registrationSettings = settings;
	return changes;
}

/** Whether the changes leave Directory, Document Flow or Name to the case's current value. */
export function lacksRequiredField(changes: IDataObject): boolean {
	return !('directoryId' in changes && 'docflow' in changes && 'name' in changes);
}

/** The fields a case body always carries (PUT replaces the whole case). */
const REQUIRED: Array<[key: string, label: string]> = [
	['directoryId', 'Directory'],
	['docflow', 'Document Flow'],
	['name', 'Name'],
];

/**
 * The case body of Update: the changes, Directory, Document Flow and Name left empty taken
 * from the case's current values, and only the registration settings the user added (each is
 * optional in the update body).
 */
export function withCurrentFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	changes: IDataObject,
	current: IDataObject,
): IDataObject {
	const body: IDataObject = {};
	for (const [key, label] of REQUIRED)
		body[key] =
			key in changes ? changes[key] : currentValue(ctx, itemIndex, current, key, label, 'case');
	if (changes.registrationSettings) body.registrationSettings = changes.registrationSettings;
	return body;
}

/** The case body as the vendor's create page names it, with only the settings the user added. */
export function buildCaseBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		directoryId: readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory'),
		docflow: requireOneOf(
			ctx,
			itemIndex,
			'Document Flow',
			ctx.getNodeParameter('docflow', itemIndex),
			DOCFLOWS,
		),
		name: requireText(
			ctx,
			itemIndex,
			parameterField('name', 'Name'),
			ctx.getNodeParameter('name', itemIndex),
		),
	};
	const settings = buildRegistrationSettings(
		ctx,
		itemIndex,
		ctx.getNodeParameter('registrationSettings', itemIndex, {}) as IDataObject,
	);
	if (Object.keys(settings).length > 0) body.registrationSettings = settings;
	return body;
}
