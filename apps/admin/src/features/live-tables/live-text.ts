import { useTranslation } from 'react-i18next';
import { resolveLanguage } from '@app/i18n';
import { ApiError } from '../../shared/api.ts';
import { useErrorText } from '../../shared/i18n.ts';

/** A fresh request id for one submission (kept in the change's audit row; a replay changes nothing). */
export const newRequestId = () => crypto.randomUUID();

/** An amount typed in reais ("5.000,00", "5000", "5000.5") as the API's "5000.50", or undefined. */
export function parseAmount(text: string): string | undefined {
  const clean = text.trim().replace(/\s/g, '').replace(/^R\$/, '');
  const match = /^(\d{1,3}(?:\.\d{3})+|\d{1,12})(?:,(\d{1,2}))?$/.exec(clean) ?? /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return undefined;
  return `${match[1]!.replace(/\./g, '')}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** A table's name in the console's language. */
export function useTableName() {
  const { i18n } = useTranslation();
  return (table: { namePt: string; nameEn: string }) => (resolveLanguage(i18n.language) === 'en' ? table.nameEn : table.namePt);
}

/** A server error in words; a refused field names its own live_console code when it has one. */
export function useLiveErrorText(): (error: unknown) => string {
  const errorText = useErrorText();
  return (error) => {
    if (error instanceof ApiError && error.code === 'validation.failed') {
      const fields = (error.details?.fields ?? []) as Array<{ message?: string }>;
      const named = fields.map((field) => field.message).find((message) => message?.startsWith('live_console.'));
      if (named) return errorText(new ApiError(400, named, named));
    }
    return errorText(error);
  };
}

const SUITS: Record<string, { symbol: string; red: boolean }> = { S: { symbol: '♠', red: false }, H: { symbol: '♥', red: true }, D: { symbol: '♦', red: true }, C: { symbol: '♣', red: false } };

/** "TD" → { rank: "10", symbol: "♦", red: true }: a card as printed. */
export function cardFace(card: string): { rank: string; symbol: string; red: boolean } {
  const suit = SUITS[card.slice(1)] ?? { symbol: card.slice(1), red: false };
  const rank = card[0] === 'T' ? '10' : (card[0] ?? '?');
  return { rank, ...suit };
}
