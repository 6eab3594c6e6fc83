import { subscribersOperation } from './subscribersForm';

export const { description, executeAll } = subscribersOperation('remove');
