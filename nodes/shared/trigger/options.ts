import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';
import type { ListPickers } from '../lists/listOptions';
import { readListFilter, tableFilter } from '../lists/listOptions';
import { requestOptions } from '../options/requestOptions';
import { invalidInput, requirePathSegment } from '../validation';
import { optionsCollection } from '../options/options';

export const DEFAULT_LOOKBACK_MINUTES = 10;

/**
 * A trigger's options, with the shared table filter so conditions are entered the same way as in
 * Get Many; with `pickers` its field codes are chosen from the application's fields.
 */
export function triggerOptions(pickers?: ListPickers): INodeProperties {
	return optionsCollection([
		{
			displayName: 'EQL Query',
			name: 'eql',
			type: 'string',
			default: '',
			placeholder: '[priority] = 1',
			description:
				"Only items matching this query in the platform's query language (sent as filter.eql.query)",
		},
		{
			displayName: 'Fire for Existing Items',
			name: 'fireForExisting',
			type: 'boolean',
			default: false,
			description:
				'Whether the first poll after activation emits every item that already matches; off, it only remembers where history ends',
		},
		{
			displayName: 'Lookback Window (Minutes)',
			name: 'lookbackMinutes',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_LOOKBACK_MINUTES,
			description:
				'How far before the newest timestamp seen each poll looks again, to catch items that appear late (out of order); each one still fires only once',
		},
		tableFilter(pickers),
	]);
}

/** A trigger only reads: of the Request Options, the timeout is what applies. */
export const timeoutOption: INodeProperties = {
	...requestOptions,
	options: requestOptions.options?.filter((option) => option.name === 'timeout'),
};

/** What every event reads from Options: the window, the first poll's choice and the list filter. */
export interface PollOptions {
	lookbackMs: number;
	fireForExisting: boolean;
	filter: IDataObject;
}

export function readPollOptions(ctx: IPollFunctions): PollOptions {
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const lookback = options.lookbackMinutes ?? DEFAULT_LOOKBACK_MINUTES;
	if (typeof lookback !== 'number' || !Number.isFinite(lookback) || lookback < 0) {
		throw invalidInput('Lookback Window (Minutes)', 'a number >= 0', lookback);
	}
	const filter = readListFilter(options, (field, expected, value) =>
		invalidInput(field, expected, value),
	);
	return {
		lookbackMs: lookback * 60_000,
		fireForExisting: options.fireForExisting === true,
		filter,
	};
}

/** A code that fills one path segment; pickers hold {mode, value}, a typed or expression value is taken as is. */
export function readPathSegment(ctx: IPollFunctions, name: string, label: string): string {
	const value = ctx.getNodeParameter(name, '', { extractValue: true });
	return requirePathSegment(label, value);
}
