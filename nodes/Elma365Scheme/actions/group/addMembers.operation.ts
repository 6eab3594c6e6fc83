import { membershipOperation } from './members';

export const { entry, description, executeAll } = membershipOperation('addMembers');
