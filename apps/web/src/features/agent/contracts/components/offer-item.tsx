import { useTranslation } from 'react-i18next';
import type { Contract } from '@app/contracts';
import { Alert, Button } from '@app/ui';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import type { Decision, DecisionState } from '../hooks/use-contract-decision.ts';
import { TierTable } from './tier-table.tsx';

interface OfferItemProps {
  offer: Contract;
  format: ContractFormat;
  /** Some decision (on any contract) on its way means no other may start. */
  decisions: DecisionState;
  onDecide: (decision: Decision) => void;
  /** The kind is named when offers of several kinds are listed together (the modal). */
  showKind?: boolean;
}

/** An offer waiting for the logged-in agent: who offers it, its tiers, accept or reject. */
export function OfferItem({ offer, format, decisions, onDecide, showKind = false }: OfferItemProps) {
  const pending = decisions.pendingFor(offer.id);
  const busy = decisions.isPending;
  const error = decisions.errorFor(offer.id);
  const { t } = useTranslation('contracts');
  const errorMessage = useErrorMessage();
  const kind = t(`kinds.${offer.kind}`);
  const title = offer.upline
    ? showKind
      ? t('offer.titleWithKind', { kind, from: offer.upline })
      : t('offer.title', { from: offer.upline })
    : showKind
      ? t('offer.titleWithKindFromPlatform', { kind })
      : t('offer.titleFromPlatform');
  return (
    <article className="contract-offer" data-testid="contract-offer" data-offer-id={offer.id} aria-busy={pending !== null}>
      <header className="contract-offer__head">
        <h3 className="contract-offer__title">
          {title}
        </h3>
        <span className="contract-offer__meta">{t('offer.offeredAt', { time: format.dateTime(offer.offeredAt) })}</span>
      </header>
      {offer.replaces ? <p className="contract-note">{t('offer.replaces')}</p> : null}
      <TierTable kind={offer.kind} tiers={offer.tiers} format={format} testId="offer-tiers" />
      {error ? <Alert data-testid="offer-error">{errorMessage(error)}</Alert> : null}
      <div className="contract-actions">
        <Button variant="outline" size="sm" disabled={busy} aria-busy={pending === 'reject'} onClick={() => onDecide('reject')} data-testid="offer-reject">
          {pending === 'reject' ? t('actions.working') : t('actions.reject')}
        </Button>
        <Button variant="accent" size="sm" disabled={busy} aria-busy={pending === 'accept'} onClick={() => onDecide('accept')} data-testid="offer-accept">
          {pending === 'accept' ? t('actions.working') : t('actions.accept')}
        </Button>
      </div>
    </article>
  );
}

interface OfferListProps {
  offers: readonly Contract[];
  format: ContractFormat;
  decisions: DecisionState;
  onDecide: (offer: Contract, decision: Decision) => void;
  showKind?: boolean;
}

/** The offers waiting for the agent, each with its own accept and reject. */
export function OfferList({ offers, onDecide, ...item }: OfferListProps) {
  return offers.map((offer) => <OfferItem key={offer.id} offer={offer} onDecide={(decision) => onDecide(offer, decision)} {...item} />);
}
