import type { IDataObject } from 'n8n-workflow';
import { entryName } from '../../shared/methods/listSearch';
import { wholeListSearch } from '../../shared/methods/pickerSearch';

/** A channel by its name, valued by id. */
function channelEntry(entry: IDataObject) {
	return { name: entryName(entry), value: String(entry.__id ?? entry.id ?? '') };
}

/** The channels the credential's user sees (GET /channel, answered at once), filtered by name. */
export const searchChannels = wholeListSearch(
	{ method: 'GET', path: '/channel', what: 'channels' },
	channelEntry,
);
