import type { INodeProperties, IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { uuidLocator, readUuidLocator } from '../../../shared/pickers/locators';
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

/** Number Template's default: the sequence number alone. */
const DEFAULT_NUMBER_TEMPLATE = '{$__index}';

/**
 * Every writable field of a nomenclature case, the same for create and update: the body of
 * api.elma365.com/en/public-api/reference/nomenclature/create.
 */
export const caseFields: INodeProperties[] = [
	uuidLocator({
		displayName: 'Directory',
		name: 'directoryId',
		searchListMethod: 'searchDirectories',
		description: 'Nomenclature directory the case belongs to',
	}),
	{
		displayName: 'Document Flow',
		name: 'docflow',
		type: 'options',
		required: true,
		default: 'input',
		options: [
			{ name: 'Input', value: 'input', description: 'Incoming documents' },
			{ name: 'Internal', value: 'internal', description: 'Internal documents' },
			{ name: 'Output', value: 'output', description: 'Outgoing documents' },
		],
		description: 'Document flow of the case',
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		required: true,
		default: '',
		description: 'Name of the case',
	},
	{
		displayName: 'Registration Settings',
		name: 'registrationSettings',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: 'Numbering settings of the case; only the settings added here are sent',
		options: [
			{
				displayName: 'Automatic Numbering',
				name: 'templateEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether numbers are assigned automatically from the number template',
			},
			{
				displayName: 'Continuous Numbering',
				name: 'through',
				type: 'boolean',
				default: false,
				description:
					'Whether the case uses continuous (cross-cutting) numbering shared with other cases',
			},
			{
				displayName: 'Continuous Numbering ID',
				name: 'throughSerialId',
				type: 'string',
				default: '',
				placeholder: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
				description:
					'UUID of the continuous numbering to use. The platform publishes no list of continuous numberings: take registrationSettings.throughSerialId of a case that already uses it (Case > Get Many).',
				builderHint: {
					propertyHint:
						'registrationSettings.throughSerialId of an existing case from ELMA365 Nomenclature > Case > Get Many; no operation lists continuous numberings',
				},
			},
			{
				displayName: 'Edit After Registration',
				name: 'editAfterRegistration',
				type: 'boolean',
				default: false,
				description: 'Whether the number may be edited after registration',
			},
			{
				displayName: 'Minimum Number Length',
				name: 'minLength',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				description: 'Shorter numbers get leading zeros',
			},
			{
				displayName: 'Number Template',
				name: 'template',
				type: 'string',
				default: DEFAULT_NUMBER_TEMPLATE,
				description: 'Template of the registration number; {$__index} is the sequence number',
			},
			{
				displayName: 'Periodic Reset',
				name: 'resetInPeriod',
				type: 'boolean',
				default: false,
				description: 'Whether numbering restarts periodically (see Reset Settings)',
			},
			{
				displayName: 'Reserve Numbers',
				name: 'reserveEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether numbers can be reserved',
			},
			{
				displayName: 'Reset Settings',
				name: 'resetSettings',
				type: 'collection',
				placeholder: 'Add Reset Setting',
				default: {},
				description: 'When numbering restarts',
				options: [
					{
						displayName: 'Next Reset At',
						name: 'nextResetAt',
						type: 'dateTime',
						default: '',
						description:
							'Date of the nearest numbering reset (read in the workflow time zone when it has none)',
					},
					{
						displayName: 'Reset Period',
						name: 'resetPeriod',
						type: 'options',
						default: 'year',
						options: [
							{ name: 'Day', value: 'day' },
							{ name: 'Month', value: 'month' },
							{ name: 'Week', value: 'week' },
							{ name: 'Year', value: 'year' },
						],
						description: 'Unit of the reset period',
					},
					{
						displayName: 'Reset Period Count',
						name: 'resetPeriodCount',
						type: 'number',
						typeOptions: { numberPrecision: 0 },
						default: 1,
						description:
							'Number of units in the reset period, e.g. 3 with unit Week for every 3 weeks',
					},
				],
			},
		],
	},
];

/** What the Directory picker of Update shows while it is empty: the case keeps its directory. */
export const KEEP_DIRECTORY = 'Keep Current Directory';

/** The Document Flow value of Update that leaves the case's document flow as it is. */
export const KEEP_DOCFLOW = 'keep';

const [directoryField, docflowField, nameField, settingsField] = caseFields;

/**
 * Update: no field has a default the user did not choose; Directory, Document Flow or Name left
 * unset keep the case's value. Registration Settings are as on create: only the settings added are
 * sent.
 */
export const caseUpdateFields: INodeProperties[] = [
	{
		...directoryField,
		required: false,
		description:
			'Nomenclature directory the case belongs to; left empty, the case stays where it is',
		// The empty picker says what an empty value does, as Document Flow's Keep Current does.
		modes: (directoryField.modes ?? []).map((mode) =>
			mode.name === 'list' ? { ...mode, placeholder: KEEP_DIRECTORY } : mode,
		),
	},
	{
		...docflowField,
		required: false,
		default: KEEP_DOCFLOW,
		options: [
			...(docflowField.options ?? []),
			{
				name: 'Keep Current',
				value: KEEP_DOCFLOW,
				description: 'Leave the document flow as it is',
			},
		].sort((a, b) => a.name.localeCompare(b.name)),
		description: 'Document flow of the case; Keep Current leaves it as it is',
	},
	{
		...nameField,
		required: false,
		description: 'New name of the case; left empty, the case keeps its name',
	},
	settingsField,
];

/** The document flows a case can have. */
const DOCFLOWS = ['input', 'output', 'internal'] as const;

/** The units of a periodic numbering reset. */
const RESET_PERIODS = ['year', 'month', 'week', 'day'] as const;

/** `resetSettings` of the registration settings: only the settings the user added. */
function buildResetSettings(ctx: IExecuteFunctions, input: IDataObject): IDataObject {
	const reset: IDataObject = {};
	if ('nextResetAt' in input) {
		reset.nextResetAt = requireDateTime(ctx, 'Next Reset At', input.nextResetAt);
	}
	if ('resetPeriod' in input) {
		reset.resetPeriod = requireOneOf('Reset Period', input.resetPeriod, RESET_PERIODS);
	}
	if ('resetPeriodCount' in input) {
		reset.resetPeriodCount = requireInteger('Reset Period Count', input.resetPeriodCount);
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
function buildRegistrationSettings(ctx: IExecuteFunctions, input: IDataObject): IDataObject {
	const settings: IDataObject = {};
	for (const [key, label] of BOOLEAN_SETTINGS) {
		if (key in input) settings[key] = requireBoolean(label, input[key]);
	}
	if ('minLength' in input) {
		settings.minLength = requireInteger('Minimum Number Length', input.minLength, {
			min: 0,
		});
	}
	if ('template' in input) settings.template = requireText('Number Template', input.template);
	if ('throughSerialId' in input) {
		settings.throughSerialId = requireUuid('Continuous Numbering ID', input.throughSerialId);
	}
	if ('resetSettings' in input) {
		const reset = buildResetSettings(ctx, (input.resetSettings ?? {}) as IDataObject);
		if (Object.keys(reset).length > 0) settings.resetSettings = reset;
	}
	return settings;
}

/** What Update changes, validated before any request: only the fields the user set. */
export function readCaseChanges(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const changes: IDataObject = {};
	const directory = ctx.getNodeParameter('directoryId', itemIndex, '', { extractValue: true });
	if (String(directory ?? '').trim() !== '')
		changes.directoryId = requireUuid(parameterField('directoryId', 'Directory'), directory);
	const docflow = ctx.getNodeParameter('docflow', itemIndex, KEEP_DOCFLOW);
	if (docflow !== KEEP_DOCFLOW) changes.docflow = requireOneOf('Document Flow', docflow, DOCFLOWS);
	const name = ctx.getNodeParameter('name', itemIndex, '') as string;
	if (name !== '') changes.name = requireText('Name', name);
	const settings = buildRegistrationSettings(
		ctx,
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
	changes: IDataObject,
	current: IDataObject,
): IDataObject {
	const body: IDataObject = {};
	for (const [key, label] of REQUIRED)
		body[key] = key in changes ? changes[key] : currentValue(ctx, current, key, label, 'case');
	if (changes.registrationSettings) body.registrationSettings = changes.registrationSettings;
	return body;
}

/** The case body as the vendor's create page names it, with only the settings the user added. */
export function buildCaseBody(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const body: IDataObject = {
		directoryId: readUuidLocator(ctx, itemIndex, 'directoryId', 'Directory', 'searchDirectories'),
		docflow: requireOneOf('Document Flow', ctx.getNodeParameter('docflow', itemIndex), DOCFLOWS),
		name: requireText(parameterField('name', 'Name'), ctx.getNodeParameter('name', itemIndex)),
	};
	const settings = buildRegistrationSettings(
		ctx,
		ctx.getNodeParameter('registrationSettings', itemIndex, {}) as IDataObject,
	);
	if (Object.keys(settings).length > 0) body.registrationSettings = settings;
	return body;
}
