import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RestrictionView, WithdrawOnlyOptions } from '@app/contracts';
import { Alert, Button, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { clearSessionStorage, getToken } from '../../../shared/session-token.ts';
import { useWithdrawAll, useWithdrawOptions } from '../exclusion.api.ts';
import { SelfExclusionServiceLink } from './self-exclusion-link.tsx';
import './exclusion.css';

/**
 * /withdraw-balance (public): the one thing a member who may not log in (cool-off, self-exclusion,
 * a closed account) can still do — withdraw the whole balance to the registered payout key, with
 * the account, the login password and the payment password. The text stays neutral.
 */
export function WithdrawBalancePage() {
  const { t, i18n } = useTranslation(['account', 'common']);
  const language = currentLanguage(i18n);
  const location = useLocation();
  const taken = (location.state as { restriction?: RestrictionView } | null)?.restriction;
  // Arriving from a restriction just taken: the server ended every session; this tab forgets its own.
  useEffect(() => {
    if (taken && getToken() !== null) clearSessionStorage();
  }, [taken]);
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [options, setOptions] = useState<WithdrawOnlyOptions | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ amount: string } | null>(null);
  const [requestId] = useState(() => crypto.randomUUID());
  const lookup = useWithdrawOptions();
  const withdraw = useWithdrawAll();
  const errorMessage = useErrorMessage();
  const dateTime = (iso: string) => new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  const money = (amount: string) => `R$ ${formatMoney(amount, language)}`;
  return (
    <div className="withdraw-balance" data-testid="withdraw-balance-page">
      <h1>{t('account:exclusion.withdraw.title')}</h1>
      {taken ? (
        <Alert tone="info" data-testid="withdraw-taken">
          {taken.endsAt
            ? t(`account:exclusion.withdraw.taken.${taken.kind === 'cooloff' ? 'cooloff' : 'self'}`, { until: dateTime(taken.endsAt) })
            : t(`account:exclusion.withdraw.taken.${taken.kind === 'closure' ? 'closure' : 'indefinite'}`)}
        </Alert>
      ) : null}
      <p>{t('account:exclusion.withdraw.intro')}</p>
      {done ? (
        <div className="withdraw-balance__box" data-testid="withdraw-done">
          <Alert tone="info">{t('account:exclusion.withdraw.done', { amount: money(done.amount) })}</Alert>
        </div>
      ) : options ? (
        <form
          className="withdraw-balance__box"
          onSubmit={(event) => {
            event.preventDefault();
            if (!/^\d{6}$/.test(pin)) {
              setError(t('account:exclusion.withdraw.pinRequired'));
              return;
            }
            setError(null);
            withdraw.mutate({ account, password, paymentPassword: pin, requestId }, { onSuccess: (answer) => setDone({ amount: answer.amount }), onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          <span>{t('account:exclusion.withdraw.balance')}</span>
          <span className="withdraw-balance__amount" data-testid="withdraw-amount">
            {money(options.balance)}
          </span>
          <span data-testid="withdraw-key">{options.payoutKey ? t('account:exclusion.withdraw.to', { key: options.payoutKey }) : t('account:exclusion.withdraw.noKey')}</span>
          {options.withdrawUntil ? <span data-testid="withdraw-until">{t('account:exclusion.withdraw.until', { until: dateTime(options.withdrawUntil) })}</span> : null}
          <TextField label={t('account:exclusion.withdraw.pin')} type="password" inputMode="numeric" maxLength={6} autoComplete="off" value={pin} onChange={(event) => setPin(event.target.value.replace(/\D/g, ''))} data-testid="withdraw-pin" />
          <Button type="submit" variant="accent" disabled={withdraw.isPending || options.balance === '0.00' || !options.payoutKey} data-testid="withdraw-submit">
            {t('account:exclusion.withdraw.submit')}
          </Button>
        </form>
      ) : (
        <form
          className="withdraw-balance__box"
          onSubmit={(event) => {
            event.preventDefault();
            if (account.trim() === '' || password === '') {
              setError(t('account:exclusion.withdraw.loginRequired'));
              return;
            }
            setError(null);
            lookup.mutate({ account: account.trim(), password }, { onSuccess: setOptions, onError: (failure) => setError(errorMessage(failure)) });
          }}
        >
          <TextField label={t('account:login.username')} autoComplete="username" autoCapitalize="none" spellCheck={false} maxLength={64} value={account} onChange={(event) => setAccount(event.target.value)} data-testid="withdraw-account" />
          <TextField label={t('account:login.password')} type="password" autoComplete="current-password" maxLength={256} value={password} onChange={(event) => setPassword(event.target.value)} data-testid="withdraw-password" />
          <Button type="submit" variant="accent" disabled={lookup.isPending} data-testid="withdraw-continue">
            {t('account:exclusion.withdraw.continue')}
          </Button>
        </form>
      )}
      {error ? (
        <Alert tone="error" data-testid="withdraw-error">
          {error}
        </Alert>
      ) : null}
      <p className="exclusion-national">
        <span>{t('account:exclusion.nationalHint')}</span>
        <SelfExclusionServiceLink testId="withdraw-national-link" />
      </p>
    </div>
  );
}
