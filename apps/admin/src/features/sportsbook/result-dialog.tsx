import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SportsbookAdminEventDetail, SportsbookAdminMarket } from '@app/contracts';
import { Button, Checkbox, SelectField, TextField } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { ErrorLine } from '../../shared/components/page.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { newRequestId, useBookText } from './book-text.ts';
import { useEnterResult } from './sportsbook.api.ts';

const CHOICES = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
type Choice = (typeof CHOICES)[number];
/** An outcome's choice as the feed's settlement: a void is the stake back whatever the result; halves are Asian quarter lines. */
const SETTLEMENT: Record<Choice, { result: 'won' | 'lost'; voidFactor: 0 | 0.5 | 1 }> = {
  won: { result: 'won', voidFactor: 0 },
  lost: { result: 'lost', voidFactor: 0 },
  void: { result: 'lost', voidFactor: 1 },
  half_won: { result: 'won', voidFactor: 0.5 },
  half_lost: { result: 'lost', voidFactor: 0.5 },
};

/** A market's result (or its correction): each outcome's result, or the whole market void; a reason. */
export function ResultDialog({ event, market, correction, onClose, onDone }: { event: SportsbookAdminEventDetail; market: SportsbookAdminMarket; correction: boolean; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-sportsbook');
  const { marketName, outcomeName } = useBookText();
  const enter = useEnterResult(event.id);
  // One request id for this dialog: a double click or a retry of the same submission applies once.
  const [requestId] = useState(newRequestId);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(market.outcomes.map((outcome) => [outcome.id, 'lost'])));
  const [deadHeat, setDeadHeat] = useState<Record<string, string>>({});
  const [voidAll, setVoidAll] = useState(false);
  const [reason, setReason] = useState('');
  const submit = () =>
    enter.mutate(
      {
        requestId,
        marketKey: market.marketKey,
        correction,
        reason: reason.trim(),
        ...(voidAll
          ? { void: true as const }
          : { outcomes: market.outcomes.map((outcome) => ({ id: outcome.id, ...SETTLEMENT[choices[outcome.id] ?? 'lost'], deadHeatFactor: (deadHeat[outcome.id] ?? '').trim().replace(',', '.') || '1' })) }),
      },
      { onSuccess: (answer) => onDone(answer.status === 'pending_approval' ? t('result.pending', { id: answer.approvalId }) : t('result.applied')) },
    );
  return (
    <ActionDialog
      title={t(correction ? 'result.correctTitle' : 'result.title', { market: marketName(market.marketKey) })}
      testId="sb-result-dialog"
      onClose={onClose}
      action={
        <Button onClick={submit} disabled={enter.isPending || reason.trim() === ''} data-testid="sb-result-submit">
          {t('result.submit')}
        </Button>
      }
    >
      <p className="bo-muted bo-small">{t(correction ? 'result.correctExplain' : 'result.explain')}</p>
      <Checkbox label={t('result.voidMarket')} checked={voidAll} onChange={(e) => setVoidAll(e.target.checked)} data-testid="sb-result-void" />
      {voidAll
        ? null
        : market.outcomes.map((outcome) => (
            <div className="sb-result-row" key={outcome.id}>
              <SelectField
                label={outcomeName(outcome.id, event)}
                value={choices[outcome.id] ?? 'lost'}
                onValueChange={(value) => setChoices({ ...choices, [outcome.id]: value })}
                options={CHOICES.map((value) => ({ value, label: t(`result.choice.${value}`) }))}
                data-testid={`sb-result-${outcome.id}`}
              />
              <TextField label={t('result.deadHeat')} inputMode="decimal" value={deadHeat[outcome.id] ?? ''} placeholder="1" maxLength={8} onChange={(e) => setDeadHeat({ ...deadHeat, [outcome.id]: e.target.value })} data-testid={`sb-result-dh-${outcome.id}`} />
            </div>
          ))}
      <TextBox label={t('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="sb-result-reason" className="sb-reason" />
      <ErrorLine error={enter.error} testId="sb-result-error" />
    </ActionDialog>
  );
}
