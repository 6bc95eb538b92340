import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button } from '@app/ui';
import type { PayoutAccount } from '@app/contracts';
import type { WalletFormat } from '../../../wallet/index.ts';
import { PayoutAccountForm } from './payout-account-form.tsx';

/** Where withdrawals go: the saved account (masked) with a way to change it, or the form to add one. */
export function PayoutAccountCard({ account, format }: { account: PayoutAccount | null; format: WalletFormat }) {
  const { t } = useTranslation('payments');
  const [isEditing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const showForm = account === null || isEditing;

  return (
    <section className="wallet-card" aria-labelledby="payout-title" data-testid="payout-account-card">
      <h3 id="payout-title" className="wallet-card__title">
        {t('payout.title')}
      </h3>
      <p className="wallet-card__hint">{t('payout.hint')}</p>
      {justSaved && !showForm ? (
        <Alert tone="info" data-testid="payout-saved">
          {t('payout.saved')}
        </Alert>
      ) : null}
      {account ? (
        <div className="line-card" data-testid="payout-account">
          <div className="payout-account__main">
            <span className="payout-account__kind">
              {account.kind === 'pix' && account.keyType ? `${t('payout.kinds.pix')} · ${t(`payout.keyTypes.${account.keyType}`)}` : t(`payout.kinds.${account.kind}`)}
            </span>
            <span className="payout-account__display" data-testid="payout-account-display">
              {account.display}
            </span>
          </div>
          <dl className="payout-account__holder">
            <div>
              <dt>{t('payout.holderName')}</dt>
              <dd data-testid="payout-holder-name">{account.holderName}</dd>
            </div>
            <div>
              <dt>{t('payout.holderCpf')}</dt>
              <dd data-testid="payout-holder-cpf">{account.holderCpf}</dd>
            </div>
          </dl>
          <p className="payout-account__updated">{t('payout.updatedAt', { time: format.dateTime(account.updatedAt) })}</p>
          {isEditing ? null : (
            <div>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setJustSaved(false);
                  setEditing(true);
                }}
                data-testid="payout-edit"
              >
                {t('payout.change')}
              </Button>
            </div>
          )}
        </div>
      ) : (
        <p className="payout-account__none" data-testid="payout-account-none">
          {t('payout.none')}
        </p>
      )}
      {showForm ? (
        <PayoutAccountForm
          onSaved={() => {
            setEditing(false);
            setJustSaved(true);
          }}
          onCancel={account ? () => setEditing(false) : undefined}
        />
      ) : null}
    </section>
  );
}
