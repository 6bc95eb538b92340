import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_ITEM_KINDS, type AdminPointsItem, type AdminPointsItemInput, type PointsConfig, type PointsRequirementKind } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { Badge, DataTable, type Column } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { formatMoney } from '../../shared/format.ts';
import { usePointsConfig, usePointsItems, useSaveConfig, useSaveItem } from './points.api.ts';
import './points.css';

/** The points mall (promotions.manage): the exchange-rate table, the conversion rule and the items. */
export default function PointsMallPage() {
  const { t, i18n } = useTranslation('admin-points');
  const items = usePointsItems();
  const config = usePointsConfig();
  const [editing, setEditing] = useState<AdminPointsItem | 'new' | null>(null);

  const columns: Column<AdminPointsItem>[] = [
    { key: 'name', header: t('items.columns.name'), cell: (row) => <><strong>{row.namePt}</strong><br /><span className="bo-small">{row.nameEn}</span></> },
    { key: 'kind', header: t('items.columns.kind'), cell: (row) => t(`kinds.${row.kind}`), className: 'pt-nowrap' },
    { key: 'cost', header: t('items.columns.cost'), cell: (row) => row.pointsCost, numeric: true },
    { key: 'value', header: t('items.columns.value'), cell: (row) => (row.kind === 'physical' ? '—' : formatMoney(row.value, i18n.language)), numeric: true },
    { key: 'requirement', header: t('items.columns.requirement'), cell: (row) => (row.requirementKind === 'none' ? '—' : `${t(`requirement.${row.requirementKind}`)} ${formatMoney(row.requirementAmount, i18n.language)}`) },
    { key: 'stock', header: t('items.columns.stock'), cell: (row) => (row.stock === null ? t('items.unlimited') : row.stock), numeric: true },
    { key: 'limit', header: t('items.columns.limit'), cell: (row) => row.perMemberLimit ?? '—', numeric: true },
    { key: 'redeemed', header: t('items.columns.redeemed'), cell: (row) => row.redeemed, numeric: true },
    { key: 'active', header: t('items.columns.active'), cell: (row) => <Badge tone={row.active ? 'ok' : 'neutral'}>{row.active ? t('items.active') : t('items.inactive')}</Badge> },
    { key: 'edit', header: '', cell: (row) => <Button size="sm" variant="outline" onClick={() => setEditing(row)} data-testid={`points-item-edit-${row.id}`}>{t('items.edit')}</Button> },
  ];

  return (
    <Page
      title={t('mall.title')}
      testId="points-mall-page"
      actions={
        <Button onClick={() => setEditing('new')} data-testid="points-item-new">
          {t('items.new')}
        </Button>
      }
    >
      <QueryState query={config}>{() => (config.data ? <ConfigForm key={JSON.stringify(config.data)} config={config.data} /> : null)}</QueryState>
      <h2 className="pt-heading">{t('items.title')}</h2>
      <QueryState query={items}>{() => <DataTable rows={items.data?.items ?? []} columns={columns} rowKey={(row) => row.id} testId="points-items" empty={t('items.empty')} />}</QueryState>
      {editing ? <ItemEditor item={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Page>
  );
}

function ConfigForm({ config }: { config: PointsConfig }) {
  const { t } = useTranslation('admin-points');
  const save = useSaveConfig();
  const [rates, setRates] = useState(() => Object.fromEntries(config.rates.map((rate) => [rate.source, rate.pointsPerReal])));
  const [convert, setConvert] = useState(config.convert);
  return (
    <section className="pt-config" aria-labelledby="points-config-title">
      <h2 id="points-config-title" className="pt-heading">{t('config.title')}</h2>
      <p className="bo-muted">{t('config.explain')}</p>
      <div className="pt-grid">
        {config.rates.map((rate) => (
          <TextField key={rate.source} label={t(`sources.${rate.source}`)} inputMode="decimal" value={rates[rate.source] ?? ''} onChange={(event) => setRates((current) => ({ ...current, [rate.source]: event.target.value }))} data-testid={`points-rate-${rate.source}`} />
        ))}
      </div>
      <div className="pt-grid">
        <TextField label={t('config.convertPoints')} inputMode="numeric" value={convert.convertPoints} onChange={(event) => setConvert({ ...convert, convertPoints: event.target.value })} data-testid="points-convert-points" />
        <TextField label={t('config.convertAmount')} inputMode="decimal" value={convert.convertAmount} onChange={(event) => setConvert({ ...convert, convertAmount: event.target.value })} data-testid="points-convert-amount" />
        <TextField label={t('config.minPoints')} inputMode="numeric" value={convert.minPoints} onChange={(event) => setConvert({ ...convert, minPoints: event.target.value })} data-testid="points-convert-min" />
        <Checkbox label={t('config.enabled')} checked={convert.enabled} onChange={(event) => setConvert({ ...convert, enabled: event.target.checked })} data-testid="points-convert-enabled" />
      </div>
      <div className="bo-actions">
        <Button disabled={save.isPending} onClick={() => save.mutate({ rates: config.rates.map((rate) => ({ source: rate.source, pointsPerReal: (rates[rate.source] ?? '').trim().replace(',', '.') })), convert: { ...convert, convertAmount: money(convert.convertAmount) } })} data-testid="points-config-save">
          {t('config.save')}
        </Button>
        {save.isSuccess ? <span className="bo-small" data-testid="points-config-saved">{t('config.saved')}</span> : null}
      </div>
      <ErrorLine error={save.error} testId="points-config-error" />
    </section>
  );
}

interface Draft {
  kind: AdminPointsItemInput['kind'];
  namePt: string;
  nameEn: string;
  descriptionPt: string;
  descriptionEn: string;
  imageUrl: string;
  pointsCost: string;
  requirementKind: PointsRequirementKind;
  requirementAmount: string;
  value: string;
  bonusWagering: string;
  stock: string;
  perMemberLimit: string;
  active: boolean;
  sort: string;
}

const draftOf = (item: AdminPointsItem | null): Draft => ({
  kind: item?.kind ?? 'cash',
  namePt: item?.namePt ?? '',
  nameEn: item?.nameEn ?? '',
  descriptionPt: item?.descriptionPt ?? '',
  descriptionEn: item?.descriptionEn ?? '',
  imageUrl: item?.imageUrl ?? '',
  pointsCost: item?.pointsCost ?? '',
  requirementKind: item?.requirementKind ?? 'none',
  requirementAmount: item?.requirementAmount ?? '0.00',
  value: item?.value ?? '0.00',
  bonusWagering: String(item?.bonusWagering ?? 1),
  stock: item?.stock === null || item === null ? '' : String(item.stock),
  perMemberLimit: item?.perMemberLimit == null ? '' : String(item.perMemberLimit),
  active: item?.active ?? true,
  sort: String(item?.sort ?? 0),
});

/** Money typed as "5" or "5,5" goes to the wire as "5.00" / "5.50"; anything else as typed, for the server to refuse. */
function money(text: string): string {
  const normal = text.trim().replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal).toFixed(2) : normal;
}

const inputOf = (draft: Draft): AdminPointsItemInput => ({
  kind: draft.kind,
  namePt: draft.namePt,
  nameEn: draft.nameEn,
  descriptionPt: draft.descriptionPt,
  descriptionEn: draft.descriptionEn,
  imageUrl: draft.imageUrl.trim() === '' ? null : draft.imageUrl.trim(),
  pointsCost: draft.pointsCost.trim(),
  requirementKind: draft.requirementKind,
  requirementAmount: money(draft.requirementAmount),
  value: draft.kind === 'physical' ? '0.00' : money(draft.value),
  bonusWagering: Number(draft.bonusWagering),
  stock: draft.stock.trim() === '' ? null : Number(draft.stock),
  perMemberLimit: draft.perMemberLimit.trim() === '' ? null : Number(draft.perMemberLimit),
  active: draft.active,
  sort: Number(draft.sort) || 0,
});

function ItemEditor({ item, onClose }: { item: AdminPointsItem | null; onClose: () => void }) {
  const { t } = useTranslation('admin-points');
  const save = useSaveItem();
  const [draft, setDraft] = useState(() => draftOf(item));
  const text = (field: keyof Draft, label: string, props: { inputMode?: 'decimal' | 'numeric' } = {}) => (
    <TextField label={label} value={String(draft[field])} onChange={(event) => setDraft({ ...draft, [field]: event.target.value })} data-testid={`points-item-${field}`} {...props} />
  );
  return (
    <ActionDialog
      title={item ? t('editor.editTitle') : t('editor.createTitle')}
      testId="points-item-editor"
      size="lg"
      onClose={onClose}
      action={
        <Button disabled={save.isPending} onClick={() => save.mutate({ id: item?.id ?? null, input: inputOf(draft) }, { onSuccess: onClose })} data-testid="points-item-save">
          {t('editor.save')}
        </Button>
      }
    >
      <div className="pt-grid">
        <SelectField label={t('items.columns.kind')} value={draft.kind} onValueChange={(kind) => setDraft({ ...draft, kind })} options={POINTS_ITEM_KINDS.map((value) => ({ value, label: t(`kinds.${value}`) }))} data-testid="points-item-kind" />
        {text('namePt', t('editor.namePt'))}
        {text('nameEn', t('editor.nameEn'))}
        {text('descriptionPt', t('editor.descriptionPt'))}
        {text('descriptionEn', t('editor.descriptionEn'))}
        {text('imageUrl', t('editor.imageUrl'))}
        {text('pointsCost', t('editor.pointsCost'), { inputMode: 'numeric' })}
        {draft.kind !== 'physical' ? text('value', t('editor.value'), { inputMode: 'decimal' }) : null}
        {draft.kind === 'bonus' ? text('bonusWagering', t('editor.bonusWagering'), { inputMode: 'decimal' }) : null}
        <SelectField
          label={t('editor.requirementKind')}
          value={draft.requirementKind}
          onValueChange={(requirementKind) => setDraft({ ...draft, requirementKind })}
          options={(['none', 'deposits', 'valid_bet'] as const).map((value) => ({ value, label: t(`requirement.${value}`) }))}
          data-testid="points-item-requirementKind"
        />
        {draft.requirementKind !== 'none' ? text('requirementAmount', t('editor.requirementAmount'), { inputMode: 'decimal' }) : null}
        {text('stock', t('editor.stock'), { inputMode: 'numeric' })}
        {text('perMemberLimit', t('editor.perMemberLimit'), { inputMode: 'numeric' })}
        {text('sort', t('editor.sort'), { inputMode: 'numeric' })}
        <Checkbox label={t('editor.active')} checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.target.checked })} data-testid="points-item-active" />
      </div>
      <p className="bo-muted">{t('editor.hint')}</p>
      <ErrorLine error={save.error} testId="points-item-error" />
    </ActionDialog>
  );
}
