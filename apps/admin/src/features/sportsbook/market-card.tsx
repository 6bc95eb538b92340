import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookAdminEventDetail, SportsbookAdminMarket } from '@app/contracts';
import { Button, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { newRequestId, useBookText } from './book-text.ts';
import { ResultDialog } from './result-dialog.tsx';
import { useBookChange } from './sportsbook.api.ts';

const CLOSED = ['settled', 'cancelled'];

/** One market: its outcomes with odds (editable), liability per outcome, suspend/reopen, margin and results. */
export function MarketCard({ event, market, onNotice }: { event: SportsbookAdminEventDetail; market: SportsbookAdminMarket; onNotice: (text: string) => void }) {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const session = useSession();
  const mayTrade = session.can('sportsbook.trade');
  const maySettle = session.can('sportsbook.settle');
  const { marketName, outcomeName } = useBookText();
  const change = useBookChange();
  const [odds, setOdds] = useState<Record<string, string>>({});
  const [margin, setMargin] = useState('');
  const [result, setResult] = useState<'enter' | 'correct' | null>(null);
  const closed = CLOSED.includes(market.status);
  const language = i18n.language;
  const key = market.marketKey;
  const testKey = key.replace(/[^a-z0-9]+/gi, '-');
  const send = (action: string, body: Record<string, unknown>, done?: () => void) =>
    change.mutate({ path: `/events/${encodeURIComponent(event.id)}/${action}`, body: { requestId: newRequestId(), marketKey: key, ...body } }, { onSuccess: () => { onNotice(t('event.applied')); done?.(); } });
  const edited = Object.entries(odds).filter(([id, value]) => value.trim() !== '' && value.trim() !== market.outcomes.find((outcome) => outcome.id === id)?.odds);
  const last = market.results[0];

  return (
    <section className="sb-market" data-testid={`sb-market-${testKey}`}>
      <header className="sb-market__head">
        <span className="sb-market__title">{marketName(key)}</span>
        <span className="sb-market__meta">
          <span className={`sb-badge sb-badge--${market.status}`} data-testid={`sb-market-status-${testKey}`}>{t(`marketStatus.${market.status}`)}</span>
          <span data-testid={`sb-market-margin-${testKey}`}>{market.marginPercent === null ? t('market.noMargin') : t('market.margin', { margin: market.marginPercent })}</span>
          <span>{t('market.stakeAtRisk', { amount: formatMoney(market.stakeAtRisk, language) })}</span>
        </span>
      </header>
      <table className="sb-outcomes">
        <thead>
          <tr>
            <th>{t('market.outcome')}</th>
            <th className="sb-num">{t('market.odds')}</th>
            <th className="sb-num">{t('market.liability')}</th>
            <th className="sb-num">{t('market.stake')}</th>
            <th className="sb-num">{t('market.tickets')}</th>
          </tr>
        </thead>
        <tbody>
          {market.outcomes.map((outcome) => (
            <tr key={outcome.id}>
              <td>{outcomeName(outcome.id, event)}{outcome.active ? '' : ' ⊘'}</td>
              <td className="sb-num">
                {mayTrade && !closed ? (
                  <input
                    className="sb-odds-input"
                    inputMode="decimal"
                    aria-label={`${t('market.odds')} ${outcomeName(outcome.id, event)}`}
                    value={odds[outcome.id] ?? outcome.odds}
                    maxLength={12}
                    onChange={(e) => setOdds({ ...odds, [outcome.id]: e.target.value })}
                    data-testid={`sb-odds-${testKey}-${outcome.id}`}
                  />
                ) : (
                  outcome.odds
                )}
              </td>
              <td className="sb-num" data-testid={`sb-liability-${testKey}-${outcome.id}`}>{formatMoney(outcome.liability, language)}</td>
              <td className="sb-num">{formatMoney(outcome.stake, language)}</td>
              <td className="sb-num">{outcome.tickets}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {last ? <p className="bo-small bo-muted">{t('market.lastResult', { kind: t(`market.resultKinds.${last.kind as 'settlement'}`), at: formatDateTime(last.at, language) })}</p> : null}
      <div className="sb-market__foot">
        {mayTrade && !closed ? (
          <>
            <Button size="sm" disabled={edited.length === 0 || change.isPending} onClick={() => send('odds', { outcomes: edited.map(([id, value]) => ({ id, odds: value.trim().replace(',', '.') })) }, () => setOdds({}))} data-testid={`sb-save-odds-${testKey}`}>
              {t('market.saveOdds')}
            </Button>
            {market.status === 'active' ? (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => send('suspend', {})} data-testid={`sb-suspend-${testKey}`}>{t('market.suspend')}</Button>
            ) : (
              <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => send('reopen', {})} data-testid={`sb-reopen-${testKey}`}>{t('market.reopen')}</Button>
            )}
            <span className="sb-margin">
              <TextField label={t('market.marginLabel')} inputMode="decimal" value={margin} maxLength={5} onChange={(e) => setMargin(e.target.value)} data-testid={`sb-margin-input-${testKey}`} />
              <Button size="sm" variant="outline" disabled={margin.trim() === '' || change.isPending} onClick={() => send('margin', { marginPercent: margin.trim().replace(',', '.') }, () => setMargin(''))} data-testid={`sb-margin-${testKey}`}>{t('market.setMargin')}</Button>
            </span>
          </>
        ) : null}
        {maySettle && !closed ? <Button size="sm" variant="outline" onClick={() => setResult('enter')} data-testid={`sb-result-${testKey}`}>{t('market.result')}</Button> : null}
        {maySettle && closed ? <Button size="sm" variant="outline" onClick={() => setResult('correct')} data-testid={`sb-correct-${testKey}`}>{t('market.correct')}</Button> : null}
      </div>
      <ErrorLine error={change.error} testId={`sb-market-error-${testKey}`} />
      {result ? <ResultDialog event={event} market={market} correction={result === 'correct'} onClose={() => setResult(null)} onDone={(text) => { setResult(null); onNotice(text); }} /> : null}
    </section>
  );
}
