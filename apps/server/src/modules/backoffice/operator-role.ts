export const OPERATOR_ROLES = ['owner', 'finance', 'risk', 'support', 'content'] as const;

/** What an operator may do is decided by role; `owner` passes every role check. */
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
