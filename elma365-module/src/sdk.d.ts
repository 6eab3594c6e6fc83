/**
 * The part of the ELMA365 TS SDK the module's scripts use, as the help shows it (no more): server
 * script globals `fetch` (TS SDK quick-start/intro_fetch), `Context` (handler and activity
 * context), `Imports` (optional dependencies, help extention-api), `HttpApiRequest`,
 * `HttpResponse`, `HttpStatusCode` (help api-method-with-wildcard), app items with `create`,
 * `save`, `search().where().first()`, `all()` and `delete`. For the type check only; never bundled.
 */
declare function fetch(
	url: string,
	init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text(): Promise<string>; json(): Promise<unknown> }>;

declare const Context: { data: Record<string, unknown> };

interface SdkItem {
	data: Record<string, unknown> & { __id: string };
	save(): Promise<void>;
	delete(): Promise<void>;
}
interface SdkSearch {
	where(predicate: (f: Record<string, { eq(value: unknown): unknown }>) => unknown): SdkSearch;
	size(count: number): SdkSearch;
	first(): Promise<SdkItem | undefined>;
	all(): Promise<SdkItem[]>;
}
interface SdkApp {
	create(): SdkItem;
	search(): SdkSearch;
}
declare const Imports: { n8n: { app: { n8n_subscriptions: SdkApp } } };

interface HttpApiRequest {
	body?: string | object;
	headers?: Record<string, string>;
}
declare class HttpResponse {
	status(code: number): HttpResponse;
	json(value: unknown): HttpResponse;
	content(text: string): HttpResponse;
}
declare const HttpStatusCode: { OK: number; BAD_REQUEST: number };
declare const console: { error(...values: unknown[]): void };
declare const setTimeout: undefined | ((handler: () => void, ms: number) => unknown);
