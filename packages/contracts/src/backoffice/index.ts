// The back-office API as the console (apps/admin) calls it: who may do what, operator login with
// two-factor authentication, operators, and the audit log.
export * from './permissions.ts';
export * from './session.ts';
export * from './operators.ts';
export * from './audit.ts';
export * from './catalogue.ts';
export * from './reports.ts';
export * from './payments.ts';
export * from './members.ts';
export * from './settings.ts';
export * from './agents.ts';
export * from './content.ts';
export * from './approvals.ts';
export * from './sportsbook.ts';
export * from './lottery.ts';
export * from './live-tables.ts';
export * from './support-chat.ts';
export * from './referral.ts';
export * from './messages.ts';
export * from './feedback.ts';
