import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorPermission, type OperatorRole } from '@app/contracts';
import { bearer, newOperator } from '../../../test/builders.ts';
import { api, createPaymentsContext, payingMember, PIN, requestId, type PayingMember } from '../../../test/payments-fixture.ts';
import type { TestContext } from '../../../test/test-context.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Access = OperatorPermission | 'any operator' | 'public' | 'enrolment token';

interface RouteCase {
  method: Method;
  /** As the OpenAPI document names it. */
  path: string;
  access: Access;
  /** A request that passes validation, so only the permission decides; none = covered by its own tests. */
  call?: { url: string; payload?: object };
}

const NOBODY = '999999999';
const SB_REQUEST = '7b0c2a1e-5a3d-4c1b-9f00-000000000001';
const promotion = {
  type: 'application',
  startsAt: '2026-01-01T00:00:00.000Z',
  endsAt: null,
  eligibility: { vipLevels: [], registeredFrom: null, registeredTo: null, newMembersOnly: false, onePerCpf: false, agentAccount: null, minDeposit: null, minValidBet: null },
  budget: '100.00',
  memberCap: '10.00',
  reward: { kind: 'cash', amount: '5.00' },
  texts: { pt: { title: 'Matriz', summary: '', html: '', imageUrl: null }, en: { title: 'Matrix', summary: '', html: '', imageUrl: null } },
  imageUrl: null,
  sortOrder: 0,
};
const banner = { language: 'pt', sortOrder: 1, startsAt: null, endsAt: null, enabled: true, body: { group: 'w_home', title: 'Matrix', imageUrl: '/media/content/crash-pt.svg', width: 1200, height: 400, link: { linkageType: 'ROUTE', target: '/crash' } } };

/**
 * Every back-office route and what it needs, from the matrix in @app/contracts. A new route
 * fails the first test below until it is added here with its permission.
 */
const ROUTES: RouteCase[] = [
  { method: 'POST', path: '/api/backoffice/session', access: 'public' },
  { method: 'GET', path: '/api/backoffice/session', access: 'any operator', call: { url: '/api/backoffice/session' } },
  // Logout revokes the token the other calls use; backoffice.routes.test.ts covers it.
  { method: 'DELETE', path: '/api/backoffice/session', access: 'any operator' },
  // Changing the password ends the other sessions the matrix uses; operator-password.routes.test.ts covers it.
  { method: 'PUT', path: '/api/backoffice/session/password', access: 'any operator' },
  { method: 'POST', path: '/api/backoffice/operators', access: 'operators.manage', call: { url: '/api/backoffice/operators', payload: { username: 'matrix-operator', displayName: 'Matrix', role: 'support' } } },
  { method: 'POST', path: '/api/backoffice/2fa/enrol', access: 'enrolment token' },
  { method: 'POST', path: '/api/backoffice/2fa/confirm', access: 'enrolment token' },
  { method: 'GET', path: '/api/backoffice/operators', access: 'operators.manage', call: { url: '/api/backoffice/operators' } },
  { method: 'DELETE', path: '/api/backoffice/operators/{id}/2fa', access: 'operators.manage', call: { url: `/api/backoffice/operators/${NOBODY}/2fa` } },
  { method: 'PUT', path: '/api/backoffice/operators/{id}/status', access: 'operators.manage', call: { url: `/api/backoffice/operators/${NOBODY}/status`, payload: { status: 'locked' } } },
  { method: 'PUT', path: '/api/backoffice/operators/{id}/role', access: 'operators.manage', call: { url: `/api/backoffice/operators/${NOBODY}/role`, payload: { role: 'support' } } },
  { method: 'POST', path: '/api/backoffice/operators/{id}/credential-reset', access: 'operators.manage', call: { url: `/api/backoffice/operators/${NOBODY}/credential-reset` } },
  // The reset link's own calls (the token in the body); operator-credential-reset.routes.test.ts covers them.
  { method: 'POST', path: '/api/backoffice/credential-reset/inspect', access: 'public' },
  { method: 'POST', path: '/api/backoffice/credential-reset/complete', access: 'public' },
  { method: 'GET', path: '/api/backoffice/dashboard', access: 'reports.read', call: { url: '/api/backoffice/dashboard' } },
  { method: 'GET', path: '/api/backoffice/reports/ggr', access: 'reports.read', call: { url: '/api/backoffice/reports/ggr?from=2026-01-01&to=2026-01-31' } },
  { method: 'GET', path: '/api/backoffice/reports/ggr.csv', access: 'reports.read', call: { url: '/api/backoffice/reports/ggr.csv?from=2026-01-01&to=2026-01-31' } },
  { method: 'GET', path: '/api/backoffice/reports/payments', access: 'reports.read', call: { url: '/api/backoffice/reports/payments?from=2026-01-01&to=2026-01-31' } },
  { method: 'GET', path: '/api/backoffice/reports/payments.csv', access: 'reports.read', call: { url: '/api/backoffice/reports/payments.csv?from=2026-01-01&to=2026-01-31' } },
  { method: 'GET', path: '/api/backoffice/audit', access: 'audit.read', call: { url: '/api/backoffice/audit?action=backoffice' } },
  { method: 'GET', path: '/api/backoffice/audit/verify', access: 'audit.read', call: { url: '/api/backoffice/audit/verify' } },
  { method: 'GET', path: '/api/backoffice/security/alerts', access: 'audit.read', call: { url: '/api/backoffice/security/alerts' } },
  { method: 'GET', path: '/api/backoffice/settings', access: 'settings.site', call: { url: '/api/backoffice/settings' } },
  { method: 'PUT', path: '/api/backoffice/settings/{key}', access: 'settings.site', call: { url: '/api/backoffice/settings/appDownload', payload: { ios: null, android: null, lite: null } } },
  { method: 'PUT', path: '/api/backoffice/settings/{key}', access: 'settings.manage', call: { url: '/api/backoffice/settings/maintenance', payload: { enabled: false, message: null } } },
  { method: 'POST', path: '/api/backoffice/settings/payments/proposal', access: 'settings.manage', call: { url: '/api/backoffice/settings/payments/proposal', payload: { value: [], reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/payments/deposits', access: 'payments.read', call: { url: '/api/backoffice/payments/deposits' } },
  { method: 'GET', path: '/api/backoffice/payments/withdrawals', access: 'payments.read', call: { url: '/api/backoffice/payments/withdrawals' } },
  { method: 'GET', path: '/api/backoffice/payments/events', access: 'payments.read', call: { url: '/api/backoffice/payments/events' } },
  { method: 'POST', path: '/api/backoffice/payments/withdrawals/{id}/approve', access: 'payments.review', call: { url: `/api/backoffice/payments/withdrawals/${NOBODY}/approve` } },
  { method: 'POST', path: '/api/backoffice/payments/withdrawals/{id}/reject', access: 'payments.review', call: { url: `/api/backoffice/payments/withdrawals/${NOBODY}/reject`, payload: { reason: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/payments/deposits/{id}/{decision}', access: 'payments.review', call: { url: `/api/backoffice/payments/deposits/${NOBODY}/credit`, payload: { note: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/agents/contracts', access: 'agents.contracts.grant', call: { url: '/api/backoffice/agents/contracts', payload: { downline: 'nobody-here', kind: 'hourly', tiers: [{ minValidBet: '0', rate: '2' }] } } },
  { method: 'GET', path: '/api/backoffice/agents/contracts', access: 'agents.read', call: { url: '/api/backoffice/agents/contracts' } },
  { method: 'GET', path: '/api/backoffice/agents/settlements', access: 'agents.read', call: { url: '/api/backoffice/agents/settlements' } },
  { method: 'GET', path: '/api/backoffice/agents/settlements/runs', access: 'agents.read', call: { url: '/api/backoffice/agents/settlements/runs' } },
  { method: 'GET', path: '/api/backoffice/agents/settlements/runs/{id}', access: 'agents.read', call: { url: `/api/backoffice/agents/settlements/runs/${NOBODY}` } },
  { method: 'POST', path: '/api/backoffice/agents/settlements/runs/{id}/rerun', access: 'agents.settle', call: { url: `/api/backoffice/agents/settlements/runs/${NOBODY}/rerun`, payload: { reason: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/agents/settlements/periods', access: 'agents.settle', call: { url: '/api/backoffice/agents/settlements/periods', payload: { kind: 'daily', at: '2999-01-01', reason: 'matrix' } } },
  // Maker-checker: the list shows each role the kinds it may decide; deciding needs the kind's permission (approval.routes.test.ts).
  { method: 'GET', path: '/api/backoffice/approvals', access: 'any operator', call: { url: '/api/backoffice/approvals' } },
  { method: 'POST', path: '/api/backoffice/approvals/{id}/approve', access: 'any operator', call: { url: `/api/backoffice/approvals/${NOBODY}/approve` } },
  { method: 'POST', path: '/api/backoffice/approvals/{id}/reject', access: 'any operator', call: { url: `/api/backoffice/approvals/${NOBODY}/reject`, payload: { note: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/agents/tree', access: 'agents.read', call: { url: '/api/backoffice/agents/tree' } },
  { method: 'GET', path: '/api/backoffice/promotions', access: 'promotions.manage', call: { url: '/api/backoffice/promotions' } },
  { method: 'POST', path: '/api/backoffice/promotions', access: 'promotions.manage', call: { url: '/api/backoffice/promotions', payload: promotion } },
  { method: 'PUT', path: '/api/backoffice/promotions/{id}', access: 'promotions.manage', call: { url: `/api/backoffice/promotions/${NOBODY}`, payload: promotion } },
  { method: 'PUT', path: '/api/backoffice/promotions/{id}/status', access: 'promotions.manage', call: { url: `/api/backoffice/promotions/${NOBODY}/status`, payload: { status: 'paused' } } },
  { method: 'GET', path: '/api/backoffice/promotions/applications', access: 'promotions.review', call: { url: '/api/backoffice/promotions/applications' } },
  { method: 'POST', path: '/api/backoffice/promotions/applications/{id}/decision', access: 'promotions.review', call: { url: `/api/backoffice/promotions/applications/${NOBODY}/decision`, payload: { decision: 'approve' } } },
  { method: 'GET', path: '/api/backoffice/promotions/application-images/{imageId}', access: 'promotions.review', call: { url: `/api/backoffice/promotions/application-images/${NOBODY}` } },
  { method: 'GET', path: '/api/backoffice/promotions/costs', access: 'promotions.manage', call: { url: '/api/backoffice/promotions/costs' } },
  { method: 'GET', path: '/api/backoffice/promotions/{id}/game', access: 'promotions.manage', call: { url: `/api/backoffice/promotions/${NOBODY}/game` } },
  { method: 'PUT', path: '/api/backoffice/promotions/{id}/game', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/promotions/{id}/periodic', access: 'promotions.manage', call: { url: `/api/backoffice/promotions/${NOBODY}/periodic` } },
  { method: 'PUT', path: '/api/backoffice/promotions/{id}/periodic', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/promotions/periodic-runs', access: 'promotions.manage', call: { url: '/api/backoffice/promotions/periodic-runs' } },
  { method: 'POST', path: '/api/backoffice/promotions/{id}/periodic-runs', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/points/config', access: 'promotions.manage', call: { url: '/api/backoffice/points/config' } },
  { method: 'PUT', path: '/api/backoffice/points/config', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/points/items', access: 'promotions.manage', call: { url: '/api/backoffice/points/items' } },
  { method: 'POST', path: '/api/backoffice/points/items', access: 'promotions.manage' },
  { method: 'PUT', path: '/api/backoffice/points/items/{id}', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/points/redemptions', access: 'promotions.review', call: { url: '/api/backoffice/points/redemptions' } },
  { method: 'POST', path: '/api/backoffice/points/redemptions/{id}/decision', access: 'promotions.review' },
  { method: 'GET', path: '/api/backoffice/vip/levels', access: 'promotions.manage', call: { url: '/api/backoffice/vip/levels' } },
  { method: 'GET', path: '/api/backoffice/referral/rules', access: 'referral.manage', call: { url: '/api/backoffice/referral/rules' } },
  { method: 'PUT', path: '/api/backoffice/referral/rules', access: 'referral.manage' },
  { method: 'GET', path: '/api/backoffice/referral/referrals', access: 'referral.review', call: { url: '/api/backoffice/referral/referrals' } },
  { method: 'POST', path: '/api/backoffice/referral/referrals/{refereeId}/release', access: 'referral.review' },
  { method: 'POST', path: '/api/backoffice/referral/referrals/{refereeId}/reject', access: 'referral.review' },
  { method: 'GET', path: '/api/backoffice/limits/members/{account}', access: 'rg.read', call: { url: '/api/backoffice/limits/members/nobody' } },
  { method: 'GET', path: '/api/backoffice/kyc/verifications', access: 'kyc.review', call: { url: '/api/backoffice/kyc/verifications' } },
  { method: 'GET', path: '/api/backoffice/kyc/verifications/{id}', access: 'kyc.review' },
  { method: 'GET', path: '/api/backoffice/kyc/verifications/{id}/files/{fileId}', access: 'kyc.review' },
  { method: 'POST', path: '/api/backoffice/kyc/verifications/{id}/decision', access: 'kyc.review' },
  { method: 'GET', path: '/api/backoffice/exclusion/restrictions', access: 'rg.read', call: { url: '/api/backoffice/exclusion/restrictions' } },
  { method: 'GET', path: '/api/backoffice/exclusion/barred', access: 'rg.barred', call: { url: '/api/backoffice/exclusion/barred' } },
  { method: 'POST', path: '/api/backoffice/exclusion/barred/import', access: 'rg.barred' },
  { method: 'POST', path: '/api/backoffice/exclusion/barred/check', access: 'rg.barred' },
  { method: 'GET', path: '/api/backoffice/compliance/alerts', access: 'compliance.read', call: { url: '/api/backoffice/compliance/alerts' } },
  { method: 'POST', path: '/api/backoffice/compliance/alerts/{id}/acknowledge', access: 'compliance.read', call: { url: `/api/backoffice/compliance/alerts/${NOBODY}/acknowledge`, payload: { note: 'Matrix' } } },
  { method: 'POST', path: '/api/backoffice/compliance/alerts/evaluate', access: 'compliance.read' },
  { method: 'GET', path: '/api/backoffice/compliance/settings', access: 'compliance.read', call: { url: '/api/backoffice/compliance/settings' } },
  { method: 'PUT', path: '/api/backoffice/compliance/settings', access: 'settings.manage' },
  { method: 'GET', path: '/api/backoffice/compliance/extract', access: 'compliance.read', call: { url: '/api/backoffice/compliance/extract?day=2026-01-01&family=bettors' } },
  { method: 'PUT', path: '/api/backoffice/vip/levels/{rank}', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/vip/members', access: 'promotions.manage', call: { url: '/api/backoffice/vip/members?rank=0' } },
  { method: 'GET', path: '/api/backoffice/messages', access: 'messages.send', call: { url: '/api/backoffice/messages' } },
  { method: 'POST', path: '/api/backoffice/messages', access: 'messages.send' },
  { method: 'POST', path: '/api/backoffice/messages/preview', access: 'messages.send', call: { url: '/api/backoffice/messages/preview', payload: { audience: { kind: 'all' }, title: 'Matrix', bodyHtml: '<p>Matrix</p>' } } },
  { method: 'POST', path: '/api/backoffice/messages/{id}/cancel', access: 'messages.send', call: { url: `/api/backoffice/messages/${NOBODY}/cancel` } },
  { method: 'GET', path: '/api/backoffice/feedback', access: 'feedback.handle', call: { url: '/api/backoffice/feedback' } },
  { method: 'GET', path: '/api/backoffice/feedback/{id}', access: 'feedback.handle', call: { url: `/api/backoffice/feedback/${NOBODY}` } },
  { method: 'POST', path: '/api/backoffice/feedback/{id}/assign', access: 'feedback.handle', call: { url: `/api/backoffice/feedback/${NOBODY}/assign`, payload: { requestId: SB_REQUEST, username: null } } },
  { method: 'POST', path: '/api/backoffice/feedback/{id}/notes', access: 'feedback.handle', call: { url: `/api/backoffice/feedback/${NOBODY}/notes`, payload: { requestId: SB_REQUEST, body: 'Matrix' } } },
  { method: 'POST', path: '/api/backoffice/feedback/{id}/reply', access: 'feedback.handle', call: { url: `/api/backoffice/feedback/${NOBODY}/reply`, payload: { requestId: SB_REQUEST, body: 'Matrix' } } },
  { method: 'POST', path: '/api/backoffice/feedback/{id}/close', access: 'feedback.handle', call: { url: `/api/backoffice/feedback/${NOBODY}/close`, payload: { requestId: SB_REQUEST } } },
  { method: 'GET', path: '/api/backoffice/missions', access: 'promotions.manage', call: { url: '/api/backoffice/missions' } },
  { method: 'POST', path: '/api/backoffice/missions', access: 'promotions.manage' },
  { method: 'PUT', path: '/api/backoffice/missions/{id}', access: 'promotions.manage' },
  { method: 'POST', path: '/api/backoffice/missions/{id}/deactivate', access: 'promotions.manage', call: { url: `/api/backoffice/missions/${NOBODY}/deactivate` } },
  { method: 'GET', path: '/api/backoffice/missions/checkin', access: 'promotions.manage', call: { url: '/api/backoffice/missions/checkin' } },
  { method: 'PUT', path: '/api/backoffice/missions/checkin', access: 'promotions.manage' },
  { method: 'GET', path: '/api/backoffice/content/{kind}', access: 'content.manage', call: { url: '/api/backoffice/content/banner' } },
  { method: 'POST', path: '/api/backoffice/content/{kind}', access: 'content.manage', call: { url: '/api/backoffice/content/banner', payload: banner } },
  { method: 'PUT', path: '/api/backoffice/content/{kind}/{id}', access: 'content.manage', call: { url: `/api/backoffice/content/banner/${NOBODY}`, payload: banner } },
  { method: 'DELETE', path: '/api/backoffice/content/{kind}/{id}', access: 'content.manage', call: { url: `/api/backoffice/content/banner/${NOBODY}` } },
  { method: 'GET', path: '/api/backoffice/catalogue/vendors', access: 'catalogue.read', call: { url: '/api/backoffice/catalogue/vendors' } },
  { method: 'PATCH', path: '/api/backoffice/catalogue/vendors/{code}', access: 'catalogue.manage', call: { url: '/api/backoffice/catalogue/vendors/NOBODY', payload: { maintenance: true } } },
  { method: 'POST', path: '/api/backoffice/catalogue/vendors/{code}/secret', access: 'catalogue.integration', call: { url: '/api/backoffice/catalogue/vendors/NOBODY/secret', payload: { reason: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/catalogue/vendors/{code}/wallet-mode', access: 'catalogue.integration', call: { url: '/api/backoffice/catalogue/vendors/NOBODY/wallet-mode', payload: { walletMode: 'transfer', reason: 'matrix' } } },
  { method: 'PUT', path: '/api/backoffice/catalogue/vendors/{code}/ip-allow-list', access: 'catalogue.integration', call: { url: '/api/backoffice/catalogue/vendors/NOBODY/ip-allow-list', payload: { networks: [] } } },
  { method: 'GET', path: '/api/backoffice/catalogue/games', access: 'catalogue.read', call: { url: '/api/backoffice/catalogue/games' } },
  { method: 'PATCH', path: '/api/backoffice/catalogue/games/{id}', access: 'catalogue.manage', call: { url: `/api/backoffice/catalogue/games/${NOBODY}`, payload: { isHot: true } } },
  // The upload's body is a CSV file; catalogue.admin-routes.test.ts covers who may send it.
  { method: 'POST', path: '/api/backoffice/catalogue/import', access: 'catalogue.manage' },
  { method: 'GET', path: '/api/backoffice/members', access: 'members.read', call: { url: '/api/backoffice/members?q=nobody' } },
  { method: 'GET', path: '/api/backoffice/members/{id}', access: 'members.read', call: { url: `/api/backoffice/members/${NOBODY}` } },
  { method: 'POST', path: '/api/backoffice/members/{id}/lock', access: 'members.lock', call: { url: `/api/backoffice/members/${NOBODY}/lock`, payload: { reason: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/members/{id}/unlock', access: 'members.lock', call: { url: `/api/backoffice/members/${NOBODY}/unlock`, payload: { reason: 'matrix' } } },
  { method: 'POST', path: '/api/backoffice/members/{id}/password-reset', access: 'members.password.reset', call: { url: `/api/backoffice/members/${NOBODY}/password-reset` } },
  { method: 'POST', path: '/api/backoffice/members/{id}/notes', access: 'members.notes', call: { url: `/api/backoffice/members/${NOBODY}/notes`, payload: { body: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/members/{id}/balances', access: 'members.wallet.read', call: { url: `/api/backoffice/members/${NOBODY}/balances` } },
  { method: 'GET', path: '/api/backoffice/members/{id}/ledger', access: 'members.wallet.read', call: { url: `/api/backoffice/members/${NOBODY}/ledger` } },
  { method: 'GET', path: '/api/backoffice/members/{id}/bets', access: 'members.read', call: { url: `/api/backoffice/members/${NOBODY}/bets` } },
  { method: 'GET', path: '/api/backoffice/bonus/grants', access: 'members.wallet.read', call: { url: '/api/backoffice/bonus/grants?account=nobody' } },
  { method: 'POST', path: '/api/backoffice/bonus/grants/proposal', access: 'balance.adjust.approve', call: { url: '/api/backoffice/bonus/grants/proposal', payload: { account: 'nobody-here', amount: '5.00', wageringMultiple: 10, expiryDays: 7, reason: 'matrix' } } },
  // A request needs an Idempotency-Key header; balance-adjustment.test.ts covers who may send it.
  { method: 'POST', path: '/api/backoffice/balance-adjustments', access: 'balance.adjust.request' },
  { method: 'GET', path: '/api/backoffice/balance-adjustments', access: 'balance.adjust.request', call: { url: '/api/backoffice/balance-adjustments' } },
  { method: 'POST', path: '/api/backoffice/balance-adjustments/{id}/approve', access: 'balance.adjust.approve', call: { url: `/api/backoffice/balance-adjustments/${NOBODY}/approve` } },
  { method: 'POST', path: '/api/backoffice/balance-adjustments/{id}/reject', access: 'balance.adjust.approve', call: { url: `/api/backoffice/balance-adjustments/${NOBODY}/reject`, payload: { note: 'matrix' } } },
  // The sportsbook console (sportsbook/backoffice/console.admin-routes.test.ts covers each route's behaviour).
  { method: 'GET', path: '/api/backoffice/sportsbook/events', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/events' } },
  { method: 'GET', path: '/api/backoffice/sportsbook/events/{id}', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/events/nobody' } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events', payload: { requestId: SB_REQUEST, sport: { id: 'curling' }, category: { namePt: 'Matriz' }, tournament: { namePt: 'Matriz' }, home: 'A', away: 'B', startAt: '2999-01-01T00:00:00Z' } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/markets', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/markets', payload: { requestId: SB_REQUEST, markets: [{ type: 'btts', outcomes: [{ id: 'yes', odds: '1.90' }] }] } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/state', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/state', payload: { requestId: SB_REQUEST, status: 'live' } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/odds', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/odds', payload: { requestId: SB_REQUEST, marketKey: '1x2', outcomes: [{ id: 'home', odds: '2.00' }] } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/suspend', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/suspend', payload: { requestId: SB_REQUEST } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/reopen', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/reopen', payload: { requestId: SB_REQUEST, marketKey: '1x2' } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/margin', access: 'sportsbook.trade', call: { url: '/api/backoffice/sportsbook/events/nobody/margin', payload: { requestId: SB_REQUEST, marketKey: '1x2', marginPercent: '5' } } },
  { method: 'POST', path: '/api/backoffice/sportsbook/events/{id}/results', access: 'sportsbook.settle', call: { url: '/api/backoffice/sportsbook/events/nobody/results', payload: { requestId: SB_REQUEST, marketKey: '1x2', void: true, reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/sportsbook/liability', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/liability' } },
  { method: 'GET', path: '/api/backoffice/sportsbook/settings', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/settings' } },
  { method: 'PUT', path: '/api/backoffice/sportsbook/settings', access: 'settings.manage', call: { url: '/api/backoffice/sportsbook/settings', payload: { resultApproval: '10000.00', voidApproval: '1000.00', bigBetStake: '1000.00', bigBetReturn: '10000.00' } } },
  { method: 'GET', path: '/api/backoffice/sportsbook/tickets', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/tickets' } },
  { method: 'GET', path: '/api/backoffice/sportsbook/tickets/{id}', access: 'sportsbook.read', call: { url: `/api/backoffice/sportsbook/tickets/${NOBODY}` } },
  { method: 'POST', path: '/api/backoffice/sportsbook/tickets/{id}/void', access: 'sportsbook.settle', call: { url: `/api/backoffice/sportsbook/tickets/${NOBODY}/void`, payload: { requestId: SB_REQUEST, reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/sportsbook/alerts', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/alerts' } },
  { method: 'POST', path: '/api/backoffice/sportsbook/alerts/{id}/acknowledge', access: 'sportsbook.trade', call: { url: `/api/backoffice/sportsbook/alerts/${NOBODY}/acknowledge` } },
  { method: 'GET', path: '/api/backoffice/sportsbook/feed-health', access: 'sportsbook.read', call: { url: '/api/backoffice/sportsbook/feed-health' } },
  // The lottery console (lottery/backoffice/console.admin-routes.test.ts covers each route's behaviour).
  { method: 'GET', path: '/api/backoffice/lottery/games', access: 'lottery.read', call: { url: '/api/backoffice/lottery/games' } },
  { method: 'PATCH', path: '/api/backoffice/lottery/games/{code}', access: 'lottery.manage', call: { url: '/api/backoffice/lottery/games/NOBODY', payload: { requestId: SB_REQUEST, enabled: true } } },
  { method: 'GET', path: '/api/backoffice/lottery/odds', access: 'lottery.read', call: { url: '/api/backoffice/lottery/odds' } },
  { method: 'PUT', path: '/api/backoffice/lottery/odds/{code}/{prizeMode}/{betType}', access: 'lottery.manage', call: { url: '/api/backoffice/lottery/odds/NOBODY/LOTT/bao_lo_2', payload: { requestId: SB_REQUEST, odds: { hit: 95000 } } } },
  { method: 'GET', path: '/api/backoffice/lottery/draws', access: 'lottery.read', call: { url: '/api/backoffice/lottery/draws' } },
  { method: 'GET', path: '/api/backoffice/lottery/draws/{id}', access: 'lottery.read', call: { url: `/api/backoffice/lottery/draws/${NOBODY}` } },
  { method: 'GET', path: '/api/backoffice/lottery/draws/{id}/exposure', access: 'lottery.read', call: { url: `/api/backoffice/lottery/draws/${NOBODY}/exposure` } },
  { method: 'PUT', path: '/api/backoffice/lottery/draws/{id}/caps', access: 'lottery.manage', call: { url: `/api/backoffice/lottery/draws/${NOBODY}/caps`, payload: { requestId: SB_REQUEST, cap: null } } },
  { method: 'POST', path: '/api/backoffice/lottery/draws/{id}/results', access: 'lottery.settle', call: { url: `/api/backoffice/lottery/draws/${NOBODY}/results`, payload: { requestId: SB_REQUEST, reason: 'matrix', result: { family: 'fast_5d', balls: [1, 2, 3, 4, 5] } } } },
  { method: 'POST', path: '/api/backoffice/lottery/draws/{id}/cancel', access: 'lottery.settle', call: { url: `/api/backoffice/lottery/draws/${NOBODY}/cancel`, payload: { requestId: SB_REQUEST, reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/lottery/tickets', access: 'lottery.read', call: { url: '/api/backoffice/lottery/tickets' } },
  // The live tables console (live-tables/backoffice/console.admin-routes.test.ts covers each route's behaviour).
  { method: 'GET', path: '/api/backoffice/live/tables', access: 'live.read', call: { url: '/api/backoffice/live/tables' } },
  { method: 'PATCH', path: '/api/backoffice/live/tables/{code}', access: 'live.manage', call: { url: '/api/backoffice/live/tables/nobody', payload: { requestId: SB_REQUEST, reason: 'matrix', status: 'open' } } },
  { method: 'POST', path: '/api/backoffice/live/tables/{code}/new-shoe', access: 'live.manage', call: { url: '/api/backoffice/live/tables/nobody/new-shoe', payload: { requestId: SB_REQUEST, reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/live/rounds', access: 'live.read', call: { url: '/api/backoffice/live/rounds' } },
  { method: 'GET', path: '/api/backoffice/live/rounds/{id}', access: 'live.read', call: { url: `/api/backoffice/live/rounds/${NOBODY}` } },
  // Customer-service chat (issue 26): every route needs support.chat.
  { method: 'GET', path: '/api/backoffice/support/conversations', access: 'support.chat', call: { url: '/api/backoffice/support/conversations' } },
  { method: 'GET', path: '/api/backoffice/support/conversations/{id}', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}` } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/take', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/take` } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/transfer', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/transfer`, payload: { operatorId: NOBODY } } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/close', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/close` } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/messages', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/messages`, payload: { clientId: SB_REQUEST, body: 'Matrix' } } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/read', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/read`, payload: { lastReadId: NOBODY } } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/typing', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/typing` } },
  { method: 'GET', path: '/api/backoffice/support/conversations/{id}/context', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/context` } },
  { method: 'POST', path: '/api/backoffice/support/conversations/{id}/images', access: 'support.chat', call: { url: `/api/backoffice/support/conversations/${NOBODY}/images`, payload: { not: 'an image' } } },
  { method: 'GET', path: '/api/backoffice/support/images/{id}', access: 'support.chat', call: { url: '/api/backoffice/support/images/7b0c2a1e-5a3d-4c1b-9f00-000000000002' } },
  { method: 'GET', path: '/api/backoffice/support/operators', access: 'support.chat', call: { url: '/api/backoffice/support/operators' } },
  { method: 'POST', path: '/api/backoffice/support/presence', access: 'support.chat', call: { url: '/api/backoffice/support/presence', payload: { online: false } } },
  { method: 'GET', path: '/api/backoffice/support/canned-replies', access: 'support.chat', call: { url: '/api/backoffice/support/canned-replies' } },
  { method: 'POST', path: '/api/backoffice/support/canned-replies', access: 'support.chat', call: { url: '/api/backoffice/support/canned-replies', payload: { shortcut: 'matrix', body: 'Matrix' } } },
  { method: 'PUT', path: '/api/backoffice/support/canned-replies/{id}', access: 'support.chat', call: { url: `/api/backoffice/support/canned-replies/${NOBODY}`, payload: { shortcut: 'matrix2', body: 'Matrix' } } },
  { method: 'DELETE', path: '/api/backoffice/support/canned-replies/{id}', access: 'support.chat', call: { url: `/api/backoffice/support/canned-replies/${NOBODY}` } },
  { method: 'GET', path: '/api/backoffice/support/report', access: 'support.chat', call: { url: '/api/backoffice/support/report?from=2026-01-01&to=2026-01-31' } },
  { method: 'GET', path: '/api/backoffice/live/chat', access: 'live.read', call: { url: '/api/backoffice/live/chat' } },
  { method: 'POST', path: '/api/backoffice/live/chat/{id}/remove', access: 'live.moderate', call: { url: `/api/backoffice/live/chat/${NOBODY}/remove`, payload: { requestId: SB_REQUEST, reason: 'matrix' } } },
  { method: 'GET', path: '/api/backoffice/live/mutes', access: 'live.moderate', call: { url: '/api/backoffice/live/mutes' } },
  { method: 'POST', path: '/api/backoffice/live/mutes', access: 'live.moderate', call: { url: '/api/backoffice/live/mutes', payload: { requestId: SB_REQUEST, reason: 'matrix', account: 'nobody-at-all', minutes: 5 } } },
];

describe('back-office permissions', () => {
  let ctx: TestContext;
  const tokens = {} as Record<OperatorRole, string>;
  beforeAll(async () => {
    ({ ctx } = await createPaymentsContext());
    for (const role of OPERATOR_ROLES) tokens[role] = (await newOperator(ctx.core, ctx.app, role)).token;
  });
  afterAll(async () => ctx.close());

  const call = (role: OperatorRole, method: Method, url: string, payload?: object) =>
    method === 'PATCH' ? ctx.app.inject({ method, url, headers: bearer(tokens[role]), payload }) : api(ctx, method, url, tokens[role], payload);

  it('is this matrix (a change here is a change of who may move money: review it)', () => {
    expect(ROLE_PERMISSIONS).toEqual({
      owner: ['payments.read', 'payments.review', 'agents.read', 'agents.contracts.grant', 'agents.settle', 'content.manage', 'settings.site', 'settings.manage', 'audit.read', 'operators.manage', 'reports.read', 'catalogue.read', 'catalogue.manage', 'catalogue.integration', 'members.read', 'members.pii', 'members.wallet.read', 'members.lock', 'members.notes', 'members.password.reset', 'promotions.manage', 'promotions.review', 'balance.adjust.request', 'balance.adjust.approve', 'sportsbook.read', 'sportsbook.trade', 'sportsbook.settle', 'lottery.read', 'lottery.manage', 'lottery.settle', 'live.read', 'live.manage', 'live.moderate', 'messages.send', 'feedback.handle', 'support.chat', 'referral.manage', 'referral.review', 'rg.read', 'rg.barred', 'kyc.review', 'compliance.read'],
      finance: ['payments.read', 'payments.review', 'promotions.review', 'agents.read', 'agents.contracts.grant', 'agents.settle', 'reports.read', 'members.read', 'members.wallet.read', 'balance.adjust.request', 'balance.adjust.approve', 'sportsbook.read', 'lottery.read', 'live.read', 'referral.review', 'compliance.read'],
      risk: ['audit.read', 'catalogue.read', 'reports.read', 'members.read', 'members.pii', 'members.wallet.read', 'members.lock', 'members.notes', 'sportsbook.read', 'sportsbook.trade', 'sportsbook.settle', 'lottery.read', 'lottery.manage', 'lottery.settle', 'live.read', 'live.manage', 'live.moderate', 'referral.review', 'rg.read', 'rg.barred', 'kyc.review', 'compliance.read'],
      support: ['catalogue.read', 'members.read', 'members.notes', 'members.password.reset', 'sportsbook.read', 'lottery.read', 'live.read', 'live.moderate', 'messages.send', 'feedback.handle', 'support.chat', 'rg.read'],
      content: ['content.manage', 'settings.site', 'catalogue.read', 'catalogue.manage', 'promotions.manage', 'messages.send', 'referral.manage'],
    });
  });

  it('names every back-office route of the API', () => {
    const document = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/backoffice'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect([...new Set(ROUTES.map((route) => `${route.method} ${route.path}`))].sort()).toEqual(served.sort());
  });

  for (const route of ROUTES.filter((candidate) => candidate.call !== undefined)) {
    it(`${route.method} ${route.call!.url}: ${route.access}`, async () => {
      for (const role of OPERATOR_ROLES) {
        const response = await call(role, route.method, route.call!.url, route.call!.payload);
        const allowed = route.access === 'any operator' || hasPermission(role, route.access as OperatorPermission);
        if (allowed) {
          expect([401, 403], `${role}: ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, role).toBe(403);
          expect(response.json().error.code, role).toBe('backoffice.forbidden');
        }
      }
    });
  }

  describe('money decisions', () => {
    async function reviewingWithdrawal(): Promise<{ member: PayingMember; id: string }> {
      const member = await payingMember(ctx, { balance: 100_000n });
      const saved = await api(ctx, 'PUT', '/api/payments/payout-account', member.token, { account: { kind: 'pix', keyType: 'cpf', key: member.cpf }, password: member.password });
      expect(saved.statusCode, saved.body).toBe(200);
      const withdrawal = await api(ctx, 'POST', '/api/payments/withdrawals', member.token, { amount: '100.00', paymentPassword: PIN, requestId: requestId() });
      expect(withdrawal.json().status).toBe('reviewing');
      return { member, id: withdrawal.json().id as string };
    }

    // Held for an operator: the PSP booked a payment whose amount differs from the charge (a payment
    // from another CPF is no longer held but returned at once, issue 27).
    async function heldDeposit(): Promise<string> {
      const member = await payingMember(ctx);
      const deposit = (await api(ctx, 'POST', '/api/payments/deposits', member.token, { amount: '30.00', requestId: requestId() })).json();
      const { txid } = await ctx.core.db.selectFrom('payments_deposit').select('txid').where('id', '=', BigInt(deposit.id)).executeTakeFirstOrThrow();
      const endToEndId = `E${txid}`.slice(0, 32);
      await ctx.core.db.updateTable('payments_sandbox_charge').set({ status: 'paid', end_to_end_id: endToEndId, paid_at: new Date(), payer_cpf: member.cpf }).where('txid', '=', txid).execute();
      expect(await ctx.core.modules.payments.api.deposits.settlePaid({ txid, amount: 3100n, endToEndId, payerCpf: member.cpf, paidAt: new Date() })).toBe('held');
      return deposit.id as string;
    }

    const statusOf = async (table: 'payments_withdrawal' | 'payments_deposit', id: string) =>
      (await ctx.core.db.selectFrom(table).select('status').where('id', '=', BigInt(id)).executeTakeFirstOrThrow()).status;
    const auditCount = async (targetId: string) => (await ctx.core.db.selectFrom('backoffice_audit').select('id').where('target_id', '=', targetId).where('action', 'like', 'payments.%').execute()).length;

    it('refuses support (and risk and content) approving or rejecting a withdrawal, and lets finance', async () => {
      const approve = await reviewingWithdrawal();
      const reject = await reviewingWithdrawal();
      for (const role of ['support', 'risk', 'content'] as const) {
        for (const [url, payload] of [[`/api/backoffice/payments/withdrawals/${approve.id}/approve`, undefined], [`/api/backoffice/payments/withdrawals/${reject.id}/reject`, { reason: 'no' }]] as const) {
          const refused = await call(role, 'POST', url, payload);
          expect(refused.statusCode, `${role} ${url}`).toBe(403);
          expect(refused.json().error.code).toBe('backoffice.forbidden');
        }
      }
      expect([await statusOf('payments_withdrawal', approve.id), await statusOf('payments_withdrawal', reject.id)]).toEqual(['reviewing', 'reviewing']);
      expect(await auditCount(approve.id)).toBe(0);

      expect((await call('finance', 'POST', `/api/backoffice/payments/withdrawals/${approve.id}/approve`)).statusCode).toBe(200);
      expect((await call('finance', 'POST', `/api/backoffice/payments/withdrawals/${reject.id}/reject`, { reason: 'destino divergente' })).statusCode).toBe(200);
      expect(await statusOf('payments_withdrawal', reject.id)).toBe('rejected');
      expect(await auditCount(approve.id)).toBe(1);
    });

    it('refuses support crediting or refunding a held deposit, and lets finance', async () => {
      const credit = await heldDeposit();
      const refund = await heldDeposit();
      for (const [id, decision] of [[credit, 'credit'], [refund, 'refund']]) {
        const refused = await call('support', 'POST', `/api/backoffice/payments/deposits/${id}/${decision}`, { note: 'support tries' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('backoffice.forbidden');
      }
      expect([await statusOf('payments_deposit', credit), await statusOf('payments_deposit', refund)]).toEqual(['held', 'held']);
      expect((await call('finance', 'POST', `/api/backoffice/payments/deposits/${credit}/credit`, { note: 'comprovante conferido' })).json().status).toBe('credited');
      expect((await call('finance', 'POST', `/api/backoffice/payments/deposits/${refund}/refund`, { note: 'pagador não é o titular' })).json().status).toBe('refunded');
    });

    it('lets finance read payments but not touch content or owner settings', async () => {
      expect((await call('finance', 'GET', '/api/backoffice/payments/withdrawals?status=reviewing')).statusCode).toBe(200);
      for (const [method, url, payload] of [
        ['GET', '/api/backoffice/content/banner', undefined],
        ['POST', '/api/backoffice/content/banner', banner],
        ['GET', '/api/backoffice/settings', undefined],
        ['PUT', '/api/backoffice/settings/backoffice', { ipAllowList: [] }],
      ] as const) {
        expect((await call('finance', method, url, payload)).json().error.code, url).toBe('backoffice.forbidden');
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/payments/withdrawals', headers: bearer('x'.repeat(43)) })).statusCode).toBe(401);
    });
  });
});
