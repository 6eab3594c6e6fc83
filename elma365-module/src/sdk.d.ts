/**
 * The part of the ELMA365 TS SDK the module's scripts use, each as the vendor's own code or help
 * shows it (no more). For the type check only; never bundled. The emulation
 * (test/emulation.ts) offers exactly these, with the same sources.
 */

/**
 * Server script `fetch(url, {method, headers, body})`: help platform/extention-api ("Call an API
 * method from an external system", headers and body); a Run Script handler posting JSON with it:
 * sekiro33/kedo-dev kedoSolution/event-bus/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/da1a4d68-206c-4955-9579-24e4328491aa.json.
 */
declare function fetch(
	url: string,
	init?: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text(): Promise<string> }>;

/**
 * The script's context. In a Run Script handler of App Items (sekiro33/kedo-dev,
 * kedoSolution/event-bus/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed/c3d3c857-96ce-48f0-ac57-3366e292a60e.json,
 * event `item_create`, no app chosen): `Context.data.__item` (`.namespace`, `.code`, `.id`,
 * `.fetch()`) and `Context.data.item` (`.__id` and the fields); in `item_update` handlers
 * (eac85c5e-136d-469a-8997-7b614bdf7d45.json, da1a4d68-....json, same folder) also
 * `Context.data.__data.item` and `Context.json()`. In an activity: its Context tab variables (help
 * platform/script-activity).
 */
declare const Context: { data: Record<string, unknown>; json?: () => unknown };

/**
 * The module's key-value store (see src/store.ts for the sources): text values by key. Its
 * settings, `Namespace.params.data.<code>`, are read untyped in src/api.ts (sources there).
 */
declare const Namespace: {
	storage: {
		getItem(key: string): Promise<string | null | undefined>;
		setItem(key: string, value: string): Promise<void>;
	};
};

/**
 * API method request and answer: `req.body` is the JSON text (`JSON.parse(<string>req.body)`) and
 * `new HttpResponse().status(201).json({...})` (sekiro33/kedo-dev,
 * kedoSolution/extensions/entities/ext_7fe3de7d-f459-4f75-940c-271c6e9ea1ed___scripts.ts).
 */
interface HttpApiRequest {
	body?: string | object;
	headers?: Record<string, string>;
}
declare class HttpResponse {
	status(code: number): HttpResponse;
	json(value: unknown): HttpResponse;
	content(text: string): HttpResponse;
}

/** `console.error` in server scripts (the HR solution's widget scripts log with it, kedo-dev). */
declare const console: { error(...values: unknown[]): void };

/** Not documented for server scripts: the retry waits are skipped when it is missing. Unverified. */
declare const setTimeout: undefined | ((handler: () => void, ms: number) => unknown);
