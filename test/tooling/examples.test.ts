import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

/** The workflows a user imports: the examples and the samples `npm start` loads. */
const WORKFLOW_DIRS = ['examples', path.join('e2e', 'workflows')];

/**
 * The room one node takes on n8n's canvas, counted from its position (its top-left corner): n8n
 * draws a node 100x100 at default size, a tool sub-node smaller, with its name under it; the box
 * is wider and taller to leave its name room.
 */
const NODE_BOX = { width: 200, height: 160 };

interface CanvasNode {
	name: string;
	type: string;
	position: [number, number];
}

function workflowFiles(): string[] {
	return WORKFLOW_DIRS.flatMap((dir) =>
		fs
			.readdirSync(path.join(root, dir))
			.filter((file) => file.endsWith('.json'))
			.map((file) => path.join(dir, file)),
	);
}

/** The pairs of nodes whose boxes overlap. Sticky notes are left out: they lie under nodes on purpose. */
function overlaps(nodes: CanvasNode[]): string[] {
	const placed = nodes.filter((node) => node.type !== 'n8n-nodes-base.stickyNote');
	const found: string[] = [];
	placed.forEach((a, index) => {
		for (const b of placed.slice(index + 1)) {
			const dx = Math.abs(a.position[0] - b.position[0]);
			const dy = Math.abs(a.position[1] - b.position[1]);
			if (dx < NODE_BOX.width && dy < NODE_BOX.height)
				found.push(`${a.name} [${a.position}] and ${b.name} [${b.position}]`);
		}
	});
	return found;
}

test('there are example workflows to check', () => {
	expect(workflowFiles()).toEqual(expect.arrayContaining(['examples/mcp-server.json']));
});

describe.each(workflowFiles())('%s', (file) => {
	const { nodes } = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as {
		nodes: CanvasNode[];
	};

	test('no two nodes share a position or overlap on the canvas', () => {
		expect(overlaps(nodes)).toEqual([]);
	});
});

test('the check finds nodes on one spot and nodes too close', () => {
	const node = (name: string, x: number, y: number): CanvasNode => ({
		name,
		type: 'n8n-nodes-elma365.elma365AppTool',
		position: [x, y],
	});
	expect(
		overlaps([node('a', 400, 660), node('b', 400, 660), node('c', 560, 760), node('d', 800, 660)]),
	).toEqual([
		'a [400,660] and b [400,660]',
		'a [400,660] and c [560,760]',
		'b [400,660] and c [560,760]',
	]);
});
