import type { INodeProperties } from 'n8n-workflow';
import * as deleteFiles from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getDownloadLink from './getDownloadLink.operation';
import * as getDownloadLinks from './getDownloadLinks.operation';
import * as getUploadLinks from './getUploadLinks.operation';
import * as initialize from './initialize.operation';
import * as move from './move.operation';
import * as search from './search.operation';
import * as upload from './upload.operation';
import * as uploadFromLinks from './uploadFromLinks.operation';
import * as uploadToDirectory from './uploadToDirectory.operation';

export const operations = {
	delete: deleteFiles,
	download,
	get,
	getDownloadLink,
	getDownloadLinks,
	getUploadLinks,
	initialize,
	move,
	search,
	upload,
	uploadFromLinks,
	uploadToDirectory,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['file'] } },
		options: [
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete files (many per request)',
				action: 'Delete files',
			},
			{
				name: 'Download',
				value: 'download',
				description: 'Download a file as binary data',
				action: 'Download a file',
			},
			{
				name: 'Get',
				value: 'get',
				description: "Get a file's information (name, hash, version, dates)",
				action: 'Get a file',
			},
			{
				name: 'Get Download Link',
				value: 'getDownloadLink',
				description: 'Get a download link for a file',
				action: 'Get a download link',
			},
			{
				name: 'Get Download Links',
				value: 'getDownloadLinks',
				description: 'Get download links for many files at once',
				action: 'Get download links',
			},
			{
				name: 'Get Upload Links',
				value: 'getUploadLinks',
				description: 'Get upload links for many files at once',
				action: 'Get upload links',
			},
			{
				name: 'Initialize',
				value: 'initialize',
				description: 'Initialise files before their upload (many per request)',
				action: 'Initialize files',
			},
			{
				name: 'Move',
				value: 'move',
				description: 'Move a file into a directory',
				action: 'Move a file',
			},
			{
				name: 'Search',
				value: 'search',
				description: 'Search files by name, author, dates and directory',
				action: 'Search files',
			},
			{
				name: 'Upload',
				value: 'upload',
				description: 'Upload binary data as a temporary file',
				action: 'Upload a temporary file',
			},
			{
				name: 'Upload From Links',
				value: 'uploadFromLinks',
				description: 'Have the platform fetch files from links',
				action: 'Upload files from links',
			},
			{
				name: 'Upload to Directory',
				value: 'uploadToDirectory',
				description: 'Upload binary data into a directory',
				action: 'Upload a file to a directory',
			},
		],
		default: 'uploadToDirectory',
	},
	...upload.description,
	...uploadToDirectory.description,
	...uploadFromLinks.description,
	...initialize.description,
	...getUploadLinks.description,
	...getDownloadLinks.description,
	...getDownloadLink.description,
	...download.description,
	...get.description,
	...search.description,
	...move.description,
	...deleteFiles.description,
];
