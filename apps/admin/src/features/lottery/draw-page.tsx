import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LOTTERY_CANCEL_APPROVAL_KIND, LOTTERY_RESULT_APPROVAL_KIND, type LotteryAdminDrawDetail } from '@app/contracts';
import { Button, buttonClassName } from '@app/ui';
import { Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.tsx';
import { PendingApprovals } from '../approvals/index.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { ExposureSection } from './exposure-section.tsx';
import { useLotteryDraw } from './lottery.api.ts';
import { useGameName } from './lottery-text.ts';
import { ResultDialog } from './result-dialog.tsx';
import { ResultView } from './result-view.tsx';
import './lottery.css';

const RESULTABLE = ['closed', 'drawn', 'settled'];
const CANCELLABLE = ['scheduled', 'open', 'closed', 'drawn'];

/** One draw (lottery.read): totals, results, exposure; result entry and cancellation proposals (lottery.settle). */
export default function DrawPage() {
  const { id = '' } = useParams();
  const query = useLotteryDraw(id);
  return (
    <QueryState query={query}>
      {() => <DrawDetail draw={query.data!} />}
    </QueryState>
  );
}

function DrawDetail({ draw }: { draw: LotteryAdminDrawDetail }) {
  const { t, i18n } = useTranslation('admin-lottery');
  const gameName = useGameName();
  const maySettle = useSession().can('lottery.settle');
  const [dialog, setDialog] = useState<'result' | 'cancel' | null>(null);
  const [notice, setNotice] = useState('');
  const money = (amount: string) => formatMoney(amount, i18n.language);
  const game = gameName({ namePt: draw.gameNamePt, nameEn: draw.gameNameEn });
  const target = `draw:${draw.id}`;
  const canResult = draw.family !== 'fast_5d' && RESULTABLE.includes(draw.status);
  const facts: Array<[string, React.ReactNode, string?]> = [
    [t('draw.facts.status'), <span className={`lt-badge lt-badge--${draw.status}`} data-testid="lt-draw-status">{t(`status.${draw.status}`)}</span>],
    [t('draw.facts.closesAt'), formatDateTime(draw.closesAt, i18n.language)],
    [t('draw.facts.drawAt'), formatDateTime(draw.drawAt, i18n.language)],
    [t('draw.facts.tickets'), draw.tickets, 'lt-draw-tickets'],
    [t('draw.facts.stake'), money(draw.stake), 'lt-draw-stake'],
    [t('draw.facts.potential'), money(draw.potentialPayout)],
    [t('draw.facts.paid'), money(draw.paid)],
    [t('draw.facts.corrections'), Math.max(0, draw.resultVersion - 1)],
  ];
  return (
    <Page title={t('draw.title', { drawNo: draw.drawNo, game })} testId="lt-draw-page" actions={<Link to="/lottery/draws">{t('draw.back')}</Link>}>
      <dl className="lt-facts">
        {facts.map(([label, value, testId]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
        {Object.keys(draw.ticketsByStatus).length > 0 ? (
          <div>
            <dt>{t('draw.facts.byStatus')}</dt>
            <dd className="lt-small">{Object.entries(draw.ticketsByStatus).map(([status, count]) => `${t(`ticketStatus.${status as 'open'}`)}: ${count}`).join(' · ')}</dd>
          </div>
        ) : null}
        {draw.commitHash ? (
          <div>
            <dt>{t('draw.facts.commitHash')}</dt>
            <dd className="bo-small lt-num">{draw.commitHash}</dd>
          </div>
        ) : null}
      </dl>
      {draw.status === 'cancelled' ? <p className="lt-notice" data-testid="lt-draw-cancelled">{t('draw.facts.cancelled', { who: draw.cancelledBy ?? '—', reason: draw.cancelReason ?? '—' })}</p> : null}
      {notice ? <p className="lt-notice" role="status" data-testid="lt-draw-notice">{notice}</p> : null}
      <PendingApprovals kind={LOTTERY_RESULT_APPROVAL_KIND} target={target} testId="lt-pending-result" />
      <PendingApprovals kind={LOTTERY_CANCEL_APPROVAL_KIND} target={target} testId="lt-pending-cancel" />
      <div className="lt-actions">
        {maySettle && canResult ? (
          <Button onClick={() => setDialog('result')} data-testid="lt-draw-result">{t(draw.resultVersion > 0 ? 'draw.actions.correctResult' : 'draw.actions.enterResult')}</Button>
        ) : null}
        {maySettle && CANCELLABLE.includes(draw.status) ? (
          <Button variant="outline" onClick={() => setDialog('cancel')} data-testid="lt-draw-cancel">{t('draw.actions.cancel')}</Button>
        ) : null}
        <Link className={buttonClassName('ghost')} to={`/lottery/tickets?drawId=${draw.id}`} data-testid="lt-draw-tickets-link">{t('draw.actions.tickets')}</Link>
      </div>
      {draw.family === 'fast_5d' && maySettle ? <p className="bo-muted lt-small">{t('draw.fastNoManual')}</p> : null}
      <h2 className="lt-section-title">{t('draw.results.title')}</h2>
      {draw.results.length === 0 ? (
        <p className="bo-muted" data-testid="lt-draw-no-result">{t('draw.results.empty')}</p>
      ) : (
        <div className="lt-results">
          {draw.results.map((version) => (
            <ResultView key={version.version} version={version} />
          ))}
        </div>
      )}
      <ExposureSection drawId={draw.id} onNotice={setNotice} />
      {dialog === 'result' ? <ResultDialog draw={draw} onClose={() => setDialog(null)} onDone={(text) => { setDialog(null); setNotice(text); }} /> : null}
      {dialog === 'cancel' ? <CancelDialog draw={draw} onClose={() => setDialog(null)} onDone={(text) => { setDialog(null); setNotice(text); }} /> : null}
    </Page>
  );
}
