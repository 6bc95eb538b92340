import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName, Spinner } from '@app/ui';
import { withNamespaces } from '../../../shared/i18n-namespaces.tsx';
import { loadLivePages } from '../../live/index.ts';

// The live feature's detail and verifier stay in its own chunk, with its texts.
const LiveDetail = lazy(() => loadLivePages().then((m) => ({ default: withNamespaces(m.LiveRoundDetailBody, ['live']) })));

/** A live table round (roundId live-<n>) from the betting record: the round, the member's bets, its proof and the verifier. */
export function LiveRoundDetailBody({ id }: { id: string }) {
  const { t } = useTranslation(['betting', 'common']);
  return (
    <div className="stack stack--gap-4 round-detail" data-testid="round-detail-content" data-kind="live">
      <Suspense fallback={<Spinner label={t('common:loading')} />}>
        <LiveDetail roundId={id} />
      </Suspense>
      <div className="round-detail__actions">
        <Link to={`/live/round/${encodeURIComponent(id)}`} className={buttonClassName('accent')} data-testid="round-verify-link">
          {t('betting:detail.verify')}
        </Link>
      </div>
    </div>
  );
}
