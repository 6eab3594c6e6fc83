/**
 * The commands the documentation tells a user to type against the local demo (`npm start`: the
 * sandbox and n8n), read from the pages themselves so that a test runs exactly what a page says.
 *
 * The convention (docs/development.md, "Docs that run"): the line right above a fenced block is
 * `<!-- docs-test: run <name> -->` (e2e/docs.e2e.test.ts runs it) or
 * `<!-- docs-test: skip: <reason> -->` (not run, and the reason says why). Every block that names
 * the demo's sandbox or n8n address, a `/__sandbox/` route or `npm start` carries one of the two.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(__dirname, '..');

export interface DocBlock {
	/** The page, relative to the repository. */
	page: string;
	/** The line of the opening fence (1-based). */
	line: number;
	/** The block's text, without the indentation of the list item it sits in. */
	text: string;
	/** `run` with the block's name, `skip` with the reason, or none. */
	mark?: { run: string } | { skip: string };
}

const MARK = /^\s*<!--\s*docs-test:\s*(run\s+(\S+)|skip:\s*(.+?))\s*-->\s*$/;
const FENCE = /^(\s*)(```+|~~~+)/;

/** What makes a block one the demo's user types: its addresses, its control routes, its start. */
export const TALKS_TO_DEMO = /127\.0\.0\.1:(?:8365|5678)\b|\/__sandbox\/|\bnpm start\b/;

/** The placeholders a runnable block may use, and what the test puts in their place. */
export function substitute(text: string, demo: { sandboxUrl: string; n8nUrl: string }): string {
	return text
		.replaceAll('http://127.0.0.1:8365', demo.sandboxUrl)
		.replaceAll('http://127.0.0.1:5678', demo.n8nUrl);
}

/** The README and every page under docs/. */
export function docPages(): string[] {
	const pages = ['README.md'];
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
			const relative = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(relative);
			else if (entry.name.endsWith('.md')) pages.push(relative);
		}
	};
	walk('docs');
	return pages;
}

/** The fenced blocks of one page, each with the mark on the line above it. */
export function blocksOf(page: string): DocBlock[] {
	const lines = fs.readFileSync(path.join(REPO, page), 'utf8').split('\n');
	const blocks: DocBlock[] = [];
	for (let at = 0; at < lines.length; at++) {
		const open = FENCE.exec(lines[at]);
		if (!open) continue;
		const [, indent, fence] = open;
		let end = at + 1;
		while (end < lines.length && !lines[end].trimStart().startsWith(fence)) end++;
		const text = lines
			.slice(at + 1, end)
			.map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
			.join('\n');
		const marked = at > 0 ? MARK.exec(lines[at - 1]) : null;
		const mark = marked ? (marked[2] ? { run: marked[2] } : { skip: marked[3] }) : undefined;
		blocks.push({ page, line: at + 1, text, ...(mark ? { mark } : {}) });
		at = end;
	}
	return blocks;
}

export function docBlocks(): DocBlock[] {
	return docPages().flatMap(blocksOf);
}

/**
 * Runnable blocks another test runs, by name, with that test: a block that starts `npm start` would
 * start a second n8n, so the unit test starts the sandbox part of it with the page's variables.
 */
export const RUN_ELSEWHERE: Record<string, string> = {
	'sandbox-quota': 'test/tooling/docBlocks.test.ts',
};

/** The runnable blocks by name. */
export function runnable(): Map<string, DocBlock> {
	const found = new Map<string, DocBlock>();
	for (const block of docBlocks()) {
		if (!block.mark || !('run' in block.mark)) continue;
		if (found.has(block.mark.run)) throw new Error(`two blocks are named ${block.mark.run}`);
		found.set(block.mark.run, block);
	}
	return found;
}
