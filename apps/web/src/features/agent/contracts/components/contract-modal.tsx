import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@app/contracts';
import { Button, Modal } from '@app/ui';
import { useSession, useAccountModals } from '../../../account/index.ts';
import { pendingContractsQueryOptions } from '../api/contracts.queries.ts';
import { useContractDecision, type Decision } from '../hooks/use-contract-decision.ts';
import { useContractFormat } from '../hooks/use-contract-format.ts';
import { OfferList } from './offer-item.tsx';
import '../../../wallet/components/wallet.css';
import './contracts.css';

/** Offers the member closed the modal on, this session: they stay answerable in the agent centre. */
const CLOSED_KEY = 'contractOffersClosed';

function readClosed(): string[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function writeClosed(ids: string[]): void {
  try {
    sessionStorage.setItem(CLOSED_KEY, JSON.stringify(ids));
  } catch {
    // Storage disabled: the modal comes back on the next visit, which is harmless.
  }
}

/**
 * Spec §2 modals, "contract (logged in only)": contract offers waiting for the logged-in member,
 * each with accept or reject. Offers go to agent accounts only (agents.downline_not_agent), so
 * visitors, trial accounts and plain members never ask. It waits while an account modal (login,
 * forced password change) is open. Closing it hides these offers for the session; a new offer
 * opens it again.
 */
export function ContractModal() {
  const { token, member, isAgent, isTrial } = useSession();
  const { modal } = useAccountModals();
  const eligible = member !== undefined && isAgent && !isTrial;
  const pending = useQuery(pendingContractsQueryOptions(token, eligible));
  if (!eligible || modal !== null || !pending.data || !member) return null;
  return <PendingOffers key={token} offers={pending.data.offers} currencySymbol={member.currencySymbol} />;
}

function PendingOffers({ offers, currencySymbol }: { offers: readonly Contract[]; currencySymbol: string }) {
  const { t } = useTranslation(['contracts', 'common']);
  const format = useContractFormat(currencySymbol);
  const decisions = useContractDecision();
  const [closed, setClosed] = useState(readClosed);
  // Answered offers stay in view with their outcome until the member closes the modal.
  const [answered, setAnswered] = useState<{ offer: Contract; decision: Decision }[]>([]);

  const answeredIds = new Set(answered.map((entry) => entry.offer.id));
  const waiting = offers.filter((offer) => !closed.includes(offer.id) && !answeredIds.has(offer.id));
  if (waiting.length === 0 && answered.length === 0) return null;

  const close = () => {
    const ids = [...new Set([...closed, ...waiting.map((offer) => offer.id)])];
    writeClosed(ids);
    setClosed(ids);
    setAnswered([]);
  };
  const decide = (offer: Contract, decision: Decision) =>
    decisions.decide(offer, decision, () => setAnswered((current) => [...current, { offer, decision }]));

  return (
    <Modal
      open
      onClose={close}
      title={t('contracts:modal.title')}
      closeLabel={t('common:actions.close')}
      size="lg"
      testId="modal-contract"
      footer={
        waiting.length === 0 ? (
          <Button variant="primary" onClick={close} data-testid="contract-modal-done">
            {t('contracts:modal.done')}
          </Button>
        ) : null
      }
    >
      <div className="contract-modal">
        {waiting.length > 0 ? <p className="contract-note">{t('contracts:modal.lead', { count: waiting.length })}</p> : null}
        {answered.map(({ offer, decision }) => (
          <p key={offer.id} className="contract-answered" role="status" data-testid="contract-answered" data-decision={decision}>
            {t(decision === 'accept' ? 'contracts:modal.accepted' : 'contracts:modal.rejected', { kind: t(`contracts:kinds.${offer.kind}`) })}
          </p>
        ))}
        <OfferList offers={waiting} format={format} decisions={decisions} onDecide={decide} showKind />
      </div>
    </Modal>
  );
}
