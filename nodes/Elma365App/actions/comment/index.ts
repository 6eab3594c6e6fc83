import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as getAll from './getAll.operation';
import * as getReplies from './getReplies.operation';
import * as reply from './reply.operation';

export const operations = { create, getAll, reply, getReplies };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['comment'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: 'Post a comment on an item',
				action: 'Post a comment on an item',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				description: "List an item's comments",
				action: 'Get many comments of an item',
			},
			{
				name: 'Get Many Replies',
				value: 'getReplies',
				description: "List the replies to a message in an item's activity stream",
				action: 'Get many replies to a message',
			},
			{
				name: 'Reply',
				value: 'reply',
				description: "Reply to a message in an item's activity stream",
				action: 'Reply to a message',
			},
		],
		default: 'create',
	},
	...create.description,
	...getAll.description,
	...reply.description,
	...getReplies.description,
];
