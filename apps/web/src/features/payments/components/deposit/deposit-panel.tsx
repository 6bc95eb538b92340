import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@app/ui';
import type { DepositOptions } from '@app/contracts';
import { useSession } from '../../../account/index.ts';
import { LoadFailed, TitledCard, useWalletFormat, type WalletFormat } from '../../../wallet/index.ts';
import { depositOptionsQueryOptions, useCreateDeposit } from '../../api/payments.queries.ts';
import { useIntentSubmission } from '../../hooks/use-intent-submission.ts';
import { DepositCharge } from './deposit-charge.tsx';
import { DepositForm } from './deposit-form.tsx';
import { DepositHistory } from './deposit-history.tsx';
import '../../../wallet/components/wallet.css';
import '../payments.css';

const TITLE_ID = 'deposit-main-title';

/**
 * Member centre → deposit (depositv2): an amount, then a PIX charge followed live until the money
 * is in the balance; the member's recent deposits below.
 */
export function DepositPanel() {
  const { t } = useTranslation(['payments', 'common']);
  const { token, member } = useSession();
  const options = useQuery(depositOptionsQueryOptions(token));
  const submission = useIntentSubmission(useCreateDeposit());
  const [activeId, setActiveId] = useState<string | null>(null);
  const format = useWalletFormat(member?.currencySymbol ?? '');

  const create = (amount: string) => submission.submit({ amount }, (deposit) => setActiveId(deposit.id));
  const show = (id: string | null) => {
    submission.reset();
    setActiveId(id);
  };

  let main;
  if (!options.data) {
    main = options.isError ? (
      <LoadFailed error={options.error} onRetry={() => void options.refetch()} retrying={options.isFetching} />
    ) : (
      <Spinner label={t('common:loading')} layout="block" />
    );
  } else if (activeId) {
    main = (
      <DepositCharge
        // A new charge is a new view: no copy feedback or countdown carried over from the last one.
        key={activeId}
        depositId={activeId}
        sandbox={options.data.sandbox}
        format={format}
        titleId={TITLE_ID}
        onNewCharge={create}
        onDone={() => show(null)}
        isCreating={submission.isPending}
        createError={submission.error}
      />
    );
  } else {
    main = (
      <DepositForm
        options={options.data}
        format={format}
        titleId={TITLE_ID}
        onSubmit={create}
        onInvalid={submission.reset}
        isPending={submission.isPending}
        error={submission.error}
      />
    );
  }

  return (
    <div className="wallet-page payments-page" data-testid="deposit-panel">
      <div className="payments-columns">
        <section className="wallet-card" aria-labelledby={TITLE_ID}>
          {main}
        </section>
        <DepositGuide options={options.data} format={format} />
      </div>
      <DepositHistory format={format} onOpen={show} activeId={activeId} />
    </div>
  );
}

/** How a PIX deposit works, the own-account rule and the limits, beside the form. */
function DepositGuide({ options, format }: { options: DepositOptions | undefined; format: WalletFormat }) {
  const { t } = useTranslation('payments');
  return (
    <TitledCard titleId="deposit-guide-title" title={t('deposit.howTitle')} className="payments-guide">
      <ol className="payments-steps">
        <li>{t('deposit.steps.choose')}</li>
        <li>{t('deposit.steps.pay')}</li>
        <li>{t('deposit.steps.credit')}</li>
      </ol>
      <p className="wallet-card__hint">{t('deposit.ownAccount')}</p>
      {options ? <p className="payments-guide__limits">{t('common.limits', { min: format.money(options.min), max: format.money(options.max) })}</p> : null}
    </TitledCard>
  );
}
