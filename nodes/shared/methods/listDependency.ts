import type {
	ILoadOptionsFunctions,
	INodeListSearchResult,
	ResourceMapperFields,
} from 'n8n-workflow';
import { shownText } from '../shown';

/**
 * The value of a parameter a list depends on (the section of an application), whatever its mode;
 * undefined while it is unset or an expression. The editor asks for a list as soon as the form
 * opens, so an unset dependency is the normal state of a fresh node: the list is then empty, never
 * an error.
 */
export function readListDependency(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const value = pickedValue(ctx.getNodeParameter(name, ''));
	return value === '' || value.startsWith('=') ? undefined : value;
}

/** The section and the application (contract, report) named by `parameter`; undefined until both are chosen. */
export function readChosenApplication(ctx: ILoadOptionsFunctions, parameter: string, noun: string) {
	const namespace = readListDependency(ctx, 'namespace');
	const application = readListDependency(ctx, parameter);
	if (namespace === undefined || application === undefined) return undefined;
	return { namespace, application, label: `${noun} ${shownText(`${namespace}.${application}`)}` };
}

/** What a picker shows while what it depends on is not chosen yet. */
export const NOTHING_TO_LIST: INodeListSearchResult = { results: [] };

/** What a field mapper shows while what it depends on is not chosen yet: n8n's own "choose first" notice. */
export function chooseFirst(what: string): ResourceMapperFields {
	return { fields: [], emptyFieldsNotice: `Choose the ${what} above to see its fields` };
}

/** A parameter's plain value in a load-options context: the code or id of a picker, whatever its mode. */
export function pickedValue(value: unknown): string {
	if (value && typeof value === 'object' && 'value' in (value as object))
		return String((value as { value: unknown }).value ?? '').trim();
	return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}
