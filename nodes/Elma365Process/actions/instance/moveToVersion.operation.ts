import type { INodeProperties } from 'n8n-workflow';
import { showFor } from '../../../shared/descriptions/common';
import { instanceAction, instanceActionOptions } from './instanceAction';
import { instanceField } from './instanceField.description';

export const description: INodeProperties[] = showFor('instance', 'moveToVersion', [
	instanceField('to move to the latest published version of its template'),
	instanceActionOptions,
]);

/**
 * POST /bpm/instance/{id}/version (the vendor's operation bpmInstanceUpdate). No reference page
 * shows its body: `{}` is sent, as the bulk form's page (bpm/bpminstancebulkupdate) moves instances
 * to the latest published version without naming one; Additional Body (JSON) carries what a
 * company expects.
 */
export const { execute, orderKey, defaultConcurrency } = instanceAction({
	action: 'version',
	done: 'movedToLatestVersion',
});
