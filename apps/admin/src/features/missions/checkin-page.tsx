import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHECKIN_DAYS, MISSION_REWARD_KINDS, type AdminCheckinTable, type AdminCheckinTableInput, type MissionRewardKind } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { Badge } from '../../shared/components/data-table.tsx';
import { ErrorLine, Page, QueryState } from '../../shared/components/page.tsx';
import { useCheckinTable, useSaveCheckinTable } from './missions.api.ts';
import './missions.css';

interface Row {
  kind: MissionRewardKind;
  amount: string;
  wagering: string;
}

const DAYS = Array.from({ length: CHECKIN_DAYS }, (_, index) => index + 1);

function rowsOf(table: AdminCheckinTable): Row[] {
  return DAYS.map((day) => {
    const reward = table.rewards.find((row) => row.day === day)?.reward;
    return { kind: reward?.kind ?? 'points', amount: reward?.amount ?? '', wagering: String(reward?.wageringMultiple || 1) };
  });
}

/** "5", "5,5" → "5.00", "5.50" for bonus money; points as whole numbers; anything else as typed. */
function amountOf(row: Row): string {
  const plain = row.amount.trim().replace(',', '.');
  if (row.kind === 'points') return plain;
  return /^\d+(\.\d{1,2})?$/.test(plain) ? Number(plain).toFixed(2) : plain;
}

function isValid(row: Row): boolean {
  const amount = amountOf(row);
  if (row.kind === 'points') return /^\d{1,12}$/.test(amount) && Number(amount) >= 1;
  const wagering = Number(row.wagering.trim().replace(',', '.'));
  return /^\d{1,12}\.\d{2}$/.test(amount) && Number(amount) > 0 && Number.isFinite(wagering) && wagering >= 0 && wagering <= 1000;
}

/** The sign-in check-in's reward table (promotions.manage): day 1…7, or switched off. */
export default function CheckinPage() {
  const { t } = useTranslation('admin-missions');
  const query = useCheckinTable();
  return (
    <Page title={t('checkin.title')} testId="missions-checkin-page">
      <p className="bo-muted">{t('checkin.explain')}</p>
      <QueryState query={query}>{() => (query.data ? <CheckinForm table={query.data} /> : null)}</QueryState>
    </Page>
  );
}

function CheckinForm({ table }: { table: AdminCheckinTable }) {
  const { t } = useTranslation(['admin-missions', 'errors']);
  const save = useSaveCheckinTable();
  const [rows, setRows] = useState(() => rowsOf(table));
  const [checked, setChecked] = useState(false);
  const [saved, setSaved] = useState(false);
  const change = (index: number, patch: Partial<Row>) => {
    setSaved(false);
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  };
  const send = (input: AdminCheckinTableInput) => save.mutate(input, { onSuccess: () => setSaved(true) });
  const onSave = () => {
    setChecked(true);
    if (!rows.every(isValid)) return;
    send({ rewards: rows.map((row, index) => ({ day: index + 1, reward: { kind: row.kind, amount: amountOf(row), wageringMultiple: row.kind === 'bonus' ? Number(row.wagering.trim().replace(',', '.')) : 0 } })) });
  };

  return (
    <section className="ms-checkin" aria-label={t('checkin.title')}>
      <p className="ms-checkin__state">
        <Badge tone={table.enabled ? 'ok' : 'neutral'} testId="checkin-enabled">
          {table.enabled ? t('checkin.enabled') : t('checkin.off')}
        </Badge>{' '}
        <span className="bo-small bo-muted" data-testid="checkin-stats">
          {t('checkin.stats', { today: table.checkinsToday, total: table.checkinsTotal })}
        </span>
      </p>
      {table.enabled ? null : <p className="bo-muted">{t('checkin.disabled')}</p>}
      <div className="ms-checkin__days">
        {rows.map((row, index) => {
          const day = index + 1;
          const invalid = checked && !isValid(row);
          return (
            <fieldset key={day} className="ms-checkin__day" data-testid={`checkin-row-${day}`}>
              <legend>{t('checkin.day', { day })}</legend>
              <SelectField label={t('checkin.kind')} value={row.kind} onValueChange={(kind) => change(index, { kind })} options={MISSION_REWARD_KINDS.map((value) => ({ value, label: t(`rewardKinds.${value}`) }))} data-testid={`checkin-kind-${day}`} />
              <TextField
                label={row.kind === 'bonus' ? t('checkin.amountBonus') : t('checkin.amountPoints')}
                value={row.amount}
                inputMode={row.kind === 'bonus' ? 'decimal' : 'numeric'}
                onChange={(event) => change(index, { amount: event.target.value })}
                error={invalid ? t('errors:missions.reward_invalid') : null}
                errorTestId={`checkin-error-${day}`}
                data-testid={`checkin-amount-${day}`}
              />
              {row.kind === 'bonus' ? <TextField label={t('checkin.wagering')} value={row.wagering} inputMode="decimal" onChange={(event) => change(index, { wagering: event.target.value })} data-testid={`checkin-wagering-${day}`} /> : null}
            </fieldset>
          );
        })}
      </div>
      <div className="bo-actions">
        <Button disabled={save.isPending} onClick={onSave} data-testid="checkin-save">
          {t('checkin.save')}
        </Button>
        {table.enabled ? (
          <Button variant="outline" disabled={save.isPending} onClick={() => send({ rewards: [] })} data-testid="checkin-disable">
            {t('checkin.disable')}
          </Button>
        ) : null}
        {saved ? (
          <span className="bo-small" role="status" data-testid="checkin-saved">
            {t('checkin.saved')}
          </span>
        ) : null}
      </div>
      <ErrorLine error={save.error} testId="checkin-save-error" />
    </section>
  );
}
