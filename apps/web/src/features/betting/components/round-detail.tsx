import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { HouseRound, MiniOutcome } from '@app/contracts';
import { Alert, Button, buttonClassName, Modal, ShieldCheckIcon, Spinner } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useSession } from '../../account/api/account.queries.ts';
import { houseRoundQueryOptions } from '../../fairness/api/fairness.queries.ts';
import { ReelWindow } from '../../fairness/components/reel-window.tsx';
import { formatDecimal, useMiniWords } from '../../fairness/hooks/use-mini-words.ts';
import type { WalletFormat } from '../../wallet/hooks/use-wallet-format.ts';

/** The round the detail dialog shows: the house round id and the record row's game name. */
export interface RoundDetailTarget {
  id: string;
  gameName: string;
}

/** "Detalhes": shown only on house game rounds (roundId house-<n>), which have seeds to verify. */
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
    <Modal open={target !== null} onClose={onClose} title={target ? t('betting:detail.title', { id: target.id }) : ''} closeLabel={t('common:actions.close')} size="lg" testId="round-detail">
      {target ? <RoundDetailBody target={target} format={format} /> : null}
    </Modal>
  );
}

function RoundDetailBody({ target, format }: { target: RoundDetailTarget; format: WalletFormat }) {
  const { t } = useTranslation(['betting', 'common']);
  const errorMessage = useErrorMessage();
  const { token } = useSession();
  const round = useQuery(houseRoundQueryOptions(token, target.id));
  if (round.data) return <RoundDetailContent round={round.data} gameName={target.gameName} format={format} />;
  if (round.isError) {
    return (
      <div className="round-detail__state" data-testid="round-detail-failed">
        <Alert>
          {t('betting:detail.loadFailed')} {errorMessage(round.error)}
        </Alert>
        <Button variant="outline" size="sm" onClick={() => void round.refetch()} disabled={round.isFetching}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  }
  return <Spinner label={t('common:loading')} layout="block" />;
}

function RoundDetailContent({ round, gameName, format }: { round: HouseRound; gameName: string; format: WalletFormat }) {
  const { t, i18n } = useTranslation('betting');
  const language = currentLanguage(i18n);
  const { fairness, outcome } = round;
  const mini = 'kind' in outcome ? outcome : null;
  return (
    <div className="round-detail" data-testid="round-detail-content">
      <dl className="round-detail__facts">
        {/* A slot's game fills the row; a mini round's shares it with bet, win and multiplier. */}
        <div className={mini ? 'round-detail__fact' : 'round-detail__fact round-detail__fact--wide'}>
          <dt>{t('detail.game')}</dt>
          <dd>{gameName}</dd>
        </div>
        <div className="round-detail__fact">
          <dt>{t('detail.bet')}</dt>
          <dd data-testid="round-detail-bet">{format.money(round.bet)}</dd>
        </div>
        <div className="round-detail__fact">
          <dt>{t('detail.win')}</dt>
          <dd data-testid="round-detail-win">{format.money(round.win)}</dd>
        </div>
        {mini ? (
          <div className="round-detail__fact">
            <dt>{t('detail.multiplier')}</dt>
            <dd data-testid="round-detail-multiplier">{`${formatDecimal(mini.multiplier, language)}×`}</dd>
          </div>
        ) : null}
        <div className="round-detail__fact">
          <dt>{t('detail.status')}</dt>
          <dd>
            <span className={`round-status round-status--${round.status === 'failed' ? 'rolled_back' : round.status}`} data-testid="round-detail-status" data-status={round.status}>
              {t(`detail.statuses.${round.status}`)}
            </span>
          </dd>
        </div>
        <div className="round-detail__fact">
          <dt>{t('detail.time')}</dt>
          <dd>
            <time dateTime={round.createdAt}>{format.dateTime(round.createdAt)}</time>
          </dd>
        </div>
      </dl>

      {'kind' in outcome ? (
        <MiniResultSection outcome={outcome} />
      ) : (
        <section className="round-detail__section" aria-label={t('detail.window')}>
          <h3 className="round-detail__subtitle">{t('detail.window')}</h3>
          <ReelWindow machine={round.machine} window={outcome.window} testId="round-detail-window" />
          {outcome.freeSpins.length > 0 ? <p className="round-detail__note">{t('detail.freeSpins', { count: outcome.freeSpins.length })}</p> : null}
        </section>
      )}

      <section className="round-detail__section" aria-label={t('detail.fairness')}>
        <h3 className="round-detail__subtitle">
          <ShieldCheckIcon size={16} aria-hidden="true" /> {t('detail.fairness')}
        </h3>
        <dl className="round-detail__seeds">
          <div className="round-detail__seed">
            <dt>{t('detail.serverHash')}</dt>
            <dd className="round-detail__mono" data-testid="round-detail-hash">
              {fairness.serverSeedHash}
            </dd>
          </div>
          <div className="round-detail__seed-pair">
            <div className="round-detail__seed">
              <dt>{t('detail.clientSeed')}</dt>
              <dd className="round-detail__mono" data-testid="round-detail-client-seed">
                {fairness.clientSeed}
              </dd>
            </div>
            <div className="round-detail__seed">
              <dt>{t('detail.nonce')}</dt>
              <dd className="round-detail__mono" data-testid="round-detail-nonce">
                {fairness.nonce}
              </dd>
            </div>
          </div>
          <div className="round-detail__seed">
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
    <section className="round-detail__section" aria-label={t('detail.result')}>
      <h3 className="round-detail__subtitle">{t('detail.result')}</h3>
      <p className="round-detail__result" data-testid="round-detail-mini-result" data-kind={outcome.kind}>
        {words(outcome)}
      </p>
    </section>
  );
}
