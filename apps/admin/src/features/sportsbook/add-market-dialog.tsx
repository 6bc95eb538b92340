import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookAdminEventDetail } from '@app/contracts';
import { Button, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { newRequestId, useBookText } from './book-text.ts';
import { useBookChange } from './sportsbook.api.ts';

/** The market types an operator adds by hand, their line (specifier) and outcomes (feed/markets.ts). */
const TYPES: Record<string, { line?: string; outcomes: readonly string[] }> = {
  '1x2': { outcomes: ['home', 'draw', 'away'] },
  double_chance: { outcomes: ['home_draw', 'home_away', 'draw_away'] },
  draw_no_bet: { outcomes: ['home', 'away'] },
  totals: { line: 'total', outcomes: ['over', 'under'] },
  asian_handicap: { line: 'hcp', outcomes: ['home', 'away'] },
  btts: { outcomes: ['yes', 'no'] },
  match_winner: { outcomes: ['home', 'away'] },
  map_winner: { line: 'map', outcomes: ['home', 'away'] },
  cockfight_winner: { outcomes: ['meron', 'wala', 'draw'] },
};

export function AddMarketDialog({ event, onClose, onDone }: { event: SportsbookAdminEventDetail; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin-sportsbook');
  const { marketName, outcomeName } = useBookText();
  const change = useBookChange();
  const [requestId] = useState(newRequestId);
  const [type, setType] = useState('totals');
  const [line, setLine] = useState('');
  const [odds, setOdds] = useState<Record<string, string>>({});
  const rule = TYPES[type]!;
  const complete = rule.outcomes.every((id) => (odds[id] ?? '').trim() !== '') && (!rule.line || line.trim() !== '');
  const submit = () =>
    change.mutate(
      {
        path: `/events/${encodeURIComponent(event.id)}/markets`,
        body: { requestId, markets: [{ type, specifiers: rule.line ? { [rule.line]: line.trim().replace(',', '.') } : {}, outcomes: rule.outcomes.map((id) => ({ id, odds: (odds[id] ?? '').trim().replace(',', '.') })) }] },
      },
      { onSuccess: onDone },
    );
  return (
    <ActionDialog title={t('addMarket.title')} testId="sb-add-market-dialog" onClose={onClose} action={<Button disabled={!complete || change.isPending} onClick={submit} data-testid="sb-add-market-submit">{t('addMarket.submit')}</Button>}>
      <div className="sb-form-grid">
        <SelectField label={t('addMarket.type')} value={type} onValueChange={(value) => { setType(value); setOdds({}); setLine(''); }} options={Object.keys(TYPES).map((value) => ({ value, label: marketName(value) }))} data-testid="sb-add-market-type" />
        {rule.line ? <TextField label={t('addMarket.line', { name: rule.line })} value={line} maxLength={8} hint={t('addMarket.lineHint')} onChange={(e) => setLine(e.target.value)} data-testid="sb-add-market-line" /> : <span />}
        {rule.outcomes.map((id) => (
          <TextField key={id} label={t('create.odds', { outcome: outcomeName(id, event) })} inputMode="decimal" value={odds[id] ?? ''} maxLength={12} onChange={(e) => setOdds({ ...odds, [id]: e.target.value })} data-testid={`sb-add-market-odds-${id}`} />
        ))}
      </div>
      <ErrorLine error={change.error} testId="sb-add-market-error" />
    </ActionDialog>
  );
}
