import type { IDataObject } from 'n8n-workflow';
import { runMemo } from '../flow';
import { readListPage } from '../lists/listPage';
import type { ApiRequest, Elma365Context } from '../transport';
import { apiPath, apiRequest } from '../transport';

/** Most codes an error names: enough to choose from, few enough to keep the message short. */
const MAX_NAMED = 20;

/** A code the company has, with the name a person knows it by. */
export interface KnownCode {
	code: string;
	name?: string;
}

/** What a section holds that is addressed by a code: the list that names them, and their plural. */
export interface SectionList {
	/** e.g. "applications" */
	plural: string;
	/** The Scheme list of them in section `section` (api.elma365.com/en/public-api/reference/scheme). */
	path: (section: string) => string;
}

export const SECTION_LISTS = {
	applications: {
		plural: 'applications',
		path: (section: string) => apiPath`/scheme/namespaces/${section}/apps`,
	},
	contracts: {
		plural: 'contract applications',
		path: (section: string) => apiPath`/scheme/namespaces/${section}/contracts`,
	},
	reports: {
		plural: 'reports',
		path: (section: string) => apiPath`/scheme/namespaces/${section}/reports`,
	},
	processes: {
		plural: 'process templates',
		// A template bound to an application lives in `section.application` (crm.deals).
		path: (section: string) => {
			const [namespace, application] = section.split('.', 2);
			return application === undefined
				? apiPath`/scheme/namespaces/${namespace}/processes`
				: apiPath`/scheme/namespaces/${namespace}/apps/${application}/processes`;
		},
	},
} satisfies Record<string, SectionList>;

/** The company's sections: one page of the largest size every platform version takes. */
const SECTIONS: Pick<ApiRequest, 'path' | 'qs'> = {
	path: '/scheme/namespaces',
	qs: { from: 0, size: 100 },
};

/**
 * The codes a list answers, read once per run (a failed run of thirty items asks once); undefined
 * where the list cannot be read, which leaves an error as it was.
 */
function readCodes(
	ctx: Elma365Context,
	request: Pick<ApiRequest, 'path' | 'qs'>,
): Promise<KnownCode[] | undefined> {
	const read = runMemo(
		ctx,
		'known codes',
		() => new Map<string, Promise<KnownCode[] | undefined>>(),
	);
	const key = `${request.path}?${JSON.stringify(request.qs ?? {})}`;
	let codes = read.get(key);
	if (codes === undefined) {
		codes = apiRequest(ctx, { method: 'GET', ...request, idempotent: true }).then(
			(body) =>
				readListPage(body)
					.items.map(toKnownCode)
					.filter((known) => known.code !== ''),
			() => undefined,
		);
		read.set(key, codes);
	}
	return codes;
}

function toKnownCode(entry: IDataObject): KnownCode {
	const name = entry.name ?? entry.__name;
	return { code: String(entry.code ?? ''), name: typeof name === 'string' ? name : undefined };
}

/** The code of the section a namespace is in: `crm` of `crm` and of `crm.deals` (an application's templates). */
export function sectionOf(namespace: string): string {
	return namespace.split('.', 1)[0];
}

/** The company's section codes. */
export async function knownSections(ctx: Elma365Context): Promise<KnownCode[] | undefined> {
	return await readCodes(ctx, SECTIONS);
}

/** The codes of what `section` holds of one kind (its applications, reports...). */
export async function knownInSection(
	ctx: Elma365Context,
	section: string,
	list: SectionList,
): Promise<KnownCode[] | undefined> {
	return await readCodes(ctx, { path: list.path(section) });
}

/** Whether `code` is one of `known`, exactly as the platform spells it. */
export function isKnown(code: string, known: KnownCode[]): boolean {
	return known.some((entry) => entry.code === code);
}

/**
 * The known code a person most likely meant by `given`: the same code in another case, the code of
 * the entry named `given`, or the one code within two typing slips of it.
 */
export function likelyMeant(given: string, known: KnownCode[]): KnownCode | undefined {
	const lower = given.trim().toLowerCase();
	const exact =
		known.find((entry) => entry.code.toLowerCase() === lower) ??
		known.find((entry) => entry.name?.trim().toLowerCase() === lower);
	if (exact) return exact;
	const near = known.filter((entry) => editDistance(entry.code.toLowerCase(), lower) <= 2);
	return near.length === 1 ? near[0] : undefined;
}

/** `crm (CRM), hr (HR)`: the codes with their names, at most MAX_NAMED, and how many more there are. */
export function namedCodes(known: KnownCode[]): string {
	const shown = known
		.slice(0, MAX_NAMED)
		.map((entry) =>
			entry.name && entry.name !== entry.code
				? `"${entry.code}" (${entry.name})`
				: `"${entry.code}"`,
		);
	const more = known.length - shown.length;
	if (shown.length === 0) return 'none';
	return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** Levenshtein distance, for short codes only (both under a hundred characters). */
function editDistance(a: string, b: string): number {
	if (a.length > 100 || b.length > 100) return Math.abs(a.length - b.length) + 3;
	let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
			current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
		}
		previous = current;
	}
	return previous[b.length];
}
