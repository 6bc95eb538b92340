import { useTranslation } from 'react-i18next';
import {
  BONUS_GRANT_KIND,
  LOTTERY_CANCEL_APPROVAL_KIND,
  LOTTERY_RESULT_APPROVAL_KIND,
  LotteryCancelApprovalPayloadSchema,
  LotteryResultApprovalPayloadSchema,
  BonusGrantPayloadSchema,
  PaymentLimitsPayloadSchema,
  SettlementPeriodPayloadSchema,
  SettlementRerunPayloadSchema,
  SPORTSBOOK_RESULT_APPROVAL_KIND,
  SPORTSBOOK_VOID_APPROVAL_KIND,
  SportsbookResultPayloadSchema,
  SportsbookVoidPayloadSchema,
  VendorSecretPayloadSchema,
  VendorWalletModePayloadSchema,
  type ApprovalRequest,
} from '@app/contracts';
import { formatDateTime, formatMoney } from '../../shared/format.ts';

type Limits = ReturnType<typeof PaymentLimitsPayloadSchema.parse>['after'];
const LIMIT_FIELDS = [
  ['deposit', 'presets'],
  ['deposit', 'min'],
  ['deposit', 'max'],
  ['deposit', 'expiresInMinutes'],
  ['deposit', 'maxPending'],
  ['withdrawal', 'min'],
  ['withdrawal', 'max'],
  ['withdrawal', 'autoApproveUpTo'],
  ['withdrawal', 'receiptTimeoutMinutes'],
] as const;

/** Centavos as money text ('12345' → '123.45'). */
const centsText = (cents: string | undefined) => {
  const value = BigInt(cents ?? '0');
  return `${value / 100n}.${(value % 100n).toString().padStart(2, '0')}`;
};

/** What a request changes, in words: one line per change (the checker decides on this). */
export function useApprovalSummary(): (request: ApprovalRequest) => string[] {
  const { t, i18n } = useTranslation('admin-approvals');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  const limitValue = (field: string, value: unknown) =>
    Array.isArray(value) ? value.map((item) => money(String(item))).join(', ') : typeof value === 'number' ? (field === 'maxPending' ? String(value) : t('summary.minutes', { count: value })) : money(String(value));

  return (request) => {
    switch (request.kind) {
      case 'catalogue.vendor_wallet_mode': {
        const payload = VendorWalletModePayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const { vendorName, vendor, from, to } = payload.data;
        return [t('summary.walletMode', { vendor: vendorName, code: vendor, from: t(`walletModes.${from}`), to: t(`walletModes.${to}`) })];
      }
      case BONUS_GRANT_KIND: {
        const payload = BonusGrantPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const { account, amount, wageringMultiple, expiryDays } = payload.data;
        return [t('summary.bonusGrant', { account, amount: money(amount), multiple: wageringMultiple, days: expiryDays })];
      }
      case 'catalogue.vendor_secret': {
        const payload = VendorSecretPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        return [t('summary.secret', { vendor: payload.data.vendorName, code: payload.data.vendor })];
      }
      case 'system.payment_limits': {
        const payload = PaymentLimitsPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const { before, after } = payload.data;
        const lines = LIMIT_FIELDS.filter(([group, field]) => JSON.stringify((before[group] as Record<string, unknown>)[field]) !== JSON.stringify((after[group] as Record<string, unknown>)[field])).map(([group, field]) =>
          t('summary.limit', {
            field: t(`limits.${group}.${field}` as 'limits.deposit.min'),
            from: limitValue(field, (before[group] as Limits[typeof group] & Record<string, unknown>)[field]),
            to: limitValue(field, (after[group] as Limits[typeof group] & Record<string, unknown>)[field]),
          }),
        );
        return lines.length > 0 ? lines : [t('summary.limitsSame')];
      }
      case 'agents.settlement_period': {
        const payload = SettlementPeriodPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        return [t('summary.period', { kind: t(`kinds.${payload.data.kind}`), start: when(payload.data.periodStart), end: when(payload.data.periodEnd) })];
      }
      case 'agents.settlement_rerun': {
        const payload = SettlementRerunPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const kind = ['dividend', 'daily', 'hourly', 'realtime'].includes(payload.data.kind) ? t(`kinds.${payload.data.kind as 'daily'}`) : payload.data.kind;
        const run = { run: payload.data.runId, kind, start: when(payload.data.periodStart) };
        return [payload.data.lineIds ? t('summary.rerunLines', { ...run, lines: payload.data.lineIds.join(', ') }) : t('summary.rerun', run)];
      }
      case SPORTSBOOK_RESULT_APPROVAL_KIND: {
        const payload = SportsbookResultPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const { eventName, eventId, marketKey, outcomes, correction, stakeAtRisk } = payload.data;
        const decision = outcomes
          ? outcomes.map((outcome) => `${outcome.id}: ${t(`summary.sportsbookOutcome.${outcome.voidFactor === 1 ? 'void' : outcome.voidFactor === 0.5 ? `half_${outcome.result}` : outcome.result}` as 'summary.sportsbookOutcome.won')}${outcome.deadHeatFactor !== '1' ? ` (DH ${outcome.deadHeatFactor})` : ''}`).join(', ')
          : t('summary.sportsbookVoidMarket');
        return [t(correction ? 'summary.sportsbookCorrection' : 'summary.sportsbookResult', { event: eventName ?? eventId, market: marketKey, decision, amount: money(centsText(stakeAtRisk)) })];
      }
      case SPORTSBOOK_VOID_APPROVAL_KIND: {
        const payload = SportsbookVoidPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        return [t('summary.sportsbookVoid', { id: payload.data.ticketId, amount: money(centsText(payload.data.stake)) })];
      }
      case LOTTERY_RESULT_APPROVAL_KIND: {
        const payload = LotteryResultApprovalPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        const { result, correction, gameCode, drawNo, drawId } = payload.data;
        const numbers = result.family === 'fast_5d' ? result.balls.join(' ') : result.family === 'sea_4d' ? `${result.first} ${result.second} ${result.third}` : result.prizes.find((prize) => prize.tier === 'special')?.numbers.join(' ') ?? '';
        return [t(correction ? 'summary.lotteryCorrection' : 'summary.lotteryResult', { game: gameCode ?? '', drawNo: drawNo ?? drawId, result: numbers })];
      }
      case LOTTERY_CANCEL_APPROVAL_KIND: {
        const payload = LotteryCancelApprovalPayloadSchema.safeParse(request.payload);
        if (!payload.success) break;
        return [t('summary.lotteryCancel', { game: payload.data.gameCode ?? '', drawNo: payload.data.drawNo ?? payload.data.drawId, tickets: payload.data.tickets ?? 0, amount: money(payload.data.stake ?? '0.00') })];
      }
    }
    return [t('summary.unknown', { kind: request.kind })];
  };
}

/** What an approval did, or why it failed, in words. */
export function useApprovalOutcome(): (request: ApprovalRequest) => string | null {
  const { t, i18n } = useTranslation(['admin-approvals', 'errors']);
  return (request) => {
    const result = request.result;
    if (!result) return null;
    if (typeof result.error === 'string') {
      const code = result.error;
      return t('outcome.failed', { reason: i18n.exists(`errors:${code}`) ? t(`errors:${code}` as never) : code });
    }
    const counts = result.counts as { paid?: number; insufficient?: number } | undefined;
    if (counts && typeof result.paidAmount === 'string') {
      return t('outcome.paid', { count: counts.paid ?? 0, amount: formatMoney(result.paidAmount, i18n.language), insufficient: counts.insufficient ?? 0 });
    }
    if (result.runId === null) return t('outcome.nothingToSettle');
    return null;
  };
}
