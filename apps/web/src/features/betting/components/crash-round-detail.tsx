import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BettingRound, CrashRoundDetail } from '@app/contracts';
import { buttonClassName, ShieldCheckIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSession } from '../../account/index.ts';
import { crashRoundQueryOptions, formatDecimal } from '../../fairness/index.ts';
import { crashMeQueryOptions } from '../../games/index.ts';
import type { WalletFormat } from '../../wallet/index.ts';
import { RoundDetailPending } from './round-detail-pending.tsx';
import { SeedFact } from './seed-fact.tsx';

interface CrashRoundDetailBodyProps {
  target: { id: string; gameName: string; row: BettingRound };
  format: WalletFormat;
}

/**
 * A crash round from the betting record: the crash point, the member's stake and win (the
 * record row), the cash-out multiplier when the member's recent crash bets still list it, and
 * the hash that proves the round, with a link to verify it.
 */
export function CrashRoundDetailBody({ target, format }: CrashRoundDetailBodyProps) {
  const round = useQuery(crashRoundQueryOptions(target.id));
  if (round.data) return <CrashRoundContent round={round.data} target={target} format={format} />;
  return <RoundDetailPending round={round} />;
}

/** The member's cash-out in this round, if their recent bets (GET /api/crash/me) still include it. */
function useMyCashOut(roundId: string): string | null | undefined {
  const { token, isLoggedIn, isTrial } = useSession();
  const me = useQuery(crashMeQueryOptions(token, isLoggedIn && !isTrial));
  if (!me.data) return undefined;
  const bet = [me.data.current, ...me.data.recent].find((candidate) => candidate?.roundId === roundId);
  return bet ? bet.cashOut : undefined;
}

function CrashRoundContent({ round, target, format }: { round: CrashRoundDetail; target: CrashRoundDetailBodyProps['target']; format: WalletFormat }) {
  const { t, i18n } = useTranslation('betting');
  const language = currentLanguage(i18n);
  const multiplier = (text: string) => `${formatDecimal(text, language)}×`;
  const cashOut = useMyCashOut(round.id);
  const when = round.crashedAt ?? round.startedAt ?? target.row.openedAt;
  return (
    <div className="stack stack--gap-4 round-detail" data-testid="round-detail-content" data-kind="crash">
      <dl className="fact-grid round-detail__facts">
        <div className="fact-grid__item">
          <dt>{t('detail.game')}</dt>
          <dd>{target.gameName}</dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.crash.point')}</dt>
          <dd data-testid="crash-detail-point">
            {multiplier(round.crashPoint)}
          </dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.crash.players')}</dt>
          <dd>{round.players.length}</dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.crash.yourBet')}</dt>
          <dd data-testid="round-detail-bet">{format.money(target.row.bet)}</dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.crash.yourWin')}</dt>
          <dd data-testid="round-detail-win">{format.money(target.row.win)}</dd>
        </div>
        {cashOut !== undefined ? (
          <div className="fact-grid__item">
            <dt>{t('detail.crash.cashOut')}</dt>
            <dd data-testid="crash-detail-cashout">{cashOut ? multiplier(cashOut) : t('detail.crash.noCashOut')}</dd>
          </div>
        ) : null}
        <div className="fact-grid__item round-detail__fact--wide">
          <dt>{t('detail.time')}</dt>
          <dd>
            <time dateTime={when}>{format.dateTime(when)}</time>
          </dd>
        </div>
      </dl>

      <section className="stack stack--gap-2" aria-label={t('detail.fairness')}>
        <h3 className="round-detail__subtitle">
          <ShieldCheckIcon size={16} aria-hidden="true" /> {t('detail.fairness')}
        </h3>
        <p className="round-detail__note">{t('detail.crash.how')}</p>
        <dl className="round-detail__seeds stack stack--list">
          <SeedFact label={t('detail.crash.hash')} value={round.hash} testId="crash-detail-hash" />
          <SeedFact label={t('detail.crash.salt')} value={round.salt} testId="crash-detail-salt" />
        </dl>
      </section>

      <div className="round-detail__actions">
        <Link to={`/fairness?crash=${encodeURIComponent(round.id)}`} className={buttonClassName('accent')} data-testid="round-verify-link">
          {t('detail.verify')}
        </Link>
      </div>
    </div>
  );
}
