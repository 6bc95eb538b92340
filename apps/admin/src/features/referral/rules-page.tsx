import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminReferralRules, ReferralRulesInput, ReferralRewardType } from '@app/contracts';
import { Alert, Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { useReferralRules, useSaveReferralRules } from './referral.api.ts';
import './referral.css';

type Saved = NonNullable<AdminReferralRules['rules']>;

interface Draft {
  enabled: boolean;
  minFirstDeposit: string;
  minValidBet: string;
  rewardAmount: string;
  rewardType: ReferralRewardType;
  wageringMultiple: string;
  bonusValidDays: string;
  maxReferees: string;
  maxAmount: string;
  windowDays: string;
}

function draftOf(rules: Saved | null): Draft {
  return {
    enabled: rules?.enabled ?? false,
    minFirstDeposit: rules?.minFirstDeposit ?? '20.00',
    minValidBet: rules?.minValidBet ?? '100.00',
    rewardAmount: rules?.rewardAmount ?? '10.00',
    rewardType: rules?.rewardType ?? 'cash',
    wageringMultiple: String(rules?.wageringMultiple ?? 0),
    bonusValidDays: String(rules?.bonusValidDays ?? 30),
    maxReferees: rules?.maxReferees === null || rules === null ? '' : String(rules.maxReferees),
    maxAmount: rules?.maxAmount ?? '',
    windowDays: rules?.windowDays === null || rules === null ? '' : String(rules.windowDays),
  };
}

/** "10", "10,5" or "1.234,50" as the API's "10.00"; anything else goes as typed and the server names the field. */
function amountOf(text: string): string {
  const plain = text.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain).toFixed(2) : text.trim();
}
const numberOf = (text: string) => Number(text.trim().replace(',', '.'));
const optional = <T,>(text: string, convert: (text: string) => T): T | null => (text.trim() === '' ? null : convert(text));

function inputOf(draft: Draft): ReferralRulesInput {
  return {
    enabled: draft.enabled,
    minFirstDeposit: amountOf(draft.minFirstDeposit),
    minValidBet: amountOf(draft.minValidBet),
    rewardAmount: amountOf(draft.rewardAmount),
    rewardType: draft.rewardType,
    wageringMultiple: numberOf(draft.wageringMultiple),
    bonusValidDays: numberOf(draft.bonusValidDays),
    maxReferees: optional(draft.maxReferees, numberOf),
    maxAmount: optional(draft.maxAmount, amountOf),
    windowDays: optional(draft.windowDays, numberOf),
  };
}

/** The referral programme's rules (referral.manage): each save is a new, audited version. */
export default function ReferralRulesPage() {
  const { t } = useTranslation('admin-referral');
  const query = useReferralRules();
  return (
    <Page title={t('rules.title')} testId="referral-rules-page">
      <p className="bo-muted">{t('rules.explain')}</p>
      <QueryState query={query}>{() => <RulesForm key={query.data?.rules?.version ?? 'none'} rules={query.data?.rules ?? null} />}</QueryState>
    </Page>
  );
}

function RulesForm({ rules }: { rules: Saved | null }) {
  const { t, i18n } = useTranslation('admin-referral');
  const [draft, setDraft] = useState<Draft>(() => draftOf(rules));
  const save = useSaveReferralRules();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const text = (name: Exclude<keyof Draft, 'enabled' | 'rewardType'>, inputMode: 'decimal' | 'numeric', hint?: string) => (
    <TextField label={t(`rules.fields.${name}`)} value={draft[name]} inputMode={inputMode} hint={hint} onChange={(event) => set(name, event.target.value)} data-testid={`referral-${name}`} />
  );
  return (
    <form
      className="referral-admin-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(inputOf(draft));
      }}
    >
      {rules ? (
        <p className="bo-small bo-muted" data-testid="referral-rules-version">
          {t('rules.version', { version: rules.version, by: rules.createdBy, at: formatDateTime(rules.createdAt, i18n.language) })}
        </p>
      ) : (
        <Alert tone="info">{t('rules.none')}</Alert>
      )}
      <Checkbox label={t('rules.fields.enabled')} checked={draft.enabled} onChange={(event) => set('enabled', event.target.checked)} data-testid="referral-enabled" />
      <h3>{t('rules.sectionReferee')}</h3>
      <div className="referral-admin-grid">
        {text('minFirstDeposit', 'decimal')}
        {text('minValidBet', 'decimal')}
        {text('windowDays', 'numeric', t('rules.optional'))}
      </div>
      <h3>{t('rules.sectionReward')}</h3>
      <div className="referral-admin-grid">
        {text('rewardAmount', 'decimal')}
        <SelectField
          label={t('rules.fields.rewardType')}
          value={draft.rewardType}
          onValueChange={(value) => set('rewardType', value)}
          options={[
            { value: 'cash' as const, label: t('rewardTypes.cash') },
            { value: 'bonus' as const, label: t('rewardTypes.bonus') },
          ]}
          data-testid="referral-rewardType"
        />
        {draft.rewardType === 'bonus' ? text('wageringMultiple', 'decimal') : null}
        {draft.rewardType === 'bonus' ? text('bonusValidDays', 'numeric') : null}
      </div>
      <h3>{t('rules.sectionCap')}</h3>
      <div className="referral-admin-grid">
        {text('maxReferees', 'numeric', t('rules.optional'))}
        {text('maxAmount', 'decimal', t('rules.optional'))}
      </div>
      <ErrorLine error={save.error} testId="referral-save-error" />
      {save.isSuccess ? (
        <p className="bo-small" role="status" data-testid="referral-saved">
          {t('rules.saved')}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={save.isPending} data-testid="referral-save">
          {t('rules.save')}
        </Button>
      </div>
    </form>
  );
}
