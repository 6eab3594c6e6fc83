import type { INode } from 'n8n-workflow';
import type { RefusalWords } from '../transport';
import { refusalOf, reworded } from '../transport';
import { toolArgument } from '../validation/toolArguments';

/**
 * What a 404 means on an address named by a section and an application (contract application,
 * report, process template) code: the platform answers 404 for an address it has no object for
 * (elma365.com/en/help/360004962211.html, "404. Invalid request address"), so a code that names
 * nothing, or names it in another case, fails here rather than giving an empty answer.
 */
interface CodedAddress {
	/** Matches a path below /pub/v1; captures the section code and the other code, still encoded. */
	pattern: RegExp;
	/** What the code names, as a message starts with it. */
	what: string;
	/** The field (picker) the code is chosen in, as the node shows it. */
	field: string;
	/** The Scheme node's operation that lists the codes. */
	listTool: string;
	/** The node parameter that holds the code (the section's is `namespace`). */
	parameter: string;
	/** Whether the address also names an item, so the 404 may be the item's. */
	item?: true;
}

const APPLICATION = {
	what: 'Application',
	field: 'Application',
	listTool: 'Scheme > Application > Get Many',
	parameter: 'application',
};
const CONTRACT = {
	what: 'Contract application',
	field: 'Contract Application',
	listTool: 'Scheme > Contract > Get Many',
	parameter: 'application',
};
const PROCESS = {
	what: 'Process template',
	field: 'Process Template',
	listTool: 'Scheme > Process Template > Get Many in Section',
	parameter: 'processCode',
};

const CODED_ADDRESSES: CodedAddress[] = [
	{ pattern: /^\/app\/([^/]+)\/([^/]+)\/(?:list|create|import|settings\/status)$/, ...APPLICATION },
	{
		pattern: /^\/app\/([^/]+)\/([^/]+)\/[^/]+\/(?:get|update|set-status)$/,
		...APPLICATION,
		item: true,
	},
	{ pattern: /^\/contracts\/([^/]+)\/([^/]+)\/(?:list|create)$/, ...CONTRACT },
	{ pattern: /^\/contracts\/([^/]+)\/([^/]+)\/[^/]+\/(?:get|update)$/, ...CONTRACT, item: true },
	{
		pattern: /^\/reports\/([^/]+)\/([^/]+)\/list$/,
		what: 'Report',
		field: 'Report',
		listTool: 'Scheme > Report > Get Many',
		parameter: 'report',
	},
	{ pattern: /^\/bpm\/template\/([^/]+)\/([^/]+)\/run$/, ...PROCESS },
	{ pattern: /^\/bpm\/instance\/bytemplate\/([^/]+)\/([^/]+)\/(?:list|version)$/, ...PROCESS },
];

function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/**
 * The words of a 404 on an address named by codes: the message's text after `ELMA365 404: `
 * (none where the 404 may be the item's), and the hint that goes into the description, naming the
 * fields and where to look codes up.
 */
export type NotFoundWords = RefusalWords;

/**
 * What to check: the form's fields, or, where an agent gave both codes as tool arguments, those
 * arguments (an agent has no form to pick from).
 */
function checkWords(address: CodedAddress, node: INode | undefined): string {
	const spelling =
		'a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals)';
	const section = node && toolArgument(node, 'namespace');
	const code = node && toolArgument(node, address.parameter);
	if (section && code)
		return `Check the tool arguments "${section}" and "${code}": ${spelling}. Take both from the answer of the tool that lists them (ELMA365 ${address.listTool}).`;
	return `Check Section and ${address.field}: ${spelling}. Pick it from the list in "${address.field}", or look it up with ${address.listTool}.`;
}

/**
 * The words of a 404 on `path` (below /pub/v1) where the path is named by a section and another
 * code, quoting `platformText` (the platform's own words); undefined for any other address. `node`
 * tells whether an agent gave the codes as tool arguments.
 */
export function notFoundWords(
	path: string,
	platformText?: string,
	node?: INode,
): NotFoundWords | undefined {
	for (const address of CODED_ADDRESSES) {
		const match = address.pattern.exec(path);
		if (!match) continue;
		const name = `"${decoded(match[1])}/${decoded(match[2])}"`;
		const check = checkWords(address, node);
		if (address.item) {
			return {
				hint: `The item, or ${address.what} ${name} itself, does not exist. ${check}`,
			};
		}
		const said = platformText ? ` (${platformText})` : '';
		return { message: `${address.what} ${name} was not found${said}`, hint: check };
	}
	return undefined;
}

/**
 * The platform's 404 on an address named by codes, worded for the fields the codes came from
 * (notFoundWords, for `node`); any other error as it is. Where a node's requests fail (the router,
 * the pickers' list requests, a poll, the Event Trigger's item read) every error goes through here
 * first.
 */
export function explainNotFound(error: unknown, node: INode): unknown {
	const refusal = refusalOf(error);
	if (refusal?.status !== 404) return error;
	const words = notFoundWords(refusal.path, refusal.platformText, node);
	return words ? reworded(error, words) : error;
}
