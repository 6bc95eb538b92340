import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spinner } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { getToken } from '../../../shared/session-token.ts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { liveRoundQueryOptions } from '../api/live.api.ts';
import { LobbySection } from '../components/lobby-section.tsx';
import { RoundVerification } from '../verify/round-verification.tsx';
import '../components/live.css';

export { LiveTablePage } from './table-page.tsx';

/** /live: the house tables first, then the live vendors' tiles (`vendors`, the games feature's list, passed in by the router). */
export function LiveLobbyPage({ vendors }: { vendors?: ReactNode }) {
  return (
    <div className="live-centre" data-testid="live-centre">
      <div className="page live-centre__house">
        <LobbySection />
      </div>
      {vendors}
    </div>
  );
}

/** /live/round/:id — a finished round and its verification in the browser. */
export function LiveRoundPage() {
  const { t } = useTranslation('live');
  const { id = '' } = useParams();
  return (
    <div className="page live-page live-round-page" data-testid="live-round-page">
      <Link to="/live" className="live-back">
        ← {t('table.back')}
      </Link>
      <h1 className="live-head__name" data-testid="page-title">
        {t('verify.title', { id })}
      </h1>
      <LiveRoundDetailBody roundId={id} />
    </div>
  );
}

/** The round's detail and verifier, for the page above and the betting record's dialog. */
export function LiveRoundDetailBody({ roundId }: { roundId: string }) {
  const { t, i18n } = useTranslation('live');
  const errorMessage = useErrorMessage();
  const valid = /^\d{1,18}$/.test(roundId);
  const round = useQuery({ ...liveRoundQueryOptions(roundId, getToken(), currentLanguage(i18n)), enabled: valid });
  if (!valid) return <Alert tone="error">{t('verify.badId')}</Alert>;
  if (round.data) return <RoundVerification detail={round.data} />;
  if (round.isError) return <Alert tone="error">{errorMessage(round.error)}</Alert>;
  return <Spinner label={t('lobby.loading')} />;
}
