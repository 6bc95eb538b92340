import { useTranslation } from 'react-i18next';
import { minesMultiplier, minesRtp, safeCells } from '@app/house-games';
import { currentLanguage } from '../../../shared/i18n.ts';
import { formatMultiplier, formatPercent } from './mini-math.ts';
import { RuleNotes } from './rule-notes.tsx';

/** The chance that the first `reveals` picks are all safe, in percent. */
export function survivalPercent(mineCount: number, reveals: number): number {
  let chance = 1;
  for (let i = 0; i < reveals; i += 1) chance *= (safeCells(mineCount) - i) / (25 - i);
  return chance * 100;
}

/**
 * How Mines is played and paid, with the multiplier table of the chosen number of mines: for
 * each number of gems found, the cash-out multiplier, the chance of getting there and its RTP.
 */
export function MinesRules({ mineCount }: { mineCount: number }) {
  const { t, i18n } = useTranslation('games');
  const language = currentLanguage(i18n);
  const rows = Array.from({ length: safeCells(mineCount) }, (_, index) => index + 1);
  const rtpText = (value: number) => `${(Math.floor(value * 1_000_000) / 10_000).toLocaleString(language === 'pt' ? 'pt-BR' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}%`;
  return (
    <>
      <RuleNotes notes={[t('mini.rules.mines.how'), t('mini.rules.mines.cashOut'), t('mini.rules.mines.payout'), t('mini.rules.mines.idle')]} />
      <h3 className="mines-rules__title">{t('mini.rules.mines.tableTitle', { count: mineCount })}</h3>
      <div className="mines-table-wrap">
        <table className="slot-paytable__table mini-rules__table" data-testid="mines-multiplier-table">
          <thead>
            <tr>
              <th>{t('mini.rules.mines.gems')}</th>
              <th>{t('mini.rules.mines.multiplier')}</th>
              <th>{t('mini.rules.mines.chance')}</th>
              <th>{t('mini.rules.mines.rtp')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((reveals) => (
              <tr key={reveals}>
                <td>{reveals}</td>
                <td>{formatMultiplier(minesMultiplier(mineCount, reveals), language)}</td>
                <td>{formatPercent(survivalPercent(mineCount, reveals), language)}</td>
                <td>{rtpText(minesRtp(mineCount, reveals))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
