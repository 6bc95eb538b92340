import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractKind, ContractOverview } from '@app/contracts';
import { Alert, Button, ConfirmDialog, SelectField, SubmitButton, TextField } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { useOfferSubmission } from '../hooks/use-offer-submission.ts';
import { ceilingOf, emptyTierRow, TIER_FIELDS, toTierRows, toWireTiers, type TierFieldName, type TierProblem, type TierRow } from '../tiers.ts';
import { TierTable } from './tier-table.tsx';
import { offerFormResolver, type OfferFormValues } from './offer-form-resolver.ts';

type Downline = ContractOverview['downlines'][number];

interface OfferFormProps {
  kind: ContractKind;
  limits: ContractOverview['limits'];
  downlines: readonly Downline[];
  /** The downline chosen here or with a row's "offer" button; '' for none yet. */
  downline: string;
  onDownlineChange: (account: string) => void;
  format: ContractFormat;
}

/** Raising a contract starts from the one in force; a first offer from one empty tier. */
function initialRows(kind: ContractKind, downline: Downline | undefined): TierRow[] {
  const active = downline?.active;
  return active && active.tiers.length > 0 ? toTierRows(kind, active.tiers) : [emptyTierRow()];
}

/** The offer form (its rows start afresh for each kind). */
export function OfferForm(props: OfferFormProps) {
  return <OfferFormBody key={props.kind} {...props} />;
}

/** The tier a refusal such as agents.rate_above_upline names (details.tier counts from 0), as people count. */
function tierOfError(error: unknown): number | null {
  if (!isApiError(error)) return null;
  const tier = error.details?.tier;
  return typeof tier === 'number' && Number.isInteger(tier) && tier >= 0 ? tier + 1 : null;
}

function OfferFormBody({ kind, limits, downlines, downline, onDownlineChange, format }: OfferFormProps) {
  const { t } = useTranslation(['contracts', 'common']);
  const errorMessage = useErrorMessage();
  const submission = useOfferSubmission();
  const chosen = downlines.find((entry) => entry.account === downline);
  // Checked on submit only (nothing is focused, as before); the form's own messages stay until the
  // next attempt, the server's answer goes as soon as a field changes or a new attempt starts.
  const form = useForm<OfferFormValues>({
    resolver: offerFormResolver(kind, limits.maxRate, limits.tiers),
    defaultValues: { downline, tiers: initialRows(kind, chosen) },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { fields: rows, append, remove, replace } = useFieldArray({ control: form.control, name: 'tiers' });
  const { errors } = form.formState;
  const [sent, setSent] = useState<Contract | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [seenDownline, setSeenDownline] = useState(downline);
  const formDownline = useRef(downline);
  const fields = TIER_FIELDS[kind];

  // Another downline chosen (here or with its row's button): the last answer is no longer about it.
  if (seenDownline !== downline) {
    setSeenDownline(downline);
    setSent(null);
  }
  // The form follows the chosen downline: raising starts from its contract in force; otherwise the
  // tiers typed so far stay. (An effect: the form's store is not React state to set while rendering.)
  useEffect(() => {
    if (formDownline.current === downline) return;
    formDownline.current = downline;
    form.setValue('downline', downline);
    form.clearErrors('tiers');
    if (chosen?.active) replace(initialRows(kind, chosen));
  }, [downline, chosen, kind, form, replace]);
  const maxRate = format.rate(limits.maxRate);
  const problemOf = (index: number, field: TierFieldName) => errors.tiers?.[index]?.[field]?.type as TierProblem | undefined;
  // rateAboveTier carries its level's ceiling as the message.
  const problemMax = (index: number, field: TierFieldName) => errors.tiers?.[index]?.[field]?.message || limits.maxRate;
  const typedRows = useWatch({ control: form.control, name: 'tiers' });
  const rateFields = fields.filter((field) => field.type === 'rate');
  /** "Até 20% neste nível" for a row whose thresholds read; nothing while they do not. */
  const ceilingHint = (index: number): string | null => {
    if (limits.tiers.length === 0) return null;
    const ceiling = ceilingOf(kind, typedRows?.[index] ?? {}, limits.tiers);
    if (ceiling === undefined) return null;
    if (ceiling === null) return t('contracts:form.ceilingNone');
    const rates = rateFields.map((field) => (rateFields.length > 1 ? `${t(`contracts:fields.${field.name}`)} ${format.rate(ceiling[field.name] ?? '0')}` : format.rate(ceiling[field.name] ?? '0')));
    return t('contracts:form.ceiling', { max: rates.join(', ') });
  };
  /** A correction: the server's answer was about the tiers as they were. */
  const corrected = () => {
    setSent(null);
    if (submission.error) submission.reset();
  };

  const send = (values: OfferFormValues) => {
    setSentTo(values.downline);
    submission.submit({ kind, downline: values.downline, tiers: toWireTiers(kind, values.tiers) }, (contract) => setSent(contract));
  };

  // An answer about another downline's offer is no longer about this form.
  const error = sentTo === downline ? submission.error : null;
  const errorTier = tierOfError(error);
  const options = [
    { value: '', label: t('contracts:form.chooseDownline') },
    ...downlines.map((entry) => ({ value: entry.account, label: entry.nickname && entry.nickname !== entry.account ? `${entry.account} (${entry.nickname})` : entry.account })),
  ];
  return (
    <form
      className="contract-form"
      onSubmit={(event) => {
        setSent(null);
        // A new attempt: the last answer must not stay on screen while the tiers are checked again.
        if (submission.error) submission.reset();
        void form.handleSubmit(send)(event);
      }}
      noValidate
      data-testid="offer-form"
    >
      <Controller
        control={form.control}
        name="downline"
        render={({ field }) => (
          <SelectField
            label={t('contracts:form.downline')}
            value={downline}
            options={options}
            onValueChange={(account) => {
              field.onChange(account);
              form.clearErrors('downline');
              if (submission.error) submission.reset();
              onDownlineChange(account);
            }}
            data-testid="offer-downline"
          />
        )}
      />
      {errors.downline ? (
        <p className="ui-field__error" data-testid="offer-downline-error">
          {t('contracts:form.downlineRequired')}
        </p>
      ) : null}
      {chosen?.active ? <p className="contract-note">{t('contracts:form.raiseHint', { account: chosen.account })}</p> : null}
      <p className="wallet-card__hint" data-testid="offer-rules">
        {t(limits.tiers.length > 0 ? 'contracts:form.rulesPerTier' : 'contracts:form.rules', { count: limits.maxTiers, max: maxRate })}
      </p>
      {limits.tiers.length > 0 ? (
        <div className="contract-form__limits" data-testid="offer-limits">
          <p className="contract-form__limits-title">{t('contracts:form.limitsTitle')}</p>
          <TierTable kind={kind} tiers={limits.tiers} format={format} testId="offer-limits-table" />
        </div>
      ) : null}
      <ol className="contract-form__tiers stack stack--list">
        {rows.map((row, index) => (
          <li key={row.id} className="contract-form__tier" data-testid="offer-tier">
            <span className="contract-form__tier-label">{t('contracts:tiers.tierNumber', { number: index + 1 })}</span>
            <div className={`contract-form__fields contract-form__fields--${fields.length}`}>
              {fields.map((field) => {
                const problem = problemOf(index, field.name);
                return (
                  <Controller
                    key={field.name}
                    control={form.control}
                    name={`tiers.${index}.${field.name}`}
                    render={({ field: input }) => (
                      <TextField
                        label={field.type === 'rate' ? t('contracts:form.rateLabel', { label: t(`contracts:fields.${field.name}`) }) : t(`contracts:fields.${field.name}`)}
                        inputMode={field.type === 'count' ? 'numeric' : 'decimal'}
                        autoComplete="off"
                        placeholder={t(`contracts:form.placeholders.${field.type}`)}
                        name={input.name}
                        onBlur={input.onBlur}
                        value={input.value ?? ''}
                        // Only digits (and separators where decimals go) reach the value.
                        onChange={(event) => {
                          corrected();
                          input.onChange(event.target.value.replace(field.type === 'count' ? /\D/g : /[^\d.,]/g, ''));
                        }}
                        error={problem ? t(`contracts:form.problems.${problem}`, { max: format.rate(problemMax(index, field.name)) }) : null}
                        errorTestId={`tier-${index}-${field.name}-error`}
                        data-testid={`tier-${index}-${field.name}`}
                      />
                    )}
                  />
                );
              })}
            </div>
            {rows.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="contract-form__remove"
                onClick={() => {
                  form.clearErrors('tiers');
                  remove(index);
                }}
                data-testid={`offer-remove-tier-${index}`}
              >
                {t('contracts:form.removeTier')}
              </Button>
            ) : null}
            {ceilingHint(index) ? (
              <p className="contract-form__ceiling" data-testid={`tier-${index}-ceiling`}>
                {ceilingHint(index)}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="contract-actions contract-actions--start">
        <Button variant="outline" size="sm" disabled={rows.length >= limits.maxTiers} onClick={() => append(emptyTierRow())} data-testid="offer-add-tier">
          {t('contracts:form.addTier')}
        </Button>
      </div>
      {errors.tiers ? <Alert data-testid="offer-problems">{t('contracts:form.fixTiers')}</Alert> : null}
      {error ? (
        <Alert data-testid="offer-error">
          {errorMessage(error)}
          {errorTier !== null ? ` ${t('contracts:form.atTier', { number: errorTier })}` : ''}
        </Alert>
      ) : null}
      {sent ? (
        <Alert tone="info" data-testid="offer-sent">
          {t('contracts:form.sent', { account: sent.downline })}
        </Alert>
      ) : null}
      <SubmitButton variant="accent" block pending={submission.isPending} pendingLabel={t('contracts:form.sending')} data-testid="offer-submit">
        {t('contracts:form.submit')}
      </SubmitButton>
      <ConfirmDialog
        open={submission.replacing !== null}
        title={t('contracts:form.replaceTitle')}
        message={t('contracts:form.replaceMessage', { account: submission.replacing?.downline ?? '' })}
        confirmLabel={t('contracts:form.replaceConfirm')}
        cancelLabel={t('common:actions.cancel')}
        closeLabel={t('common:actions.close')}
        onConfirm={submission.confirmReplace}
        onCancel={submission.cancelReplace}
        busy={submission.isPending}
        testId="offer-replace-confirm"
      />
    </form>
  );
}
