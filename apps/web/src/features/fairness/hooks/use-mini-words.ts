import { useTranslation } from 'react-i18next';
import type { MiniOutcome } from '@app/contracts';
import { intlLocaleOf, type Language } from '@app/i18n';
import { currentLanguage } from '../../../shared/i18n.ts';

/**
 * A decimal from the engine ("73.41", "1.9801", "1000000.00") in the player's locale, with the
 * places it was written with: "73,41", "1,9801", "1.000.000,00". Formatted from the string, so
 * no float rounds it.
 */
export function formatDecimal(text: string, language: Language): string {
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const places = text.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: places, maximumFractionDigits: places }).format(text as `${number}`);
}

type MiniRound = Pick<MiniOutcome, 'kind' | 'result' | 'multiplier'>;

/**
 * A mini round's result in words, e.g. "Rolagem 73,41 — acima de 50,00: ganhou, 1,9801×",
 * "Resultado 3,27× — alvo 2,00×: ganhou, 2,0000×", or plinko's slot, table and path.
 */
export function useMiniWords(): (round: MiniRound) => string {
  const { t, i18n } = useTranslation('fairness');
  const language = currentLanguage(i18n);
  const number = (text: string) => formatDecimal(text, language);
  return ({ kind, result, multiplier }) => {
    const verdict = (won: boolean) => (won ? t('mini.won', { multiplier: number(multiplier) }) : t('mini.lost'));
    if (kind === 'dados' && 'roll' in result) {
      return t('mini.dice', { roll: number(result.roll), direction: t(`mini.directionWord.${result.direction}`), target: number(result.target), verdict: verdict(result.won) });
    }
    if (kind === 'limbo' && 'won' in result && !('roll' in result)) {
      return t('mini.limbo', { result: number(result.result), target: number(result.target), verdict: verdict(result.won) });
    }
    if (kind === 'plinko' && 'path' in result) {
      return t('mini.plinko', {
        slot: result.slot + 1,
        slots: result.rows + 1,
        rows: result.rows,
        risk: t(`mini.riskWord.${result.risk}`),
        path: result.path.map((step) => (step === 1 ? t('mini.right') : t('mini.left'))).join(' '),
        multiplier: number(multiplier),
      });
    }
    // A result that is not its game's shape: the multiplier is all that can be said.
    return t('mini.unknown', { multiplier: number(multiplier) });
  };
}
