import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@app/contracts';
import { useLotteryNames } from './names.ts';
import { ballSum } from './trend.ts';

/** Five balls, as fast draws show them. */
export function Balls({ balls, small = false }: { balls: readonly number[]; small?: boolean }) {
  return (
    <span className={small ? 'lt-balls is-small' : 'lt-balls'} data-testid="lt-balls">
      {balls.map((ball, index) => (
        <span key={index} className="lt-ball">{ball}</span>
      ))}
    </span>
  );
}

/** The last two digits of a prize number stand out: most Vietnamese bets (lô, đề) read them; 4D bets read all four. */
function PrizeNumber({ value, plain = false }: { value: string; plain?: boolean }) {
  if (plain) return <span className="lt-prize-number">{value}</span>;
  return (
    <span className="lt-prize-number">
      {value.slice(0, -2)}
      <strong>{value.slice(-2)}</strong>
    </span>
  );
}

/** A draw's result laid out as its family shapes it: the VN prize table, the 4D table, five balls. */
export function ResultView({ result, compact = false }: { result: LotteryResult; compact?: boolean }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  if (result.family === 'fast_5d') {
    return (
      <div className="lt-result lt-result--fast" data-testid="lt-result">
        <Balls balls={result.balls} small={compact} />
        <span className="lt-result__sum">{t('result.sum', { sum: ballSum(result.balls) })}</span>
      </div>
    );
  }
  if (compact) {
    const headline = result.family === 'sea_4d' ? result.first : result.prizes[0]?.numbers[0] ?? '';
    return (
      <div className="lt-result lt-result--compact" data-testid="lt-result">
        <span className="lt-result__label">{result.family === 'sea_4d' ? t('tier.first') : t('tier.special')}</span>
        <PrizeNumber value={headline} plain={result.family === 'sea_4d'} />
      </div>
    );
  }
  const rows: { tier: string; numbers: string[] }[] =
    result.family === 'sea_4d'
      ? [
          { tier: 'first', numbers: [result.first] },
          { tier: 'second', numbers: [result.second] },
          { tier: 'third', numbers: [result.third] },
          { tier: 'starters', numbers: result.starters },
          { tier: 'consolations', numbers: result.consolations },
        ]
      : result.prizes;
  return (
    <table className="lt-result lt-result--table" data-testid="lt-result">
      <tbody>
        {rows.map((row) => (
          <tr key={row.tier} className={row.tier === 'special' || row.tier === 'first' ? 'is-top' : ''}>
            <th scope="row">{names.tier(row.tier)}</th>
            <td>
              <div className="lt-result__numbers">
                {row.numbers.map((number, index) => (
                  <PrizeNumber key={index} value={number} plain={result.family === 'sea_4d'} />
                ))}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
