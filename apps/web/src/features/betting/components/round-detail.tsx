import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { liveRoundIdOf, type BettingRound, type HouseRound, type MiniOutcome, type MinesOutcome } from '@app/contracts';
import { Button, buttonClassName, Modal, ShieldCheckIcon } from '@app/ui';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSession } from '../../account/index.ts';
import { crashRoundIdOf, houseRoundIdOf, houseRoundQueryOptions, ReelWindow, formatDecimal, useMiniWords } from '../../fairness/index.ts';
import type { WalletFormat } from '../../wallet/index.ts';
import { MinesGrid } from '../../games/index.ts';
import { CrashRoundDetailBody } from './crash-round-detail.tsx';
import { LiveRoundDetailBody } from './live-round-detail.tsx';
import { RoundDetailPending } from './round-detail-pending.tsx';
import { roundStatusClassName } from './round-labels.tsx';
import { SeedFact } from './seed-fact.tsx';

/**
 * The round the detail dialog shows: a house round (seeds to verify) by its id, or a crash round
 * (a hash chain to verify) with the record row, which holds the member's own stake and win.
 */
export type RoundDetailTarget =
  | { kind: 'house'; id: string; gameName: string }
  | { kind: 'crash'; id: string; gameName: string; row: BettingRound }
  | { kind: 'live'; id: string; gameName: string };

/** The detail a record row opens: house rounds (roundId house-<n>), crash rounds (crash-<n>) and live table rounds (live-<n>) have one. */
export function roundDetailTargetOf(row: BettingRound): RoundDetailTarget | null {
  const houseId = houseRoundIdOf(row.roundId);
  if (houseId) return { kind: 'house', id: houseId, gameName: row.gameName };
  const crashId = crashRoundIdOf(row.roundId);
  if (crashId) return { kind: 'crash', id: crashId, gameName: row.gameName, row };
  const liveId = liveRoundIdOf(row.roundId);
  return liveId ? { kind: 'live', id: liveId, gameName: row.gameName } : null;
}

/** "Detalhes": shown only on rounds that can be verified (see roundDetailTargetOf). */
export function RoundDetailsButton({ roundId, onOpen }: { roundId: string; onOpen: () => void }) {
  const { t } = useTranslation('betting');
  return (
    <Button variant="outline" size="sm" onClick={onOpen} aria-label={t('detail.buttonLabel', { roundId })} data-testid="round-details">
      {t('detail.button')}
    </Button>
  );
}

/**
 * A house round in full: money, time, the reel window (a slot) or the result in words (a mini
 * game), and its provably fair seeds, with a link to verify it.
 */
export function RoundDetailDialog({ target, format, onClose }: { target: RoundDetailTarget | null; format: WalletFormat; onClose: () => void }) {
  const { t } = useTranslation(['betting', 'common']);
  return (
    <Modal open={target !== null} onClose={onClose} title={target ? t(target.kind === 'crash' ? 'betting:detail.crash.title' : 'betting:detail.title', { id: target.id }) : ''} closeLabel={t('common:actions.close')} size="lg" testId="round-detail">
      {target?.kind === 'crash' ? (
        <CrashRoundDetailBody target={target} format={format} />
      ) : target?.kind === 'live' ? (
        <LiveRoundDetailBody id={target.id} />
      ) : target ? (
        <RoundDetailBody target={target} format={format} />
      ) : null}
    </Modal>
  );
}

function RoundDetailBody({ target, format }: { target: RoundDetailTarget; format: WalletFormat }) {
  const { token } = useSession();
  const round = useQuery(houseRoundQueryOptions(token, target.id));
  if (round.data) return <RoundDetailContent round={round.data} gameName={target.gameName} format={format} />;
  return <RoundDetailPending round={round} />;
}

function RoundDetailContent({ round, gameName, format }: { round: HouseRound; gameName: string; format: WalletFormat }) {
  const { t, i18n } = useTranslation('betting');
  const language = currentLanguage(i18n);
  const { fairness, outcome } = round;
  const mini = 'kind' in outcome ? outcome : null;
  return (
    <div className="stack stack--gap-4 round-detail" data-testid="round-detail-content">
      <dl className="fact-grid round-detail__facts">
        {/* A slot's game fills the row; a mini round's shares it with bet, win and multiplier. */}
        <div className={mini ? 'fact-grid__item' : 'fact-grid__item round-detail__fact--wide'}>
          <dt>{t('detail.game')}</dt>
          <dd>{gameName}</dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.bet')}</dt>
          <dd data-testid="round-detail-bet">{format.money(round.bet)}</dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.win')}</dt>
          <dd data-testid="round-detail-win">{format.money(round.win)}</dd>
        </div>
        {mini ? (
          <div className="fact-grid__item">
            <dt>{t('detail.multiplier')}</dt>
            <dd data-testid="round-detail-multiplier">{`${formatDecimal(mini.multiplier, language)}×`}</dd>
          </div>
        ) : null}
        <div className="fact-grid__item">
          <dt>{t('detail.status')}</dt>
          <dd>
            <span className={roundStatusClassName(round.status === 'failed' ? 'rolled_back' : round.status === 'playing' ? 'open' : round.status)} data-testid="round-detail-status" data-status={round.status}>
              {t(`detail.statuses.${round.status}`)}
            </span>
          </dd>
        </div>
        <div className="fact-grid__item">
          <dt>{t('detail.time')}</dt>
          <dd>
            <time dateTime={round.createdAt}>{format.dateTime(round.createdAt)}</time>
          </dd>
        </div>
      </dl>

      {'kind' in outcome ? (
        outcome.kind === 'mines' ? (
          <MinesResultSection outcome={outcome} />
        ) : (
          <MiniResultSection outcome={outcome} />
        )
      ) : (
        <section className="stack stack--gap-2" aria-label={t('detail.window')}>
          <h3 className="round-detail__subtitle">{t('detail.window')}</h3>
          <ReelWindow machine={round.machine} window={outcome.window} testId="round-detail-window" />
          {outcome.freeSpins.length > 0 ? <p className="round-detail__note">{t('detail.freeSpins', { count: outcome.freeSpins.length })}</p> : null}
        </section>
      )}

      <section className="stack stack--gap-2" aria-label={t('detail.fairness')}>
        <h3 className="round-detail__subtitle">
          <ShieldCheckIcon size={16} aria-hidden="true" /> {t('detail.fairness')}
        </h3>
        <dl className="round-detail__seeds stack stack--list">
          <SeedFact label={t('detail.serverHash')} value={fairness.serverSeedHash} testId="round-detail-hash" />
          <div className="round-detail__seed-pair">
            <SeedFact label={t('detail.clientSeed')} value={fairness.clientSeed} testId="round-detail-client-seed" />
            <SeedFact label={t('detail.nonce')} value={fairness.nonce} testId="round-detail-nonce" />
          </div>
          <div className="fact-grid__item round-detail__seed">
            <dt>{t('detail.serverSeed')}</dt>
            {fairness.serverSeed === null ? (
              <dd className="round-detail__hidden" data-testid="round-detail-seed-hidden">
                {t('detail.seedHidden')}
              </dd>
            ) : (
              <dd className="round-detail__mono" data-testid="round-detail-server-seed">
                {fairness.serverSeed}
              </dd>
            )}
          </div>
        </dl>
      </section>

      <div className="round-detail__actions">
        <Link to={`/fairness?round=${encodeURIComponent(round.id)}`} className={buttonClassName('accent')} data-testid="round-verify-link">
          {t('detail.verify')}
        </Link>
      </div>
    </div>
  );
}

/** A mini game round's result in words ("Rolagem 73,41 — acima de 50,00: ganhou, 1,9801×"). */
function MiniResultSection({ outcome }: { outcome: MiniOutcome }) {
  const { t } = useTranslation('betting');
  const words = useMiniWords();
  return (
    <section className="stack stack--gap-2" aria-label={t('detail.result')}>
      <h3 className="round-detail__subtitle">{t('detail.result')}</h3>
      <p className="round-detail__result" data-testid="round-detail-mini-result" data-kind={outcome.kind}>
        {words(outcome)}
      </p>
    </section>
  );
}

/** A Mines round's board: gems found, the mines once it is over (hidden while it is played), and how it ended. */
function MinesResultSection({ outcome }: { outcome: MinesOutcome }) {
  const { t, i18n } = useTranslation('betting');
  const language = currentLanguage(i18n);
  const board = outcome.result;
  const ending =
    board.state === 'cashed_out'
      ? t('detail.mines.cashed_out', { multiplier: formatDecimal(outcome.multiplier, language) })
      : board.state === 'lost'
        ? t('detail.mines.lost', { cell: (board.hit ?? 0) + 1 })
        : t(`detail.mines.${board.state}`);
  return (
    <section className="stack stack--gap-2" aria-label={t('detail.result')}>
      <h3 className="round-detail__subtitle">{t('detail.result')}</h3>
      <MinesGrid board={board} size="compact" testId="round-detail-mines" />
      <p className="round-detail__result" data-testid="round-detail-mines-result" data-state={board.state}>
        {t('detail.mines.summary', { mines: board.mineCount, gems: board.revealed.length })} {ending}
      </p>
    </section>
  );
}
