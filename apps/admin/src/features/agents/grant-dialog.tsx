import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS, type Contract, type ContractKind } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ErrorLine } from '../../shared/components/page.tsx';
import { useGrant } from './agents.api.ts';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';

/** The fields of one tier per kind (the server checks them again: order, rates, the site's maximum). */
export const TIER_FIELDS: Record<ContractKind, readonly TierField[]> = {
  dividend: ['minValidBet', 'minLoss', 'minActive', 'rate'],
  daily: ['minValidBet', 'minActive', 'rate'],
  hourly: ['minValidBet', 'rate'],
  realtime: ['minSingleBet', 'profitRate', 'lossRate'],
};
type TierField = 'minValidBet' | 'minLoss' | 'minActive' | 'minSingleBet' | 'rate' | 'profitRate' | 'lossRate';
type TierDraft = Partial<Record<TierField, string>>;
const MAX_TIERS = 10;

interface GrantDraft {
  account: string;
  kind: ContractKind;
  tiers: TierDraft[];
}

const emptyTier = (kind: ContractKind): TierDraft => Object.fromEntries(TIER_FIELDS[kind].map((field) => [field, field.startsWith('min') ? '0' : ''])) as TierDraft;
const PATTERN: Record<TierField, string> = {
  minValidBet: '\\d{1,12}([.,]\\d{1,2})?',
  minLoss: '\\d{1,12}([.,]\\d{1,2})?',
  minSingleBet: '\\d{1,12}([.,]\\d{1,2})?',
  minActive: '\\d{1,6}',
  rate: '\\d{1,3}([.,]\\d{1,4})?',
  profitRate: '\\d{1,3}([.,]\\d{1,4})?',
  lossRate: '\\d{1,3}([.,]\\d{1,4})?',
};

/** The wire's tier: amounts and rates as decimal strings with a point, active members as a number. */
export function tierToWire(kind: ContractKind, tier: TierDraft): Record<string, string | number> {
  const wire: Record<string, string | number> = {};
  for (const field of TIER_FIELDS[kind]) {
    const text = (tier[field] ?? '').trim().replace(',', '.');
    wire[field] = field === 'minActive' ? Number(text || '0') : text;
  }
  return wire;
}

/**
 * Gives an agent a contract in force at once: the account, the kind and its tiers (the highest
 * tier whose thresholds are all met applies). A contract the agent holds of the kind is
 * superseded, a pending offer withdrawn; both stay in the history and the audit log.
 */
export function GrantDialog({ initialAccount, onClose, onGranted }: { initialAccount?: string; onClose: () => void; onGranted: (contract: Contract) => void }) {
  const { t } = useTranslation(['admin-agents', 'admin']);
  const grant = useGrant();
  // Tiers are typed drafts (a comma is a decimal point here); tierToWire makes the wire's values and
  // the server checks them (order, rates, the site's maximum).
  const form = useForm<GrantDraft>({ defaultValues: { account: initialAccount ?? '', kind: 'daily', tiers: [emptyTier('daily')] } });
  const tierRows = useFieldArray({ control: form.control, name: 'tiers' });
  const [account, kind, tiers] = useWatch({ control: form.control, name: ['account', 'kind', 'tiers'] });

  const submit = form.handleSubmit((draft) => {
    if (grant.isPending) return;
    grant.mutate({ downline: draft.account.trim().toLowerCase(), kind: draft.kind, tiers: draft.tiers.map((tier) => tierToWire(draft.kind, tier)) }, { onSuccess: (result) => onGranted(result.contract) });
  });

  const complete = account.trim() !== '' && tiers.every((tier) => TIER_FIELDS[kind].every((field) => (tier[field] ?? '').trim() !== ''));
  return (
    <ActionDialog
      title={t('grant.title')}
      testId="grant-dialog"
      onClose={onClose}
      size="lg"
      action={
        <Button type="submit" form="grant-form" disabled={!complete || grant.isPending} data-testid="grant-submit">
          {t('grant.submit')}
        </Button>
      }
    >
      <form id="grant-form" onSubmit={(event) => void submit(event)} className="bo-agents__grant" noValidate>
        <div className="bo-form-row">
          <TextField label={t('grant.account')} {...form.register('account')} maxLength={64} autoFocus data-testid="grant-account" />
          <Controller
            control={form.control}
            name="kind"
            render={({ field }) => (
              <SelectField
                label={t('grant.kind')}
                value={field.value}
                onValueChange={(next) => {
                  // Another kind has other thresholds: start again from one empty tier.
                  field.onChange(next);
                  tierRows.replace([emptyTier(next)]);
                }}
                options={CONTRACT_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))}
                data-testid="grant-kind"
              />
            )}
          />
        </div>
        <p className="bo-muted">{t(`grant.kindHelp.${kind}`)}</p>
        <ol className="bo-agents__tiers" data-testid="grant-tiers">
          {tierRows.fields.map((row, index) => (
            <li key={row.id} className="bo-agents__tier" data-testid={`grant-tier-${index}`}>
              <span className="bo-agents__tier-name">{t('grant.tier', { n: index + 1 })}</span>
              {TIER_FIELDS[kind].map((field) => (
                <TextField
                  key={field}
                  label={t(`grant.fields.${field}`)}
                  {...form.register(`tiers.${index}.${field}`)}
                  inputMode={field === 'minActive' ? 'numeric' : 'decimal'}
                  pattern={PATTERN[field]}
                  maxLength={16}
                  data-testid={`grant-tier-${index}-${field}`}
                />
              ))}
              {tierRows.fields.length > 1 ? (
                <Button size="sm" variant="outline" onClick={() => tierRows.remove(index)} aria-label={t('grant.removeTier', { n: index + 1 })} data-testid={`grant-remove-${index}`}>
                  {t('grant.remove')}
                </Button>
              ) : null}
            </li>
          ))}
        </ol>
        <Button size="sm" variant="outline" onClick={() => tierRows.append(emptyTier(kind))} disabled={tierRows.fields.length >= MAX_TIERS} data-testid="grant-add-tier">
          {t('grant.addTier')}
        </Button>
        <p className="bo-muted bo-agents__hint">{t('grant.note')}</p>
        <ErrorLine error={grant.error} testId="grant-error" />
      </form>
    </ActionDialog>
  );
}
