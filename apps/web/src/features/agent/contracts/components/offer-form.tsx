import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Contract, ContractKind, ContractOverview } from '@app/contracts';
import { Alert, Button, ConfirmDialog, SelectField, TextField } from '@app/ui';
import { isApiError } from '../../../../shared/api-client.ts';
import { useErrorMessage } from '../../../../shared/error-message.ts';
import type { ContractFormat } from '../hooks/use-contract-format.ts';
import { useOfferSubmission } from '../hooks/use-offer-submission.ts';
import { checkTiers, emptyTierRow, TIER_FIELDS, toTierRows, toWireTiers, type TierIssue, type TierRow } from '../tiers.ts';

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
  const [rows, setRows] = useState<TierRow[]>(() => initialRows(kind, chosen));
  const [issues, setIssues] = useState<TierIssue[]>([]);
  const [downlineMissing, setDownlineMissing] = useState(false);
  const [sent, setSent] = useState<Contract | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [seenDownline, setSeenDownline] = useState(downline);
  const fields = TIER_FIELDS[kind];

  // Another downline chosen (here or with its row's button): raising starts from its contract in
  // force; otherwise the tiers typed so far stay.
  if (seenDownline !== downline) {
    setSeenDownline(downline);
    setSent(null);
    setIssues([]);
    if (chosen?.active) setRows(initialRows(kind, chosen));
  }
  const maxRate = format.rate(limits.maxRate);

  const setValue = (index: number, field: string, value: string) => {
    setSent(null);
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  };
  const issueOf = (index: number, field: string) => issues.find((issue) => issue.row === index && issue.field === field);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(null);
    const found = checkTiers(kind, rows, limits.maxRate);
    setIssues(found);
    setDownlineMissing(downline === '');
    if (downline === '' || found.length > 0) return;
    setSentTo(downline);
    submission.submit({ kind, downline, tiers: toWireTiers(kind, rows) }, (contract) => {
      setSent(contract);
      setIssues([]);
    });
  };

  // An answer about another downline's offer is no longer about this form.
  const error = sentTo === downline ? submission.error : null;
  const errorTier = tierOfError(error);
  const options = [
    { value: '', label: t('contracts:form.chooseDownline') },
    ...downlines.map((entry) => ({ value: entry.account, label: entry.nickname && entry.nickname !== entry.account ? `${entry.account} (${entry.nickname})` : entry.account })),
  ];
  return (
    <form className="contract-form" onSubmit={submit} noValidate data-testid="offer-form">
      <SelectField
        label={t('contracts:form.downline')}
        value={downline}
        options={options}
        onValueChange={(account) => {
          setDownlineMissing(false);
          onDownlineChange(account);
        }}
        data-testid="offer-downline"
      />
      {downlineMissing ? (
        <p className="ui-field__error" data-testid="offer-downline-error">
          {t('contracts:form.downlineRequired')}
        </p>
      ) : null}
      {chosen?.active ? <p className="contract-note">{t('contracts:form.raiseHint', { account: chosen.account })}</p> : null}
      <p className="wallet-card__hint">{t('contracts:form.rules', { count: limits.maxTiers, max: maxRate })}</p>
      <ol className="contract-form__tiers">
        {rows.map((row, index) => (
          <li key={index} className="contract-form__tier" data-testid="offer-tier">
            <span className="contract-form__tier-label">{t('contracts:tiers.tierNumber', { number: index + 1 })}</span>
            <div className={`contract-form__fields contract-form__fields--${fields.length}`}>
              {fields.map((field) => {
                const issue = issueOf(index, field.name);
                return (
                  <TextField
                    key={field.name}
                    label={field.type === 'rate' ? t('contracts:form.rateLabel', { label: t(`contracts:fields.${field.name}`) }) : t(`contracts:fields.${field.name}`)}
                    inputMode={field.type === 'count' ? 'numeric' : 'decimal'}
                    autoComplete="off"
                    placeholder={t(`contracts:form.placeholders.${field.type}`)}
                    value={row[field.name] ?? ''}
                    onChange={(event) => setValue(index, field.name, event.target.value.replace(field.type === 'count' ? /\D/g : /[^\d.,]/g, ''))}
                    error={issue ? t(`contracts:form.problems.${issue.problem}`, { max: maxRate }) : null}
                    errorTestId={`tier-${index}-${field.name}-error`}
                    data-testid={`tier-${index}-${field.name}`}
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
                  setIssues([]);
                  setRows((current) => current.filter((_, at) => at !== index));
                }}
                data-testid={`offer-remove-tier-${index}`}
              >
                {t('contracts:form.removeTier')}
              </Button>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="contract-actions contract-actions--start">
        <Button
          variant="outline"
          size="sm"
          disabled={rows.length >= limits.maxTiers}
          onClick={() => setRows((current) => [...current, emptyTierRow()])}
          data-testid="offer-add-tier"
        >
          {t('contracts:form.addTier')}
        </Button>
      </div>
      {issues.length > 0 ? <Alert data-testid="offer-problems">{t('contracts:form.fixTiers')}</Alert> : null}
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
      <Button type="submit" variant="accent" block disabled={submission.isPending} aria-busy={submission.isPending} data-testid="offer-submit">
        {submission.isPending ? t('contracts:form.sending') : t('contracts:form.submit')}
      </Button>
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
