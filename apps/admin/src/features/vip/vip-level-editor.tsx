import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ParseKeys } from 'i18next';
import { VIP_BADGE_COLOURS, VIP_PRODUCT_TYPES, type AdminVipLevelList, type VipLevelInput, type VipProductType } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { ApiError } from '../../shared/api.ts';
import { formatMoney } from '../../shared/format.ts';
import { useSaveVipLevel } from './vip.api.ts';

type Level = AdminVipLevelList['levels'][number];

interface Draft {
  rank: number;
  namePt: string;
  nameEn: string;
  badgeKind: 'colour' | 'image';
  colour: string;
  image: string;
  minValidBet: string;
  minDeposit: string;
  retentionValidBet: string;
  upgradeAmount: string;
  upgradeMultiple: string;
  monthlyAmount: string;
  monthlyMultiple: string;
  bonusValidDays: string;
  rebates: Record<VipProductType, string>;
  withdrawalLimit: string;
}

function draftOf(level: Level | null, rank: number): Draft {
  const badge = level?.badge ?? 'colour:gold';
  return {
    rank,
    namePt: level?.names.pt ?? '',
    nameEn: level?.names.en ?? '',
    badgeKind: badge.startsWith('colour:') ? 'colour' : 'image',
    colour: badge.startsWith('colour:') ? badge.slice(7) : 'gold',
    image: badge.startsWith('colour:') ? '' : badge,
    minValidBet: level?.minValidBet ?? '0.00',
    minDeposit: level?.minDeposit ?? '0.00',
    retentionValidBet: level?.retentionValidBet ?? '0.00',
    upgradeAmount: level?.upgradeBonus.amount ?? '0.00',
    upgradeMultiple: String(level?.upgradeBonus.wageringMultiple ?? 0),
    monthlyAmount: level?.monthlyBonus.amount ?? '0.00',
    monthlyMultiple: String(level?.monthlyBonus.wageringMultiple ?? 0),
    bonusValidDays: String(level?.bonusValidDays ?? 30),
    rebates: level?.rebates ?? { live: '0', slots: '0', sports: '0', lottery: '0', pvp: '0', fish: '0' },
    withdrawalLimit: level?.withdrawalLimitPerDay ?? '',
  };
}

/** "10", "10,5" or "1.234,50" as the API's "10.00"; anything else goes as typed and the server names the field. */
function amountOf(text: string): string {
  const plain = text.trim().replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain).toFixed(2) : text.trim();
}
const numberOf = (text: string) => Number(text.trim().replace(',', '.'));

function inputOf(draft: Draft): VipLevelInput {
  return {
    rank: draft.rank,
    names: { pt: draft.namePt, en: draft.nameEn },
    badge: draft.badgeKind === 'colour' ? `colour:${draft.colour}` : draft.image.trim(),
    minValidBet: amountOf(draft.minValidBet),
    minDeposit: amountOf(draft.minDeposit),
    retentionValidBet: amountOf(draft.retentionValidBet),
    upgradeBonus: { amount: amountOf(draft.upgradeAmount), wageringMultiple: numberOf(draft.upgradeMultiple) },
    monthlyBonus: { amount: amountOf(draft.monthlyAmount), wageringMultiple: numberOf(draft.monthlyMultiple) },
    bonusValidDays: numberOf(draft.bonusValidDays),
    rebates: Object.fromEntries(VIP_PRODUCT_TYPES.map((type) => [type, draft.rebates[type].trim().replace(',', '.')])) as Record<VipProductType, string>,
    withdrawalLimitPerDay: draft.withdrawalLimit.trim() === '' ? null : amountOf(draft.withdrawalLimit),
  };
}

/** The editor's label of a field the server names (`minValidBet`, `upgradeBonus.amount`, `rebates.live`…). */
const LABELS: Record<string, ParseKeys<'admin-vip'>> = {
  rank: 'editor.rank',
  'names.pt': 'editor.namePt',
  'names.en': 'editor.nameEn',
  badge: 'editor.badge',
  minValidBet: 'editor.minValidBet',
  minDeposit: 'editor.minDeposit',
  retentionValidBet: 'editor.retentionValidBet',
  'upgradeBonus.amount': 'editor.upgradeAmount',
  'upgradeBonus.wageringMultiple': 'editor.upgradeMultiple',
  'monthlyBonus.amount': 'editor.monthlyAmount',
  'monthlyBonus.wageringMultiple': 'editor.monthlyMultiple',
  bonusValidDays: 'editor.bonusValidDays',
  withdrawalLimitPerDay: 'editor.withdrawalLimit',
};
const REASONS = ['rank_gap', 'base_free', 'below_lower', 'above_upper', 'not_more'] as const;

/** Each refused field in the editor's words, with why when the server gave a reason. */
function FieldProblems({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation('admin-vip');
  const fields = error instanceof ApiError && Array.isArray(error.details?.fields) ? (error.details.fields as { path?: unknown; reason?: unknown; amount?: unknown }[]) : [];
  if (fields.length === 0) return null;
  return (
    <ul className="bo-error vip-field-problems" data-testid="vip-field-problems">
      {fields.map((field, index) => {
        const path = String(field.path ?? '').replace(/^body\./, '');
        const rebate = /^rebates\.(\w+)$/.exec(path);
        const label = rebate ? t('editor.rebate', { type: t(`productTypes.${rebate[1] as VipProductType}`, { defaultValue: rebate[1] }) }) : LABELS[path] ? t(LABELS[path]) : path;
        const reason = REASONS.find((word) => word === field.reason);
        return (
          <li key={`${path}-${index}`}>
            {label}: {reason ? t(`reasons.${reason}`, { amount: reason === 'rank_gap' ? String(field.amount ?? '') : formatMoney(String(field.amount ?? '0.00'), i18n.language) }) : t('reasons.invalid')}
          </li>
        );
      })}
    </ul>
  );
}

/** Create or edit a level; the server checks the order of levels and answers in translated words. */
export function VipLevelEditor({ level, rank, onClose }: { level: Level | null; rank: number; onClose: () => void }) {
  const { t } = useTranslation('admin-vip');
  const [draft, setDraft] = useState<Draft>(() => draftOf(level, rank));
  const save = useSaveVipLevel();
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));
  const text = (name: Exclude<keyof Draft, 'rank' | 'badgeKind' | 'rebates'>, label: string, inputMode?: 'decimal' | 'numeric', hint?: string) => (
    <TextField label={label} value={draft[name]} onChange={(event) => set(name, event.target.value)} inputMode={inputMode} hint={hint} data-testid={`vip-${name}`} />
  );

  return (
    <ActionDialog
      title={level ? t('editor.editTitle', { rank }) : t('editor.createTitle', { rank })}
      testId="vip-level-editor"
      size="lg"
      onClose={onClose}
      action={
        <Button disabled={save.isPending} onClick={() => save.mutate(inputOf(draft), { onSuccess: onClose })} data-testid="vip-save">
          {t('editor.save')}
        </Button>
      }
    >
      <div className="vip-editor">
        {rank === 0 ? <p className="bo-muted bo-small">{t('editor.baseHint')}</p> : null}
        <div className="vip-editor__grid">
          {text('namePt', t('editor.namePt'))}
          {text('nameEn', t('editor.nameEn'))}
          <SelectField
            label={t('editor.badge')}
            value={draft.badgeKind}
            onValueChange={(value) => set('badgeKind', value)}
            options={[
              { value: 'colour' as const, label: t('editor.badgeColour') },
              { value: 'image' as const, label: t('editor.badgeImage') },
            ]}
            data-testid="vip-badge-kind"
          />
          {draft.badgeKind === 'colour' ? (
            <SelectField label={t('editor.colour')} value={draft.colour} onValueChange={(value) => set('colour', value)} options={VIP_BADGE_COLOURS.map((value) => ({ value, label: t(`colours.${value}`) }))} data-testid="vip-colour" />
          ) : (
            text('image', t('editor.image'), undefined, t('editor.imageHint'))
          )}
        </div>
        <h3>{t('editor.sectionThresholds')}</h3>
        <div className="vip-editor__grid">
          {text('minValidBet', t('editor.minValidBet'), 'decimal')}
          {text('minDeposit', t('editor.minDeposit'), 'decimal')}
          {text('retentionValidBet', t('editor.retentionValidBet'), 'decimal', t('editor.retentionHint'))}
          {text('withdrawalLimit', t('editor.withdrawalLimit'), 'decimal', t('editor.withdrawalLimitHint'))}
        </div>
        <h3>{t('editor.sectionBonuses')}</h3>
        <div className="vip-editor__grid">
          {text('upgradeAmount', t('editor.upgradeAmount'), 'decimal')}
          {text('upgradeMultiple', t('editor.upgradeMultiple'), 'decimal')}
          {text('monthlyAmount', t('editor.monthlyAmount'), 'decimal')}
          {text('monthlyMultiple', t('editor.monthlyMultiple'), 'decimal')}
          {text('bonusValidDays', t('editor.bonusValidDays'), 'numeric')}
        </div>
        <h3>{t('editor.sectionRebates')}</h3>
        <div className="vip-editor__grid">
          {VIP_PRODUCT_TYPES.map((type) => (
            <TextField
              key={type}
              label={t('editor.rebate', { type: t(`productTypes.${type}`) })}
              value={draft.rebates[type]}
              inputMode="decimal"
              onChange={(event) => set('rebates', { ...draft.rebates, [type]: event.target.value })}
              data-testid={`vip-rebate-${type}`}
            />
          ))}
        </div>
        <ErrorLine error={save.error} testId="vip-save-error" />
        <FieldProblems error={save.error} />
      </div>
    </ActionDialog>
  );
}
