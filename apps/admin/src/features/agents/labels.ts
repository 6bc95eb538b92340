import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import type { ContractStatus, SettlementLine, SettlementRerunOutcome, SettlementRunStatus } from '@app/contracts';

type Tone = 'ok' | 'warn' | 'bad' | 'neutral';

/** Account types (spec §3) as the console names them. */
export function typeKey(type: number): 'types.member' | 'types.trial' | 'types.agent' | 'types.other' {
  if (type === 0) return 'types.member';
  if (type === 4) return 'types.trial';
  if (type === 1 || type === 2 || type === 41 || type === 42) return 'types.agent';
  return 'types.other';
}

export const CONTRACT_TONE: Record<ContractStatus, Tone> = { offered: 'warn', active: 'ok', rejected: 'bad', terminated: 'neutral', superseded: 'neutral', withdrawn: 'neutral' };
export const LINE_TONE: Record<SettlementLine['status'], Tone> = { calculated: 'warn', paid: 'ok', insufficient: 'bad', not_qualified: 'neutral' };
export const RUN_TONE: Record<SettlementRunStatus, Tone> = { complete: 'ok', pending: 'warn', failed: 'bad' };
export const OUTCOME_TONE: Record<SettlementRerunOutcome, Tone> = { paid: 'ok', insufficient: 'bad', already_paid: 'neutral', not_payable: 'neutral', error: 'bad' };

/** "R$ 1,00" style amounts need the language; a rate is shown as "1.5 %" / "1,5 %". */
export function formatRate(rate: string, language: string): string {
  return `${language.startsWith('pt') ? rate.replace('.', ',') : rate} %`;
}

/** A calendar day ("2025-03-10") in the console's language. */
export function formatDay(day: string, language: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocaleOf(resolveLanguage(language)), { dateStyle: 'short', timeZone: 'UTC' }).format(date);
}
