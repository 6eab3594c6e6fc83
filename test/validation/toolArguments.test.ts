import type { INode } from 'n8n-workflow';
import { readUuidLocator } from '../../nodes/shared/pickers/locators';
import {
	invalidInput,
	namingItem,
	parameterField,
	requireInteger,
	requirePathSegment,
	requireUuid,
	toolArgument,
} from '../../nodes/shared/validation';
import { usePlatform, byId } from '../harness/setup';

const t = usePlatform();

const fromAI = (key: string) => `={{ $fromAI('${key}', 'what the agent gives', 'string') }}`;

const node = (type: string, parameters: Record<string, unknown>): INode => ({
	id: '1',
	name: 'get_task_exits',
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters: parameters as INode['parameters'],
});
const asTool = (parameters: Record<string, unknown>) =>
	node('n8n-nodes-elma365.elma365TaskTool', parameters);
const context = (of: INode) => ({ getNode: () => of });

/** What `check` throws, as the router names it for item 0 on `ctx`'s node. */
function refusal(ctx: { getNode: () => INode }, check: () => unknown): string {
	try {
		check();
	} catch (error) {
		return (namingItem(ctx.getNode(), error, 0) as Error).message;
	}
	throw new Error('the check passed');
}

const UUID_EXPECTED = 'a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6';

describe('toolArgument: the $fromAI key a parameter comes from, on a tool only', () => {
	test.each([
		['an expression', fromAI('task_id'), 'task_id'],
		['a resource locator', byId(fromAI('task_id')), 'task_id'],
		['double quotes', '={{ $fromAI("case_id") }}', 'case_id'],
		["n8n's other spelling", "={{ $fromai('section') }}", 'section'],
		['a fixed value', 'crm', undefined],
		['a locator with a fixed value', byId('3fa85f64-5717-4562-b3fc-2c963f66afa6'), undefined],
		['another expression', '={{ $json.task }}', undefined],
		['a number', 5, undefined],
	])('%s', (_, value, expected) => {
		expect(toolArgument(asTool({ taskId: value }), 'taskId')).toBe(expected);
	});

	test('a parameter the node does not have', () => {
		expect(toolArgument(asTool({}), 'taskId')).toBeUndefined();
	});

	test('not a tool: $fromAI only reads the input item there, and the form is what the user sees', () => {
		const plain = node('n8n-nodes-elma365.elma365Task', { taskId: byId(fromAI('task_id')) });
		expect(toolArgument(plain, 'taskId')).toBeUndefined();
	});
});

describe('a validator names the tool argument where the agent gave the value', () => {
	test('a UUID picker from $fromAI: the argument, then the field, no item index', () => {
		const ctx = context(asTool({ taskId: byId(fromAI('task_id')) }));
		expect(refusal(ctx, () => requireUuid(parameterField('taskId', 'Task'), 'not-a-uuid'))).toBe(
			`Invalid tool argument "task_id" (field "Task"): expected ${UUID_EXPECTED}, got "not-a-uuid"`,
		);
	});

	test('a section code (requirePathSegment, through requireText)', () => {
		const ctx = context(
			asTool({ namespace: { __rl: true, mode: 'code', value: fromAI('section') } }),
		);
		expect(
			refusal(ctx, () => requirePathSegment(parameterField('namespace', 'Section Code'), '')),
		).toBe(
			'Invalid tool argument "section" (field "Section Code"): expected a non-empty text, got ""',
		);
		expect(
			refusal(ctx, () =>
				requirePathSegment(parameterField('namespace', 'Section Code'), 'crm/deals'),
			),
		).toBe(
			'Invalid tool argument "section" (field "Section Code"): expected a code or ID without "/", got "crm/deals"',
		);
	});

	test('a number parameter', () => {
		const ctx = context(asTool({ limit: fromAI('limit') }));
		expect(
			refusal(ctx, () => requireInteger(parameterField('limit', 'Limit'), 'ten', { min: 1 })),
		).toBe(
			'Invalid tool argument "limit" (field "Limit"): expected a whole number >= 1, got "ten"',
		);
	});

	test('a value fixed in the form of a tool: the form words', () => {
		const ctx = context(asTool({ taskId: byId('not-a-uuid') }));
		expect(refusal(ctx, () => requireUuid(parameterField('taskId', 'Task'), 'not-a-uuid'))).toBe(
			`Invalid "Task" in item 0: expected ${UUID_EXPECTED}, got "not-a-uuid"`,
		);
	});

	test('not a tool: the form words', () => {
		const ctx = context(node('n8n-nodes-elma365.elma365Task', { taskId: fromAI('task_id') }));
		expect(refusal(ctx, () => requireUuid(parameterField('taskId', 'Task'), 'not-a-uuid'))).toBe(
			`Invalid "Task" in item 0: expected ${UUID_EXPECTED}, got "not-a-uuid"`,
		);
	});

	test('a label alone (a nested field): the form words', () => {
		const ctx = context(asTool({ taskId: fromAI('task_id') }));
		const error = namingItem(ctx.getNode(), invalidInput('Options > Hash', UUID_EXPECTED, 'x'), 0);
		expect((error as Error).message).toBe(
			`Invalid "Options > Hash" in item 0: expected ${UUID_EXPECTED}, got "x"`,
		);
	});

	test('readUuidLocator passes its parameter name', () => {
		const tool = asTool({ caseId: byId(fromAI('case_id')) });
		const ctx = {
			getNode: () => tool,
			getNodeParameter: () => 'not-a-uuid',
		} as unknown as Parameters<typeof readUuidLocator>[0];
		expect(refusal(ctx, () => readUuidLocator(ctx, 0, 'caseId', 'Case'))).toBe(
			`Invalid tool argument "case_id" (field "Case"): expected ${UUID_EXPECTED}, got "not-a-uuid"`,
		);
	});
});

describe("through n8n's engine (not a tool): $fromAI reads the input item, the form words stay", () => {
	test('Task > Get Exits with a $fromAI Task', async () => {
		const { error } = await t.run({
			nodeType: 'elma365Task',
			parameters: {
				resource: 'task',
				operation: 'getExits',
				taskId: byId(fromAI('task_id')),
			},
			input: [{ json: { task_id: 'not-a-uuid' } }],
		});
		expect(error?.message).toBe(
			`Invalid "Task" in item 0: expected ${UUID_EXPECTED}, got "not-a-uuid"`,
		);
		expect(t.platform.requests).toEqual([]);
	});
});
