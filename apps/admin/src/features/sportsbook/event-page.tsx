import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { SportsbookAdminEventDetail } from '@app/contracts';
import { Button, ConfirmDialog, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { AddMarketDialog } from './add-market-dialog.tsx';
import { eventName, newRequestId } from './book-text.ts';
import { MarketCard } from './market-card.tsx';
import { useBookChange, useSportsbookEvent } from './sportsbook.api.ts';
import './sportsbook.css';

/** One event (sportsbook.read): its state, markets with odds, margins, liability per outcome and results; trading and results by permission. */
export default function EventPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('admin-sportsbook');
  const query = useSportsbookEvent(id);
  return (
    <Page title={query.data ? eventName(query.data) : t('events.title')} testId="sb-event-page" actions={<Link to="/sportsbook/events">{t('event.back')}</Link>}>
      <QueryState query={query}>{() => <EventBody event={query.data!} />}</QueryState>
    </Page>
  );
}

function EventBody({ event }: { event: SportsbookAdminEventDetail }) {
  const { t, i18n } = useTranslation('admin-sportsbook');
  const session = useSession();
  const mayTrade = session.can('sportsbook.trade');
  const change = useBookChange();
  const [dialog, setDialog] = useState<'live' | 'end' | 'cancelled' | 'postponed' | 'market' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const language = i18n.language;
  const path = (action: string) => `/events/${encodeURIComponent(event.id)}/${action}`;
  const send = (action: string, body: Record<string, unknown>, done?: () => void) =>
    change.mutate({ path: path(action), body: { requestId: newRequestId(), ...body } }, { onSuccess: (result) => { setNotice(result.replayed ? t('event.replayed') : t('event.applied')); done?.(); } });

  return (
    <>
      <div className="sb-head">
        <span className={`sb-badge sb-badge--${event.status}`} data-testid="sb-event-status">{t(`status.${event.status}`)}</span>
        {event.homeScore !== null ? <span className="sb-score" data-testid="sb-event-score">{event.homeScore}–{event.awayScore}</span> : null}
        {event.period ? <span>{t('event.period')}: {event.period}{event.clockSeconds !== null ? ` · ${Math.floor(event.clockSeconds / 60)}'` : ''}</span> : null}
        <span className="bo-muted">{t('event.start')}: {formatDateTime(event.startAt, language)}</span>
        <span className="bo-muted">{language === 'en' ? `${event.sport.nameEn} · ${event.category.nameEn} · ${event.tournament.nameEn}` : `${event.sport.namePt} · ${event.category.namePt} · ${event.tournament.namePt}`}</span>
        <span className="bo-muted">{t('common.producer')}: {event.producer}</span>
      </div>
      <p className="sb-note" data-testid="sb-event-liability">
        {t('event.liability', { tickets: event.liability.tickets, stake: formatMoney(event.liability.stake, language), potential: formatMoney(event.liability.potentialReturn, language) })}
      </p>
      {event.producer !== 'manual' && mayTrade ? <p className="bo-muted bo-small">{t('event.manualOnly')}</p> : null}
      {mayTrade ? (
        <div className="sb-actions">
          <Button size="sm" onClick={() => setDialog('live')} data-testid="sb-event-live">{t('event.setLive')}</Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('end')} disabled={event.status === 'ended'} data-testid="sb-event-end">{t('event.end')}</Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('postponed')} disabled={event.status !== 'not_started'} data-testid="sb-event-postpone">{t('event.postpone')}</Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('cancelled')} disabled={event.status === 'cancelled' || event.status === 'ended'} data-testid="sb-event-cancel">{t('event.cancel')}</Button>
          <Button size="sm" variant="outline" onClick={() => send('suspend', {})} disabled={change.isPending} data-testid="sb-event-suspend-all">{t('event.suspendAll')}</Button>
          <Button size="sm" variant="outline" onClick={() => send('reopen', {})} disabled={change.isPending} data-testid="sb-event-reopen-all">{t('event.reopenAll')}</Button>
          <Button size="sm" variant="outline" onClick={() => setDialog('market')} data-testid="sb-event-add-market">{t('event.addMarket')}</Button>
        </div>
      ) : null}
      {notice ? <p className="sb-notice" role="status" data-testid="sb-event-notice">{notice}</p> : null}
      <ErrorLine error={change.error} testId="sb-event-error" />
      {event.markets.length === 0 ? <p className="bo-muted">{t('event.noMarkets')}</p> : null}
      <div className="sb-markets">
        {event.markets.map((market) => (
          <MarketCard key={market.marketKey} event={event} market={market} onNotice={setNotice} />
        ))}
      </div>
      {dialog === 'live' ? <LiveDialog event={event} onClose={() => setDialog(null)} onSend={(body) => send('state', { status: 'live', ...body }, () => setDialog(null))} busy={change.isPending} error={change.error} /> : null}
      {dialog === 'end' ? (
        <ConfirmDialog
          open
          title={t('event.end')}
          message={t('event.endConfirm')}
          confirmLabel={t('event.end')}
          cancelLabel={t('common.back')}
          closeLabel={t('common.back')}
          busy={change.isPending}
          testId="sb-end-dialog"
          onConfirm={() => send('state', { status: 'ended' }, () => setDialog(null))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'cancelled' || dialog === 'postponed' ? (
        <ConfirmDialog
          open
          title={t(dialog === 'cancelled' ? 'event.cancel' : 'event.postpone')}
          message={t(dialog === 'cancelled' ? 'event.cancelConfirm' : 'event.postponeConfirm')}
          confirmLabel={t(dialog === 'cancelled' ? 'event.cancel' : 'event.postpone')}
          cancelLabel={t('common.back')}
          closeLabel={t('common.back')}
          busy={change.isPending}
          testId="sb-fixture-dialog"
          onConfirm={() => send('state', { status: dialog }, () => setDialog(null))}
          onCancel={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'market' ? <AddMarketDialog event={event} onClose={() => setDialog(null)} onDone={() => { setDialog(null); setNotice(t('event.applied')); }} /> : null}
    </>
  );
}

/** Live with the score, period and clock (minutes). */
function LiveDialog({ event, onClose, onSend, busy, error }: { event: SportsbookAdminEventDetail; onClose: () => void; onSend: (body: Record<string, unknown>) => void; busy: boolean; error: unknown }) {
  const { t } = useTranslation('admin-sportsbook');
  const [form, setForm] = useState({ home: String(event.homeScore ?? 0), away: String(event.awayScore ?? 0), period: event.period ?? '', clock: event.clockSeconds === null ? '' : String(Math.floor(event.clockSeconds / 60)) });
  const whole = (text: string) => /^\d{1,4}$/.test(text.trim());
  const valid = whole(form.home) && whole(form.away) && (form.clock.trim() === '' || whole(form.clock));
  return (
    <ActionDialog
      title={t('event.liveTitle')}
      testId="sb-live-dialog"
      onClose={onClose}
      action={
        <Button
          disabled={busy || !valid}
          onClick={() => onSend({ homeScore: Number(form.home), awayScore: Number(form.away), period: form.period.trim() || null, clockSeconds: form.clock.trim() === '' ? null : Number(form.clock) * 60 })}
          data-testid="sb-live-submit"
        >
          {t('common.save')}
        </Button>
      }
    >
      <div className="sb-form-grid">
        <TextField label={t('event.homeScore')} inputMode="numeric" value={form.home} onChange={(e) => setForm({ ...form, home: e.target.value })} data-testid="sb-live-home" />
        <TextField label={t('event.awayScore')} inputMode="numeric" value={form.away} onChange={(e) => setForm({ ...form, away: e.target.value })} data-testid="sb-live-away" />
        <TextField label={t('event.period')} value={form.period} maxLength={20} onChange={(e) => setForm({ ...form, period: e.target.value })} data-testid="sb-live-period" />
        <TextField label={t('event.clock')} inputMode="numeric" value={form.clock} onChange={(e) => setForm({ ...form, clock: e.target.value })} data-testid="sb-live-clock" />
      </div>
      <ErrorLine error={error} />
    </ActionDialog>
  );
}
