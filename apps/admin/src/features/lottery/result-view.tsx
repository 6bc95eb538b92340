import { useTranslation } from 'react-i18next';
import type { LotteryAdminDrawDetail } from '@app/contracts';
import { formatDateTime } from '../../shared/format.ts';
import { useLotteryText } from './lottery-text.ts';

type Version = LotteryAdminDrawDetail['results'][number];

/** One result set of a draw: its numbers by tier, where it came from, and whether it is the one in force. */
export function ResultView({ version }: { version: Version }) {
  const { t, i18n } = useTranslation('admin-lottery');
  const { tierName } = useLotteryText();
  const { result } = version;
  const rows: Array<[string, string]> =
    result.family === 'fast_5d'
      ? [[t('tier.balls'), result.balls.join(' ')]]
      : result.family === 'sea_4d'
        ? [[t('tier.first'), result.first], [t('tier.second'), result.second], [t('tier.third'), result.third], [t('tier.starters'), result.starters.join(' ')], [t('tier.consolations'), result.consolations.join(' ')]]
        : result.prizes.map((prize) => [tierName(prize.tier), prize.numbers.join(' ')]);
  return (
    <article className={`lt-result${version.inForce ? '' : ' lt-result--replaced'}`} data-testid={`lt-result-v${version.version}`}>
      <div className="lt-result__head">
        <strong>{t('draw.results.version', { version: version.version })}</strong>
        <span className={`lt-badge lt-badge--${version.inForce ? 'on' : 'off'}`}>{t(version.inForce ? 'draw.results.inForce' : 'draw.results.replaced')}</span>
        <span>{t('draw.results.by', { source: t(`source.${version.source}`), who: version.enteredBy ?? '—', when: formatDateTime(version.createdAt, i18n.language) })}</span>
        {version.reason ? <span>{t('draw.results.reason', { reason: version.reason })}</span> : null}
      </div>
      <table>
        <tbody>
          {rows.map(([label, numbers]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{numbers}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
