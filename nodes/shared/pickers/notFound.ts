import type { INode } from 'n8n-workflow';
import type { Elma365Context, RefusalWords } from '../transport';
import { refusalOf, reworded } from '../transport';
import { toolArgument } from '../validation/toolArguments';
import type { KnownCode, SectionList } from './knownCodes';
import {
	SECTION_LISTS,
	isKnown,
	knownInSection,
	knownSections,
	likelyMeant,
	namedCodes,
	sectionOf,
} from './knownCodes';

/**
 * What a 404 means on an address named by a section and, mostly, a second code (application,
 * contract application, report, process template): the platform answers 404 for an address it has
 * no object for (elma365.com/en/help/360004962211.html, "404. Invalid request address"), so a code
 * that names nothing, or names it in another case, fails here rather than giving an empty answer.
 */
interface CodedAddress {
	/** Matches a path below /pub/v1; captures the section code and (but for a section) the other code, still encoded. */
	pattern: RegExp;
	/** What the code names, as a message starts with it. */
	what: string;
	/** The field (picker) the code is chosen in, as the node shows it. */
	field: string;
	/** The Scheme node's operation that lists the codes. */
	listTool: string;
	/** The node parameter that holds the code (the section's is `namespace`). */
	parameter: string;
	/** What lists the codes in a section; none for the section itself. */
	kind?: SectionList;
	/** Whether the address also names an item, so the 404 may be the item's. */
	item?: true;
}

const SECTION = {
	what: 'Section',
	field: 'Section',
	listTool: 'Scheme > Section > Get Many',
	parameter: 'namespace',
};
const APPLICATION = {
	what: 'Application',
	field: 'Application',
	listTool: 'Scheme > Application > Get Many',
	parameter: 'application',
	kind: SECTION_LISTS.applications,
};
const CONTRACT = {
	what: 'Contract application',
	field: 'Contract Application',
	listTool: 'Scheme > Contract > Get Many',
	parameter: 'application',
	kind: SECTION_LISTS.contracts,
};
const REPORT = {
	what: 'Report',
	field: 'Report',
	listTool: 'Scheme > Report > Get Many',
	parameter: 'report',
	kind: SECTION_LISTS.reports,
};
const PROCESS = {
	what: 'Process template',
	field: 'Process Template',
	listTool: 'Scheme > Process Template > Get Many in Section',
	parameter: 'processCode',
	kind: SECTION_LISTS.processes,
};

const SCHEME = '^/scheme/namespaces/([^/]+)';
const CODED_ADDRESSES: CodedAddress[] = [
	{ pattern: /^\/app\/([^/]+)\/([^/]+)\/(?:list|create|import|settings\/status)$/, ...APPLICATION },
	{
		pattern: /^\/app\/([^/]+)\/([^/]+)\/[^/]+\/(?:get|update|set-status)$/,
		...APPLICATION,
		item: true,
	},
	{ pattern: /^\/contracts\/([^/]+)\/([^/]+)\/(?:list|create)$/, ...CONTRACT },
	{ pattern: /^\/contracts\/([^/]+)\/([^/]+)\/[^/]+\/(?:get|update)$/, ...CONTRACT, item: true },
	{ pattern: /^\/reports\/([^/]+)\/([^/]+)\/list$/, ...REPORT },
	{ pattern: /^\/bpm\/template\/([^/]+)\/([^/]+)\/run$/, ...PROCESS },
	{ pattern: /^\/bpm\/instance\/bytemplate\/([^/]+)\/([^/]+)\/(?:list|version)$/, ...PROCESS },
	// The Scheme node's reads, whose pickers are named after the path values (Elma365Scheme/actions/pathParams.ts).
	{
		pattern: new RegExp(
			`${SCHEME}/apps/([^/]+)(?:/(?:exportable|groups|doctemplates|processes))?$`,
		),
		...APPLICATION,
	},
	{ pattern: new RegExp(`${SCHEME}/contracts/([^/]+)$`), ...CONTRACT, parameter: 'contractCode' },
	{ pattern: new RegExp(`${SCHEME}/reports/([^/]+)$`), ...REPORT, parameter: 'reportCode' },
	{ pattern: new RegExp(`${SCHEME}/processes/([^/]+)(?:/forms)?$`), ...PROCESS },
	{
		pattern: new RegExp(
			`${SCHEME}(?:/(?:exportable|apps|groups|pages|doctemplates|processes|contracts|reports|widgets))?$`,
		),
		...SECTION,
	},
];

function decoded(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		return segment;
	}
}

/** An address matched: which kind it is, and its codes decoded. */
interface Matched {
	address: CodedAddress;
	section: string;
	code?: string;
}

function matchAddress(path: string): Matched | undefined {
	for (const address of CODED_ADDRESSES) {
		const match = address.pattern.exec(path);
		if (!match) continue;
		const code = match[2] === undefined ? undefined : decoded(match[2]);
		return { address, section: decoded(match[1]), code };
	}
	return undefined;
}

/**
 * The words of a 404 on an address named by codes: the message's text after `ELMA365 404: `
 * (none where the 404 may be the item's), and the hint that goes into the description, naming the
 * fields and where to look codes up.
 */
export type NotFoundWords = RefusalWords;

const SPELLING =
	'a code must be spelled as the platform has it, case included (codes are usually lower case, e.g. crm/deals)';

/**
 * What to check: the form's fields, or, where an agent gave the codes as tool arguments, those
 * arguments (an agent has no form to pick from, nor knows n8n's operations: it is told what lists
 * the codes, and which field of an entry is the code).
 */
function checkWords({ address }: Matched, node: INode | undefined): string {
	const section = node && toolArgument(node, 'namespace');
	if (!address.kind) {
		return section
			? `Check the tool argument "${section}": ${SPELLING}. Take the code field of a section from the answer of the tool that lists the sections.`
			: `Check Section: ${SPELLING}. Pick it from the list in "Section", or look it up with ${address.listTool}.`;
	}
	const code = node && toolArgument(node, address.parameter);
	if (section && code)
		return `Check the tool arguments "${section}" and "${code}": ${SPELLING}. Take both from the answer of the tool that lists the ${address.kind.plural} of a section (the code field of each; ELMA365 ${address.listTool}).`;
	return `Check Section and ${address.field}: ${SPELLING}. Pick it from the list in "${address.field}", or look it up with ${address.listTool}.`;
}

function wordsFor(matched: Matched, platformText: string | undefined, node?: INode): NotFoundWords {
	const { address, section, code } = matched;
	const check = checkWords(matched, node);
	const name = code === undefined ? `"${section}"` : `"${section}/${code}"`;
	if (address.item)
		return { hint: `The item, or ${address.what} ${name} itself, does not exist. ${check}` };
	const said = platformText ? ` (${platformText})` : '';
	return { message: `${address.what} ${name} was not found${said}`, hint: check };
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
	const matched = matchAddress(path);
	return matched && wordsFor(matched, platformText, node);
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

/**
 * explainNotFound, and the codes the company does have where a code names nothing: the sections, or
 * the section's applications (reports, ...), with the one most likely meant. Costs a list request
 * or two, once per run, and only after a 404; where a list cannot be read the words stay as they are.
 */
export async function explainNotFoundWithCodes(
	error: unknown,
	ctx: Elma365Context,
): Promise<unknown> {
	const refusal = refusalOf(error);
	const matched = refusal?.status === 404 ? matchAddress(refusal.path) : undefined;
	if (!refusal || !matched) return explainNotFound(error, ctx.getNode());
	const words = wordsFor(matched, refusal.platformText, ctx.getNode());
	const known = await knownCodesWords(ctx, matched);
	return reworded(error, known ? { ...words, hint: `${words.hint} ${known}` } : words);
}

/** The codes to choose from, where the section or the code names nothing; undefined where both exist or nothing could be read. */
async function knownCodesWords(ctx: Elma365Context, matched: Matched): Promise<string | undefined> {
	const { section, code, address } = matched;
	const sections = await knownSections(ctx);
	if (sections && !isKnown(sectionOf(section), sections))
		return choices(`The company's sections (codes)`, sectionOf(section), sections);
	if (code === undefined || !address.kind) return undefined;
	const inSection = await knownInSection(ctx, section, address.kind);
	if (inSection && !isKnown(code, inSection))
		return choices(`The ${address.kind.plural} of ${holder(section)} (codes)`, code, inSection);
	return undefined;
}

/** `section "crm"`, or `application "crm.deals"` for the templates bound to an application. */
function holder(namespace: string): string {
	return namespace.includes('.') ? `application "${namespace}"` : `section "${namespace}"`;
}

function choices(heading: string, given: string, known: KnownCode[]): string {
	const meant = likelyMeant(given, known);
	const guess = meant ? ` Did you mean "${meant.code}"?` : '';
	return `${heading}: ${namedCodes(known)}.${guess}`;
}
