import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, SelectField, Spinner, TextField } from '@app/ui';
import { intlLocaleOf } from '@app/i18n';
import type { LimitView, MoneyLimitPeriod, SetLimit } from '@app/contracts';
import { useErrorMessage } from '../../../shared/error-message.ts';
import { formatMoney } from '../../../shared/format/money.ts';
import { currentLanguage } from '../../../shared/i18n.ts';
import { useLimitsMutations, useLimitsOverview } from '../limits.api.ts';
import './limits.css';

type Feedback = { tone: 'info' | 'error'; text: string } | null;

function useFormatters(timeZone: string) {
  const { i18n } = useTranslation('account');
  const language = currentLanguage(i18n);
  const dateTime = new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'short', timeStyle: 'short', timeZone });
  return { money: (amount: string) => formatMoney(amount, language), at: (iso: string) => dateTime.format(new Date(iso)) };
}

/** /limits: the member's responsible-gaming limits (issue 27), from the security centre. */
export function LimitsPage() {
  const { t } = useTranslation(['account', 'common']);
  const overview = useLimitsOverview();
  if (!overview.data) return <Spinner label={t('common:loading')} layout="block" />;
  const { limits, timeZone } = overview.data;
  return (
    <div className="limits-page" data-testid="limits-page">
      <h1 className="limits-page__title">{t('account:limits.title')}</h1>
      <p className="limits-page__intro">{t('account:limits.intro')}</p>
      <p className="limits-page__note">{t('account:limits.periodsNote')}</p>
      {(['deposit', 'loss', 'wager'] as const).map((kind) => (
        <section key={kind} className="limits-card" data-testid={`limits-card-${kind}`} aria-labelledby={`limits-${kind}-title`}>
          <h2 id={`limits-${kind}-title`} className="limits-card__title">
            {t(`account:limits.kind.${kind}`)}
          </h2>
          {limits
            .filter((view) => view.kind === kind)
            .map((view) => (
              <MoneyLimitRow key={view.period} view={view} timeZone={timeZone} />
            ))}
        </section>
      ))}
      <SessionLimitCard view={limits.find((view) => view.kind === 'session')!} timeZone={timeZone} />
      <RealityCheckCard minutes={overview.data.realityCheckMinutes} options={overview.data.realityCheckOptions} />
    </div>
  );
}

function PendingLine({ view, timeZone, label, onFeedback }: { view: LimitView; timeZone: string; label: (value: string) => string; onFeedback: (feedback: Feedback) => void }) {
  const { t } = useTranslation('account');
  const { cancel } = useLimitsMutations();
  const errorMessage = useErrorMessage();
  const format = useFormatters(timeZone);
  if (!view.pending) return null;
  const at = format.at(view.pending.effectiveAt);
  return (
    <div className="limits-row__pending" data-testid={`limits-pending-${view.kind}-${view.period}`}>
      <span>{view.pending.value === null ? t('limits.pendingRemoval', { at }) : t('limits.pending', { value: label(view.pending.value), at })}</span>
      <Button
        variant="ghost"
        size="sm"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(view.pending!.id, {
            onSuccess: () => onFeedback({ tone: 'info', text: t('limits.cancelled') }),
            onError: (error) => onFeedback({ tone: 'error', text: errorMessage(error) }),
          })
        }
        data-testid={`limits-cancel-${view.kind}-${view.period}`}
      >
        {t('limits.cancelPending')}
      </Button>
    </div>
  );
}

function useSave(onFeedback: (feedback: Feedback) => void, timeZone: string) {
  const { t } = useTranslation('account');
  const { set } = useLimitsMutations();
  const errorMessage = useErrorMessage();
  const format = useFormatters(timeZone);
  const save = (input: SetLimit) =>
    set.mutate(input, {
      onSuccess: (answer) => {
        const view = answer.limits.find((each) => each.kind === input.kind && each.period === input.period);
        if (answer.applied === 'pending' && view?.pending) onFeedback({ tone: 'info', text: t('limits.savedPending', { at: format.at(view.pending.effectiveAt) }) });
        else if (answer.applied === 'noop') onFeedback({ tone: 'info', text: t('limits.savedNoop') });
        else onFeedback({ tone: 'info', text: t('limits.savedNow') });
      },
      onError: (error) => onFeedback({ tone: 'error', text: errorMessage(error) }),
    });
  return { save, busy: set.isPending };
}

function MoneyLimitRow({ view, timeZone }: { view: LimitView; timeZone: string }) {
  const { t } = useTranslation('account');
  const [amount, setAmount] = useState(view.value ?? '');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const format = useFormatters(timeZone);
  const { save, busy } = useSave(setFeedback, timeZone);
  const period = view.period as MoneyLimitPeriod;
  const kind = view.kind as 'deposit' | 'loss' | 'wager';
  const id = `limits-${kind}-${period}`;
  return (
    <div className="limits-row" data-testid={id}>
      <div className="limits-row__head">
        <strong>{t(`limits.period.${period}`)}</strong>
        <span data-testid={`${id}-current`}>{t('limits.current', { value: view.value === null ? t('limits.noLimit') : `R$ ${format.money(view.value)}` })}</span>
        {view.value !== null && view.used !== null ? <span className="limits-row__used">{t('limits.used', { used: format.money(view.used) })}</span> : null}
      </div>
      <PendingLine view={view} timeZone={timeZone} label={(value) => `R$ ${format.money(value)}`} onFeedback={setFeedback} />
      <form
        className="limits-row__form"
        onSubmit={(event) => {
          event.preventDefault();
          save({ kind, period, amount: amount.trim().replace(',', '.') });
        }}
      >
        <TextField label={t('limits.amountLabel')} inputMode="decimal" value={amount} maxLength={16} onChange={(event) => setAmount(event.target.value)} data-testid={`${id}-input`} />
        <Button type="submit" variant="accent" size="sm" disabled={busy} data-testid={`${id}-save`}>
          {t('limits.save')}
        </Button>
        {view.value !== null ? (
          <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => save({ kind, period, amount: null })} data-testid={`${id}-remove`}>
            {t('limits.remove')}
          </Button>
        ) : null}
      </form>
      {feedback ? (
        <div role="status" data-testid={`${id}-feedback`}>
          <Alert tone={feedback.tone}>{feedback.text}</Alert>
        </div>
      ) : null}
    </div>
  );
}

const SESSION_CHOICES = ['30', '60', '90', '120', '180', '240', '360'] as const;

function SessionLimitCard({ view, timeZone }: { view: LimitView; timeZone: string }) {
  const { t } = useTranslation('account');
  const [minutes, setMinutes] = useState<string>(view.value ?? '120');
  const [feedback, setFeedback] = useState<Feedback>(null);
  const { save, busy } = useSave(setFeedback, timeZone);
  const choices = [...new Set([...SESSION_CHOICES, ...(view.value ? [view.value] : [])])].sort((a, b) => Number(a) - Number(b));
  return (
    <section className="limits-card" data-testid="limits-card-session" aria-labelledby="limits-session-title">
      <h2 id="limits-session-title" className="limits-card__title">
        {t('limits.kind.session')}
      </h2>
      <div className="limits-row" data-testid="limits-session-session">
        <div className="limits-row__head">
          <strong>{t('limits.period.session')}</strong>
          <span data-testid="limits-session-session-current">{t('limits.current', { value: view.value === null ? t('limits.noLimit') : t('limits.minutes', { count: Number(view.value) }) })}</span>
        </div>
        <PendingLine view={view} timeZone={timeZone} label={(value) => t('limits.minutes', { count: Number(value) })} onFeedback={setFeedback} />
        <form
          className="limits-row__form"
          onSubmit={(event) => {
            event.preventDefault();
            save({ kind: 'session', period: 'session', minutes: Number(minutes) });
          }}
        >
          <SelectField label={t('limits.minutesLabel')} value={minutes} options={choices.map((value) => ({ value, label: t('limits.minutes', { count: Number(value) }) }))} onValueChange={setMinutes} data-testid="limits-session-input" />
          <Button type="submit" variant="accent" size="sm" disabled={busy} data-testid="limits-session-save">
            {t('limits.save')}
          </Button>
          {view.value !== null ? (
            <Button type="button" variant="ghost" size="sm" disabled={busy} onClick={() => save({ kind: 'session', period: 'session', minutes: null })} data-testid="limits-session-remove">
              {t('limits.remove')}
            </Button>
          ) : null}
        </form>
        {feedback ? (
          <div role="status" data-testid="limits-session-feedback">
            <Alert tone={feedback.tone}>{feedback.text}</Alert>
          </div>
        ) : null}
      </div>
    </section>
  );
}

function RealityCheckCard({ minutes, options }: { minutes: number; options: number[] }) {
  const { t } = useTranslation('account');
  const { realityCheck } = useLimitsMutations();
  const errorMessage = useErrorMessage();
  const [feedback, setFeedback] = useState<Feedback>(null);
  return (
    <section className="limits-card" data-testid="limits-card-reality" aria-labelledby="limits-reality-title">
      <h2 id="limits-reality-title" className="limits-card__title">
        {t('limits.realityTitle')}
      </h2>
      <p className="limits-card__hint">{t('limits.realityHint')}</p>
      <SelectField
        label={t('limits.realityTitle')}
        value={String(minutes)}
        options={options.map((value) => ({ value: String(value), label: t('limits.minutes', { count: value }) }))}
        onValueChange={(value) =>
          realityCheck.mutate(Number(value), {
            onSuccess: () => setFeedback({ tone: 'info', text: t('limits.realitySaved') }),
            onError: (error) => setFeedback({ tone: 'error', text: errorMessage(error) }),
          })
        }
        data-testid="limits-reality-select"
      />
      {feedback ? (
        <div role="status" data-testid="limits-reality-feedback">
          <Alert tone={feedback.tone}>{feedback.text}</Alert>
        </div>
      ) : null}
    </section>
  );
}

export default LimitsPage;
