import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryAdminDrawDetail, LotteryResult } from '@app/contracts';
import { Button } from '@app/ui';
import { ActionDialog } from '../../shared/components/action-dialog.tsx';
import { TextBox } from '../../shared/components/text-box.tsx';
import { useProposeResult } from './lottery.api.ts';
import { isVietnamese, newRequestId, useLotteryErrorText, useLotteryText, VN_TIERS } from './lottery-text.ts';

/** A form line: its key in the result, label, how many numbers of how many digits. */
interface Line {
  key: string;
  label: string;
  count: number;
  digits: number;
}

const numbersOf = (text: string) => text.trim().split(/[\s,;]+/).filter(Boolean);

/**
 * A real-world draw's result (or its correction), typed from the official sheet, tier by tier.
 * Each line is checked as typed (count and digits); the server checks it again with the domain's
 * validateResult. Sent as a proposal another operator approves.
 */
export function ResultDialog({ draw, onClose, onDone }: { draw: LotteryAdminDrawDetail; onClose: () => void; onDone: (notice: string) => void }) {
  const { t } = useTranslation('admin-lottery');
  const { t: admin } = useTranslation('admin');
  const { tierName } = useLotteryText();
  const errorText = useLotteryErrorText();
  const propose = useProposeResult(draw.id);
  const [requestId] = useState(newRequestId);
  const correction = draw.resultVersion > 0;
  const lines: Line[] = isVietnamese(draw.family)
    ? VN_TIERS[draw.family].map(([tier, count, digits]) => ({ key: tier, label: tierName(tier), count, digits }))
    : [
        { key: 'first', label: t('tier.first'), count: 1, digits: 4 },
        { key: 'second', label: t('tier.second'), count: 1, digits: 4 },
        { key: 'third', label: t('tier.third'), count: 1, digits: 4 },
        { key: 'starters', label: t('tier.starters'), count: 10, digits: 4 },
        { key: 'consolations', label: t('tier.consolations'), count: 10, digits: 4 },
      ];
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const lineOk = (line: Line) => {
    const numbers = numbersOf(texts[line.key] ?? '');
    return numbers.length === line.count && numbers.every((number) => number.length === line.digits && /^\d+$/.test(number));
  };
  const complete = lines.every(lineOk);
  const build = (): LotteryResult => {
    const value = (key: string) => numbersOf(texts[key] ?? '');
    if (isVietnamese(draw.family)) return { family: draw.family, prizes: lines.map((line) => ({ tier: line.key, numbers: value(line.key) })) };
    return { family: 'sea_4d', first: value('first')[0]!, second: value('second')[0]!, third: value('third')[0]!, starters: value('starters'), consolations: value('consolations') };
  };
  const submit = () => {
    if (!complete) return;
    propose.mutate({ requestId, result: build(), reason: reason.trim() }, { onSuccess: (answer) => onDone(t(answer.replayed ? 'draw.notice.replayed' : 'draw.notice.sent', { id: answer.approvalId })) });
  };
  return (
    <ActionDialog
      title={t(correction ? 'resultDialog.correctTitle' : 'resultDialog.title', { drawNo: draw.drawNo })}
      testId="lt-result-dialog"
      size="lg"
      onClose={onClose}
      action={<Button onClick={submit} disabled={propose.isPending || !complete || reason.trim() === ''} data-testid="lt-result-submit">{t('resultDialog.submit')}</Button>}
    >
      <p className="bo-muted lt-small">{t('resultDialog.explain')}</p>
      {correction ? <p className="lt-small"><strong>{t('resultDialog.correctExplain')}</strong></p> : null}
      {lines.map((line) => {
        const typed = (texts[line.key] ?? '').trim() !== '';
        return (
          <div className="lt-tier" key={line.key}>
            <label htmlFor={`lt-tier-${line.key}`}>{line.label}</label>
            <input
              id={`lt-tier-${line.key}`}
              inputMode="numeric"
              autoComplete="off"
              value={texts[line.key] ?? ''}
              aria-invalid={typed && !lineOk(line) ? true : undefined}
              onChange={(e) => setTexts({ ...texts, [line.key]: e.target.value })}
              data-testid={`lt-tier-${line.key}`}
            />
            <small className={typed && !lineOk(line) ? 'lt-tier__bad' : undefined}>{t('resultDialog.numbersHint', { count: line.count, digits: line.digits })}</small>
          </div>
        );
      })}
      <TextBox label={admin('common.reason')} value={reason} onChange={setReason} maxLength={500} rows={2} testId="lt-result-reason" className="" />
      {propose.error ? <p className="bo-error" role="alert" data-testid="lt-result-error">{errorText(propose.error)}</p> : null}
    </ActionDialog>
  );
}
