import type { i18n as I18n } from 'i18next';
import { LOTTERY_REFUSALS, type LotteryTicket, type PlaceLotteryTicketRequest } from '@app/contracts';
import { isApiError } from '../../../shared/api-client.ts';
import { translateError } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { lotteryTicketRequest, placeLotteryTicket } from '../api/lottery.api.ts';

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/** A placement refusal's code, whether it came as an error ('lottery.draw_closed') or on a refused ticket ('draw_closed'). */
export function refusalCodeOf(code: string): string | null {
  const bare = code.startsWith('lottery.') ? code.slice('lottery.'.length) : code;
  return (LOTTERY_REFUSALS as readonly string[]).includes(bare) ? bare : null;
}

/** The figures a refusal carries (the minimum, the maximum, the numbers at their limit), in words. */
function refusalDetail(i18n: I18n, code: string, details: Record<string, unknown> | undefined): string {
  const t = i18n.t as unknown as LooseT;
  if (code === 'stake_below_min' && typeof details?.minimum === 'string') return ` ${t('lottery:errorDetail.minimum', { amount: formatMoney(details.minimum, currentLanguage(i18n)) })}`;
  if (code === 'stake_above_max' && typeof details?.maximum === 'string') return ` ${t('lottery:errorDetail.maximum', { amount: formatMoney(details.maximum, currentLanguage(i18n)) })}`;
  if (code === 'number_limit_reached' && Array.isArray(details?.numbers)) return ` ${t('lottery:errorDetail.numbers', { numbers: details.numbers.join(', ') })}`;
  return '';
}

/** `lottery.error.<code>` for the lottery's refusals; any other failure through the app's error texts. */
export function refusalMessage(i18n: I18n, error: unknown): string {
  const code = isApiError(error) ? refusalCodeOf(error.code) : typeof error === 'string' ? refusalCodeOf(error) : null;
  if (code) return `${(i18n.t as unknown as LooseT)(`lottery:error.${code}`)}${refusalDetail(i18n, code, isApiError(error) ? error.details : undefined)}`;
  if (typeof error === 'string') return (i18n.t as unknown as LooseT)('lottery:error.unknown');
  return translateError(i18n, error);
}

export type PlacementAnswer = { ticket: LotteryTicket } | { refusal: string | null; error: unknown; retryable: boolean };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends the ticket and waits while its debit is pending. A network failure is retryable with the
 * same requestId (the server answers a repeat with the first ticket); an answer is final.
 */
export async function placeTicket(request: PlaceLotteryTicketRequest, pollMs = 500): Promise<PlacementAnswer> {
  try {
    let ticket = await placeLotteryTicket(request);
    for (let attempt = 0; ticket.status === 'pending_debit' && attempt < 20; attempt += 1) {
      await wait(pollMs);
      ticket = await lotteryTicketRequest(ticket.id);
    }
    if (ticket.status === 'refused') return { refusal: ticket.refusalCode ?? 'unknown', error: ticket.refusalCode ?? 'unknown', retryable: false };
    return { ticket };
  } catch (error) {
    const refusal = isApiError(error) ? refusalCodeOf(error.code) : null;
    return { refusal, error, retryable: !isApiError(error) || error.status === 0 || error.status >= 500 };
  }
}
