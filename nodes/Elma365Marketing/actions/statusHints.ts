import type { StatusHints } from '../../shared/execution/statusHints';

/** What the marketing statuses mean (platform facts: 412 = no CRM licence). */
export const MARKETING_HINTS: StatusHints = {
	412: 'marketing needs a CRM licence: the platform answered 412 because this company has no active CRM licence; ask the administrator to enable it',
};
