import type { ParseKeys } from 'i18next';
import type admin from '@app/i18n/locales/pt/admin.json';
import type adminAgents from '@app/i18n/locales/pt/admin-agents.json';
import type adminApprovals from '@app/i18n/locales/pt/admin-approvals.json';
import type adminAudit from '@app/i18n/locales/pt/admin-audit.json';
import type adminCatalogue from '@app/i18n/locales/pt/admin-catalogue.json';
import type adminContent from '@app/i18n/locales/pt/admin-content.json';
import type adminLive from '@app/i18n/locales/pt/admin-live.json';
import type adminLottery from '@app/i18n/locales/pt/admin-lottery.json';
import type adminMembers from '@app/i18n/locales/pt/admin-members.json';
import type adminMissions from '@app/i18n/locales/pt/admin-missions.json';
import type adminOperators from '@app/i18n/locales/pt/admin-operators.json';
import type adminPayments from '@app/i18n/locales/pt/admin-payments.json';
import type adminPoints from '@app/i18n/locales/pt/admin-points.json';
import type adminPromotions from '@app/i18n/locales/pt/admin-promotions.json';
import type adminReports from '@app/i18n/locales/pt/admin-reports.json';
import type adminSettings from '@app/i18n/locales/pt/admin-settings.json';
import type adminSportsbook from '@app/i18n/locales/pt/admin-sportsbook.json';
import type adminReferral from '@app/i18n/locales/pt/admin-referral.json';
import type adminVip from '@app/i18n/locales/pt/admin-vip.json';
import type adminMessages from '@app/i18n/locales/pt/admin-messages.json';
import type adminFeedback from '@app/i18n/locales/pt/admin-feedback.json';
import type adminSupport from '@app/i18n/locales/pt/admin-support.json';
import type adminLimits from '@app/i18n/locales/pt/admin-limits.json';
import type adminExclusion from '@app/i18n/locales/pt/admin-exclusion.json';
import type adminCompliance from '@app/i18n/locales/pt/admin-compliance.json';
import type adminKyc from '@app/i18n/locales/pt/admin-kyc.json';
import type errors from '@app/i18n/locales/pt/errors.json';
import type validation from '@app/i18n/locales/pt/validation.json';

/**
 * The console's namespaces as TypeScript sees them (i18next.d.ts): Portuguese is the source of
 * truth for the key set, as on the player site, and the i18n check keeps English in step. i18n.ts
 * loads the same files at run time by a glob; a new `admin-<area>.json` is added here too, or its
 * keys do not typecheck.
 */
export interface AdminResources {
  admin: typeof admin;
  'admin-agents': typeof adminAgents;
  'admin-approvals': typeof adminApprovals;
  'admin-audit': typeof adminAudit;
  'admin-catalogue': typeof adminCatalogue;
  'admin-content': typeof adminContent;
  'admin-live': typeof adminLive;
  'admin-lottery': typeof adminLottery;
  'admin-members': typeof adminMembers;
  'admin-missions': typeof adminMissions;
  'admin-operators': typeof adminOperators;
  'admin-payments': typeof adminPayments;
  'admin-points': typeof adminPoints;
  'admin-promotions': typeof adminPromotions;
  'admin-reports': typeof adminReports;
  'admin-settings': typeof adminSettings;
  'admin-sportsbook': typeof adminSportsbook;
  'admin-referral': typeof adminReferral;
  'admin-vip': typeof adminVip;
  'admin-messages': typeof adminMessages;
  'admin-feedback': typeof adminFeedback;
  'admin-support': typeof adminSupport;
  'admin-limits': typeof adminLimits;
  'admin-exclusion': typeof adminExclusion;
  'admin-compliance': typeof adminCompliance;
  'admin-kyc': typeof adminKyc;
  errors: typeof errors;
  validation: typeof validation;
}

/** A console namespace's own texts (errors and validation are shared with the player site). */
export type AdminNamespace = Exclude<keyof AdminResources, 'errors' | 'validation'>;

/** A side-menu label: `<namespace>:<key>` of a text that exists, so a typo fails typecheck. */
export type MenuLabelKey = { [N in AdminNamespace]: `${N}:${ParseKeys<N>}` }[AdminNamespace];

/** Every console namespace, for a t() that reads menu labels of any area (the shell's menu). */
export const CONSOLE_NAMESPACES = ['admin', 'admin-agents', 'admin-approvals', 'admin-audit', 'admin-catalogue', 'admin-content', 'admin-live', 'admin-lottery', 'admin-members', 'admin-missions', 'admin-operators', 'admin-payments', 'admin-points', 'admin-promotions', 'admin-reports', 'admin-settings', 'admin-sportsbook', 'admin-vip', 'admin-referral', 'admin-messages', 'admin-feedback', 'admin-support', 'admin-limits', 'admin-compliance', 'admin-exclusion', 'admin-kyc'] as const satisfies readonly AdminNamespace[];
