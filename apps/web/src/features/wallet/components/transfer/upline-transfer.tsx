import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner, Tabs } from '@app/ui';
import type { AgentTransferRequest } from '@app/contracts';
import { useSession } from '../../../account/index.ts';
import { uplineQueryOptions } from '../../api/wallet.queries.ts';
import { TitledCard } from '../titled-card.tsx';
import { TransferForm } from './transfer-form.tsx';
import { UplineCard } from './upline-card.tsx';
import '../wallet.css';
import './transfer.css';

type Direction = AgentTransferRequest['direction'];

/**
 * Member centre → transfer to upline. Agents (types 1, 2, 41, 42) also get "to downline" here:
 * the same form and the same endpoint, with the downline's account added.
 */
export function UplineTransfer() {
  const { t } = useTranslation(['wallet', 'common']);
  const { token, member, isAgent } = useSession();
  const upline = useQuery(uplineQueryOptions(token));
  const [chosen, setChosen] = useState<Direction | null>(null);
  const hasNoUpline = upline.data?.upline === null;
  // An agent at the top of the tree can only send down; start there rather than on a dead end.
  const direction: Direction = chosen ?? (isAgent && hasNoUpline ? 'downline' : 'upline');

  if (!member) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <div className="wallet-page transfer-page" data-testid="upline-transfer">
      <UplineCard query={upline} />
      <TitledCard titleId="transfer-form-title" title={t('wallet:transfer.formTitle')}>
        {isAgent ? (
          <Tabs
            label={t('wallet:transfer.directionLabel')}
            value={direction}
            onChange={setChosen}
            items={[
              { id: 'upline', label: t('wallet:transfer.toUpline'), testId: 'transfer-to-upline' },
              { id: 'downline', label: t('wallet:transfer.toDownline'), testId: 'transfer-to-downline' },
            ]}
          />
        ) : null}
        {/* Keyed by direction: switching starts a clean form, with no message from the other one. */}
        <TransferForm
          key={direction}
          direction={direction}
          member={member}
          // Sending up needs an upline: wait for the answer, and stop when there is none.
          blocked={direction === 'upline' && (upline.isPending || hasNoUpline)}
        />
      </TitledCard>
    </div>
  );
}
