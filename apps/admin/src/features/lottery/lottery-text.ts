import { useTranslation } from 'react-i18next';
import type { LotteryFamily } from '@app/contracts';
import { intlLocaleOf, resolveLanguage } from '@app/i18n';
import { ApiError } from '../../shared/api.ts';
import { useErrorText } from '../../shared/i18n.ts';

/** A fresh request id for one submission (kept in the change's audit row). */
export const newRequestId = () => crypto.randomUUID();

/**
 * Odds in thousandths as the operator reads and edits them: 95000 → "95.000" (EN) / "95,000" (PT),
 * without thousands marks, so what the form shows is what parseOdds reads back.
 */
export function oddsText(thousandths: number, language: string): string {
  return new Intl.NumberFormat(intlLocaleOf(resolveLanguage(language)), { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false }).format(thousandths / 1000);
}

/**
 * What the operator typed ("95", "1,94", "1.940", "97.000,5") as thousandths, or undefined. With
 * both marks the last one is the decimal one; one mark once is decimal; a mark repeated groups thousands.
 */
export function parseOdds(text: string): number | undefined {
  const clean = text.trim().replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(clean)) return undefined;
  const last = Math.max(clean.lastIndexOf('.'), clean.lastIndexOf(','));
  const mixed = clean.includes('.') && clean.includes(',');
  const single = last >= 0 && clean.split(clean[last]!).length === 2;
  const decimalAt = last >= 0 && (mixed || single) ? last : -1;
  const whole = (decimalAt < 0 ? clean : clean.slice(0, decimalAt)).replace(/[.,]/g, '');
  const fraction = decimalAt < 0 ? '' : clean.slice(decimalAt + 1);
  if (whole === '' || !/^\d{0,3}$/.test(fraction)) return undefined;
  const value = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  return Number.isSafeInteger(value) ? value : undefined;
}

/** An amount typed in reais ("5.000,00", "5000", "5000.5") as the API's "5000.50", or undefined. */
export function parseAmount(text: string): string | undefined {
  const clean = text.trim().replace(/\s/g, '').replace(/^R\$/, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d{1,12})(?:,(\d{1,2}))?$/.exec(clean) ?? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return undefined;
  return `${match[1]!.replace(/\./g, '')}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** A game's name in the console's language. */
export function useGameName() {
  const { i18n } = useTranslation();
  return (game: { namePt: string; nameEn: string }) => (resolveLanguage(i18n.language) === 'en' ? game.nameEn : game.namePt);
}

/**
 * A server error in words: a refused field names its own code (the contract's messages are
 * error codes), which is more telling than "some data is invalid".
 */
export function useLotteryErrorText(): (error: unknown) => string {
  const errorText = useErrorText();
  return (error) => {
    if (error instanceof ApiError && error.code === 'validation.failed') {
      const fields = (error.details?.fields ?? []) as Array<{ message?: string }>;
      const named = fields.map((field) => field.message).find((message) => message?.startsWith('lottery_console.'));
      if (named) return errorText(new ApiError(400, named, named));
    }
    return errorText(error);
  };
}

/**
 * The Vietnamese prize tiers the result form asks for, from the special prize down (the server's
 * validateResult, docs/lottery-rules.md §1, checks them again): how many numbers, how many digits.
 */
const SOUTHERN = [
  ['special', 1, 6], ['1', 1, 5], ['2', 1, 5], ['3', 2, 5], ['4', 7, 5], ['5', 1, 4], ['6', 3, 4], ['7', 1, 3], ['8', 1, 2],
] as const;
export const VN_TIERS: Record<'vn_north' | 'vn_central' | 'vn_south', ReadonlyArray<readonly [string, number, number]>> = {
  vn_north: [['special', 1, 5], ['1', 1, 5], ['2', 2, 5], ['3', 6, 5], ['4', 4, 4], ['5', 6, 4], ['6', 3, 3], ['7', 4, 2]],
  vn_central: SOUTHERN,
  vn_south: SOUTHERN,
};

export const isVietnamese = (family: LotteryFamily): family is 'vn_north' | 'vn_central' | 'vn_south' => family.startsWith('vn_');

const BET_TYPES = ['bao_lo_2', 'bao_lo_3', 'bao_lo_4', 'de_dac_biet', 'dau', 'duoi', 'dau_duoi', 'xiu_chu', 'xien_2', 'xien_3', 'xien_4', 'da', 'big', 'small', 'position', 'big_small', 'odd_even', 'sum', 'front3', 'mid3', 'back3'] as const;
const PRIZE_KEYS = ['hit', 'pair', 'repeat', 'first', 'second', 'third', 'starter', 'consolation', 'ball', 'sum'] as const;

/** Bet types, prize keys and result tiers in words; an unknown code shows as it is. */
export function useLotteryText() {
  const { t } = useTranslation('admin-lottery');
  const betTypeName = (code: string) => ((BET_TYPES as readonly string[]).includes(code) ? t(`betType.${code as (typeof BET_TYPES)[number]}`) : code);
  const prizeKeyName = (key: string) => {
    const sum = /^s(\d{1,2})$/.exec(key);
    if (sum) return t('prizeKey.sumN', { sum: sum[1] });
    return (PRIZE_KEYS as readonly string[]).includes(key) ? t(`prizeKey.${key as (typeof PRIZE_KEYS)[number]}`) : key;
  };
  const tierName = (tier: string) => (tier === 'special' ? t('tier.special') : t('tier.n', { tier }));
  return { betTypeName, prizeKeyName, tierName };
}
