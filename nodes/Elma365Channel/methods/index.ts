import { searchChannelMessages } from '../../shared/methods/messageSearch';
import { searchChannels } from './channelSearch';

export { credentialTest } from '../../shared/methods/credentialTest';

/** The channel picker and the picker of the chosen channel's messages. */
export const listSearch = { searchChannels, searchChannelMessages };
