import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { COOLOFF_PERIODS, RestrictionView, SELF_EXCLUSION_PERIODS } from '@app/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { Alert, Button, ConfirmDialog, SelectField, Spinner, TextField } from '@app/ui';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useCloseAccount, useExclusionState, useTakeRestriction } from '../exclusion.api.ts';
import { SelfExclusionServiceLink } from './self-exclusion-link.tsx';
import './exclusion.css';

type CoolOff = (typeof COOLOFF_PERIODS)[number];
type SelfExclusion = (typeof SELF_EXCLUSION_PERIODS)[number];

const newRequestId = () => crypto.randomUUID();
/** A request's body as the form builds it: the hook adds the request id (distributes over a union of kinds). */
type WithoutRequestId<T> = T extends unknown ? Omit<T, 'requestId'> : never;

/** After a restriction: the member leaves the member-only page; the next page forgets this tab's session (withdraw-balance-page.tsx). */
function useAfterRestriction() {
  const navigate = useNavigate();
  return (restriction: RestrictionView) => {
    void navigate('/withdraw-balance', { replace: true, state: { restriction } });
  };
}

/**
 * The three cards' one flow: the form's own check, then a confirmation dialog, then one request
 * (a double click sends the same request id; a refusal closes the dialog, shows why and takes a
 * new id for the next try).
 */
function useConfirmedRequest<Body extends { requestId: string }>(mutation: UseMutationResult<RestrictionView, Error, Body>) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const errorMessage = useErrorMessage();
  const after = useAfterRestriction();
  return {
    confirming,
    error,
    busy: mutation.isPending,
    /** The form's check: a problem is shown, none opens the dialog. */
    ask(problem: string | null) {
      setError(problem);
      if (!problem) setConfirming(true);
    },
    cancel: () => setConfirming(false),
    send(body: WithoutRequestId<Body>) {
      mutation.mutate({ ...body, requestId } as unknown as Body, {
        onSuccess: after,
        onError: (failure) => {
          setConfirming(false);
          setRequestId(newRequestId());
          setError(errorMessage(failure));
        },
      });
    },
  };
}

/** /exclusion: cool-off, self-exclusion and account closure (issue 27), from the security centre. */
export function ExclusionPage() {
  const { t } = useTranslation(['account', 'common']);
  const state = useExclusionState();
  if (!state.data) return <Spinner label={t('common:loading')} layout="block" />;
  return (
    <div className="exclusion-page" data-testid="exclusion-page">
      <h1 className="exclusion-page__title">{t('account:exclusion.title')}</h1>
      <p className="exclusion-page__intro">{t('account:exclusion.intro')}</p>
      <CoolOffCard periods={state.data.cooloffPeriods} />
      <SelfExclusionCard periods={state.data.selfExclusionPeriods} />
      <ClosureCard balance={state.data.balance} />
      <p className="exclusion-national" data-testid="exclusion-national">
        <span>{t('account:exclusion.nationalHint')}</span>
        <SelfExclusionServiceLink />
      </p>
    </div>
  );
}

function CoolOffCard({ periods }: { periods: readonly CoolOff[] }) {
  const { t } = useTranslation(['account', 'common']);
  const [period, setPeriod] = useState<CoolOff>(periods[0] ?? '24h');
  const [password, setPassword] = useState('');
  const flow = useConfirmedRequest(useTakeRestriction());
  return (
    <section className="exclusion-card" aria-labelledby="cooloff-title" data-testid="exclusion-cooloff">
      <h2 id="cooloff-title" className="exclusion-card__title">
        {t('account:exclusion.cooloff.title')}
      </h2>
      <p className="exclusion-card__hint">{t('account:exclusion.cooloff.hint')}</p>
      <form
        className="exclusion-card__form"
        onSubmit={(event) => {
          event.preventDefault();
          flow.ask(password === '' ? t('account:exclusion.passwordRequired') : null);
        }}
      >
        <SelectField label={t('account:exclusion.period')} value={period} options={periods.map((value) => ({ value, label: t(`account:exclusion.periods.${value}`) }))} onValueChange={setPeriod} data-testid="cooloff-period" />
        <TextField label={t('account:exclusion.password')} type="password" autoComplete="current-password" value={password} maxLength={256} onChange={(event) => setPassword(event.target.value)} data-testid="cooloff-password" />
        <div className="exclusion-card__actions">
          <Button type="submit" variant="accent" data-testid="cooloff-submit">
            {t('account:exclusion.cooloff.submit')}
          </Button>
        </div>
      </form>
      {flow.error ? <Alert tone="error">{flow.error}</Alert> : null}
      <ConfirmDialog
        open={flow.confirming}
        title={t('account:exclusion.cooloff.confirmTitle', { period: t(`account:exclusion.periods.${period}`) })}
        message={t('account:exclusion.confirmMessage')}
        confirmLabel={t('account:exclusion.cooloff.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        busy={flow.busy}
        testId="cooloff-confirm"
        onCancel={flow.cancel}
        onConfirm={() => flow.send({ kind: 'cooloff', period, password })}
      />
    </section>
  );
}

function SelfExclusionCard({ periods }: { periods: readonly SelfExclusion[] }) {
  const { t } = useTranslation(['account', 'common']);
  const [period, setPeriod] = useState<SelfExclusion>('6m');
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const flow = useConfirmedRequest(useTakeRestriction());
  return (
    <section className="exclusion-card" aria-labelledby="self-exclusion-title" data-testid="exclusion-self">
      <h2 id="self-exclusion-title" className="exclusion-card__title">
        {t('account:exclusion.self.title')}
      </h2>
      <p className="exclusion-card__hint">{t('account:exclusion.self.hint')}</p>
      <form
        className="exclusion-card__form"
        onSubmit={(event) => {
          event.preventDefault();
          flow.ask(password === '' ? t('account:exclusion.passwordRequired') : word.trim() === '' ? t('account:exclusion.self.wordRequired') : null);
        }}
      >
        <SelectField label={t('account:exclusion.period')} value={period} options={periods.map((value) => ({ value, label: t(`account:exclusion.periods.${value}`) }))} onValueChange={setPeriod} data-testid="self-period" />
        <TextField label={t('account:exclusion.self.word')} value={word} maxLength={40} autoComplete="off" onChange={(event) => setWord(event.target.value)} data-testid="self-word" />
        <TextField label={t('account:exclusion.password')} type="password" autoComplete="current-password" value={password} maxLength={256} onChange={(event) => setPassword(event.target.value)} data-testid="self-password" />
        <div className="exclusion-card__actions">
          <Button type="submit" variant="outline" data-testid="self-submit">
            {t('account:exclusion.self.submit')}
          </Button>
        </div>
      </form>
      {flow.error ? <Alert tone="error">{flow.error}</Alert> : null}
      <ConfirmDialog
        open={flow.confirming}
        title={t('account:exclusion.self.confirmTitle', { period: t(`account:exclusion.periods.${period}`) })}
        message={t('account:exclusion.confirmMessage')}
        confirmLabel={t('account:exclusion.self.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        busy={flow.busy}
        testId="self-confirm"
        onCancel={flow.cancel}
        onConfirm={() => flow.send({ kind: 'self_exclusion', period, password, confirmation: word })}
      />
    </section>
  );
}

function ClosureCard({ balance }: { balance: string }) {
  const { t, i18n } = useTranslation(['account', 'common']);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const flow = useConfirmedRequest(useCloseAccount());
  const hasBalance = balance !== '0.00';
  return (
    <section className="exclusion-card" aria-labelledby="closure-title" data-testid="exclusion-closure">
      <h2 id="closure-title" className="exclusion-card__title">
        {t('account:exclusion.closure.title')}
      </h2>
      <p className="exclusion-card__hint">{t('account:exclusion.closure.hint')}</p>
      {hasBalance ? (
        <Alert tone="info" data-testid="closure-balance">
          {t('account:exclusion.closure.withdrawFirst', { balance: `R$ ${formatMoney(balance, currentLanguage(i18n))}` })}
        </Alert>
      ) : (
        <form
          className="exclusion-card__form"
          onSubmit={(event) => {
            event.preventDefault();
            flow.ask(password === '' ? t('account:exclusion.passwordRequired') : word.trim() === '' ? t('account:exclusion.closure.wordRequired') : null);
          }}
        >
          <TextField label={t('account:exclusion.closure.word')} value={word} maxLength={40} autoComplete="off" onChange={(event) => setWord(event.target.value)} data-testid="closure-word" />
          <TextField label={t('account:exclusion.password')} type="password" autoComplete="current-password" value={password} maxLength={256} onChange={(event) => setPassword(event.target.value)} data-testid="closure-password" />
          <div className="exclusion-card__actions">
            <Button type="submit" variant="outline" data-testid="closure-submit">
              {t('account:exclusion.closure.submit')}
            </Button>
          </div>
        </form>
      )}
      {flow.error ? <Alert tone="error">{flow.error}</Alert> : null}
      <ConfirmDialog
        open={flow.confirming}
        title={t('account:exclusion.closure.confirmTitle')}
        message={t('account:exclusion.closure.confirmMessage')}
        confirmLabel={t('account:exclusion.closure.confirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        busy={flow.busy}
        testId="closure-confirm"
        onCancel={flow.cancel}
        onConfirm={() => flow.send({ password, confirmation: word })}
      />
    </section>
  );
}
