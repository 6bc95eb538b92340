import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { sportsbookEventTopic, type SportsbookEventChange } from '@app/contracts';
import { useBookTopics } from '../api/book-live.ts';
import { BetSlip, slipBarOdds } from './bet-slip.tsx';
import { selectionKey, slipStore, useSlip, type BookPrice } from './slip-store.ts';

/** The book's changes for the slip's selections: new odds (per the odds-change setting) and suspensions. */
export function slipPricesFrom(changes: readonly SportsbookEventChange[]): Map<string, BookPrice> {
  const prices = new Map<string, BookPrice>();
  for (const item of slipStore.get().selections) {
    const change = changes.find((event) => event.eventId === item.eventId)?.markets.find((market) => market.marketKey === item.marketKey);
    if (!change) continue;
    const outcome = change.outcomes?.find((candidate) => candidate.id === item.outcomeId);
    // A status-only change (a bet stop) keeps the odds the slip shows.
    prices.set(selectionKey(item), { odds: outcome?.odds ?? item.pendingOdds ?? item.odds, locked: change.status !== 'active' || outcome?.active === false });
  }
  return prices;
}

/**
 * Desktop: the slip is a column beside the book. Phone: a floating button at the bottom (with the
 * count) that opens it as a bottom sheet. The button and the sheet live in document.body: a fixed
 * box inside the page's animated container would be placed against that container, not the
 * screen. The slip watches its selections' events over /ws, so its odds move on any book page.
 */
export function SlipDock() {
  const { t } = useTranslation('sportsbook');
  const slip = useSlip();
  const [open, setOpen] = useState(false);
  const count = slip.selections.length;
  const changed = slip.selections.some((item) => item.pendingOdds);
  const topics = slip.selections.map((item) => sportsbookEventTopic(item.eventId));
  const onChanges = useCallback((changes: readonly SportsbookEventChange[]) => {
    const prices = slipPricesFrom(changes);
    if (prices.size > 0) slipStore.updateOdds(prices);
  }, []);
  useBookTopics(topics, onChanges);
  return (
    <>
      <aside className="sb-slip" aria-label={t('slip.title')} data-testid="sb-slip">
        <BetSlip />
      </aside>
      {createPortal(
        open ? (
          <>
            <div className="sb-slip__scrim" aria-hidden="true" onClick={() => setOpen(false)} />
            <section className="sb-sheet" role="dialog" aria-modal="true" aria-label={t('slip.title')} data-testid="sb-slip-sheet">
              <span className="sb-sheet__grip" aria-hidden="true" />
              <BetSlip onClose={() => setOpen(false)} />
            </section>
          </>
        ) : count > 0 ? (
          <button type="button" className={changed ? 'sb-slip-bar is-changed' : 'sb-slip-bar'} data-testid="sb-slip-bar" aria-label={t('slip.open', { count })} onClick={() => setOpen(true)}>
            <span className="sb-slip-bar__count" data-testid="sb-slip-bar-count">{count}</span>
            <span>{t('slip.title')}</span>
            <strong>{slipBarOdds(slip)}</strong>
          </button>
        ) : null,
        document.body,
      )}
    </>
  );
}
