import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryBetTypeRule } from '@app/contracts';
import { Button } from '@app/ui';
import { useLotteryNames } from './names.ts';
import { allValues } from './quick-pick.ts';

interface PadProps {
  rule: LotteryBetTypeRule;
  selections: readonly string[];
  onToggle: (value: string) => void;
  onAdd: (values: string[]) => void;
}

/** 'p1:big' → ['p1', 'big']; plain options ('17' for sums) have no target. */
function splitOption(option: string): [string | null, string] {
  const at = option.indexOf(':');
  return at < 0 ? [null, option] : [option.slice(0, at), option.slice(at + 1)];
}

/** Options grouped by their target (ball 1…5, the sum), each group a row of buttons. */
function OptionPad({ options, selections, onToggle }: { options: readonly string[]; selections: readonly string[]; onToggle: (value: string) => void }) {
  const { t } = useTranslation('lottery');
  const names = useLotteryNames();
  const groups = new Map<string, string[]>();
  for (const option of options) {
    const [target] = splitOption(option);
    const key = target ?? '';
    groups.set(key, [...(groups.get(key) ?? []), option]);
  }
  return (
    <div className="lt-pad lt-pad--options" data-testid="lt-pad-options">
      {[...groups].map(([target, list]) => (
        <div key={target} className="lt-pad__row" role="group" aria-label={target ? t(`target.${target === 'sum' ? 'sum' : 'ball'}`, { position: target.slice(1) }) : t('pad.options')}>
          {target ? <span className="lt-pad__target">{t(`target.${target === 'sum' ? 'sum' : 'ball'}`, { position: target.slice(1) })}</span> : null}
          <div className={list.length > 12 ? 'lt-pad__buttons is-dense' : 'lt-pad__buttons'}>
            {list.map((option) => {
              const picked = selections.includes(option);
              return (
                <button key={option} type="button" aria-pressed={picked} className={picked ? 'lt-pad__key is-picked' : 'lt-pad__key'} data-testid="lt-pad-key" data-value={option} onClick={() => onToggle(option)}>
                  {names.selection(splitOption(option)[1])}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}

/** 3- and 4-digit numbers are typed: one or many at once, separated by spaces or commas. */
function TypedPad({ digits, onAdd }: { digits: number; onAdd: (values: string[]) => void }) {
  const { t } = useTranslation('lottery');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parts = text.split(/[\s,;]+/).filter(Boolean);
    const pattern = new RegExp(`^\\d{${digits}}$`);
    if (parts.length === 0 || parts.some((part) => !pattern.test(part))) {
      setProblem(true);
      return;
    }
    setProblem(false);
    onAdd(parts);
    setText('');
  };
  return (
    <form className="lt-pad lt-pad--typed" onSubmit={submit} data-testid="lt-pad-typed" noValidate>
      <label className="lt-pad__label" htmlFor="lt-typed-input">{t('pad.typeLabel', { digits })}</label>
      <div className="lt-pad__typed-row">
        <input id="lt-typed-input" className="lt-input" inputMode="numeric" autoComplete="off" value={text} placeholder={'0'.repeat(digits)} onChange={(event) => setText(event.target.value)} data-testid="lt-typed-input" aria-invalid={problem} aria-describedby={problem ? 'lt-typed-problem' : undefined} />
        <Button type="submit" variant="outline" data-testid="lt-typed-add">{t('pad.add')}</Button>
      </div>
      {problem ? <p id="lt-typed-problem" className="lt-field-problem" role="alert">{t('pad.typeProblem', { digits })}</p> : null}
    </form>
  );
}

/** The pad of a bet type: the 00–99 grid, typed entry for 3/4 digits, or option buttons. */
export function NumberPad({ rule, selections, onToggle, onAdd }: PadProps) {
  const { t } = useTranslation('lottery');
  if (rule.selection.kind === 'options') return <OptionPad options={rule.selection.options} selections={selections} onToggle={onToggle} />;
  if (rule.selection.digits !== 2) return <TypedPad digits={rule.selection.digits} onAdd={onAdd} />;
  return (
    <div className="lt-pad lt-pad--grid" role="group" aria-label={t('pad.grid')} data-testid="lt-pad-grid">
      {(allValues(rule) ?? []).map((value) => {
        const picked = selections.includes(value);
        return (
          <button key={value} type="button" aria-pressed={picked} className={picked ? 'lt-pad__key is-picked' : 'lt-pad__key'} data-testid="lt-pad-key" data-value={value} onClick={() => onToggle(value)}>
            {value}
          </button>
        );
      })}
    </div>
  );
}
