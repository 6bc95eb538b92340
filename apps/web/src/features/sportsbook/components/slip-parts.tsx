import { useTranslation } from 'react-i18next';
import { Button, CloseIcon } from '@app/ui';
import { displayOdds, useBookNames } from './book-names.ts';
import { binomial, MAX_COMBINATIONS, presetsFor, SYSTEM_PRESETS, type SystemPreset } from './slip-math.ts';
import { selectionKey, slipStore, type SlipBetType, type SlipSelection, type SlipState } from './slip-store.ts';

export function SlipTitle({ count, onClose }: { count: number; onClose?: (() => void) | undefined }) {
  const { t } = useTranslation('sportsbook');
  return (
    <header className="sb-slip__head">
      <h2>{t('slip.title')} <span className="sb-slip__count" data-testid="sb-slip-count">{count}</span></h2>
      {onClose ? (
        <button type="button" className="sb-slip__close" aria-label={t('slip.close')} onClick={onClose}>
          <CloseIcon size={18} />
        </button>
      ) : null}
    </header>
  );
}

/** Simples | Múltipla | Sistema (from three selections). */
export function BetTypeTabs({ slip }: { slip: SlipState }) {
  const { t } = useTranslation('sportsbook');
  const count = slip.selections.length;
  if (count < 2) return null;
  const types: SlipBetType[] = count >= 3 ? ['single', 'accumulator', 'system'] : ['single', 'accumulator'];
  return (
    <div className="sb-slip__types" role="radiogroup" aria-label={t('slip.betType')} style={{ gridTemplateColumns: `repeat(${types.length}, 1fr)` }}>
      {types.map((type) => (
        <button
          key={type}
          type="button"
          role="radio"
          aria-checked={slip.betType === type}
          className={slip.betType === type ? 'is-active' : ''}
          data-testid={`sb-slip-type-${type}`}
          onClick={() => (type === 'system' ? slipStore.setSystem(slip.system) : slipStore.set({ betType: type }))}
        >
          {t(`slip.${type}`)}
        </button>
      ))}
    </div>
  );
}

/** The system's choice: the named systems for this many selections, or "k of n" for any set of k. */
export function SystemPicker({ slip }: { slip: SlipState }) {
  const { t } = useTranslation('sportsbook');
  const n = slip.selections.length;
  const { preset, sizes } = slip.system;
  const chosenSizes: readonly number[] = preset ? SYSTEM_PRESETS[preset].sizes : sizes;
  const toggleSize = (k: number) => {
    const next = preset ? [k] : sizes.includes(k) ? sizes.filter((size) => size !== k) : [...sizes, k].sort((a, b) => a - b);
    if (next.length > 0) slipStore.setSystem({ preset: null, sizes: next });
  };
  const choosePreset = (name: SystemPreset) => slipStore.setSystem({ preset: name, sizes: [] });
  const presets = presetsFor(n);
  return (
    <div className="sb-system" data-testid="sb-system">
      {presets.length > 0 ? (
        <div className="sb-system__row" role="radiogroup" aria-label={t('slip.systemPicker.named')}>
          {presets.map((name) => (
            <button key={name} type="button" role="radio" aria-checked={preset === name} className={preset === name ? 'is-active' : ''} data-testid={`sb-system-preset-${name}`} onClick={() => choosePreset(name)}>
              <strong>{t(`slip.systemPicker.preset.${name}`)}</strong>
              <span>{t('slip.bets', { count: SYSTEM_PRESETS[name].sizes.reduce((sum, size) => sum + binomial(n, size), 0) })}</span>
            </button>
          ))}
        </div>
      ) : null}
      <div className="sb-system__row" role="group" aria-label={t('slip.systemPicker.sizes')}>
        {Array.from({ length: n - 1 }, (_, index) => index + 1).map((k) => {
          const active = !preset && chosenSizes.includes(k);
          const tooMany = binomial(n, k) > MAX_COMBINATIONS;
          return (
            <button key={k} type="button" aria-pressed={active} className={active ? 'is-active' : ''} disabled={tooMany} data-testid={`sb-system-size-${k}`} onClick={() => toggleSize(k)}>
              <strong>{t('slip.systemPicker.kOfN', { k, n })}</strong>
              <span>{t('slip.bets', { count: binomial(n, k) })}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

function LegOdds({ item }: { item: SlipSelection }) {
  const { t } = useTranslation('sportsbook');
  if (item.locked) return <span className="sb-slip__odds is-locked" data-testid="sb-slip-leg-odds">{t('event.locked')}</span>;
  if (item.pendingOdds) {
    const up = Number(item.pendingOdds) > Number(item.odds);
    return (
      <span className={`sb-slip__odds is-changed is-${up ? 'up' : 'down'}`} data-testid="sb-slip-leg-odds" data-move={up ? 'up' : 'down'}>
        <s>{displayOdds(item.odds)}</s> {up ? '▲' : '▼'} <span data-testid="sb-slip-leg-new-odds">{displayOdds(item.pendingOdds)}</span>
      </span>
    );
  }
  if (item.previousOdds) {
    const up = Number(item.odds) > Number(item.previousOdds);
    return (
      <span className={`sb-slip__odds is-moved is-${up ? 'up' : 'down'}`} data-testid="sb-slip-leg-odds" data-move={up ? 'up' : 'down'}>
        <s>{displayOdds(item.previousOdds)}</s> {up ? '▲' : '▼'} {displayOdds(item.odds)}
      </span>
    );
  }
  return <span className="sb-slip__odds" data-testid="sb-slip-leg-odds">{displayOdds(item.odds)}</span>;
}

/** The selections; for singles each has its own stake; a refused single shows its reason under it. */
export function SlipLegs({ slip, problems, refusals, touched }: { slip: SlipState; problems: ReadonlyMap<string, string>; refusals: ReadonlyMap<string, string>; touched: boolean }) {
  const { t } = useTranslation('sportsbook');
  const names = useBookNames();
  const singles = slip.betType === 'single';
  return (
    <ul className="sb-slip__legs">
      {slip.selections.map((item) => {
        const key = selectionKey(item);
        const problem = touched ? problems.get(key) : undefined;
        const refusal = refusals.get(key);
        return (
          <li key={`${item.eventId}|${item.marketKey}`} className={item.locked ? 'sb-slip__leg is-locked' : 'sb-slip__leg'} data-testid="sb-slip-leg" data-selection={key}>
            <div>
              <strong data-testid="sb-slip-leg-outcome">{names.outcome(item.outcomeNameKey, item.outcomeParams)}</strong>
              <span>{names.market(item.marketNameKey, item.marketSpecifiers)}</span>
              <span className="sb-slip__event">{item.eventName}</span>
            </div>
            <LegOdds item={item} />
            <button type="button" className="sb-slip__remove" aria-label={t('slip.remove')} onClick={() => slipStore.remove(item.eventId, item.marketKey)}>
              <CloseIcon size={14} />
            </button>
            {singles ? (
              <label className="sb-slip__leg-stake">
                <span>{t('slip.stake')}</span>
                <input
                  inputMode="decimal"
                  autoComplete="off"
                  value={item.stake ?? ''}
                  placeholder="0,00"
                  aria-invalid={problem !== undefined}
                  data-testid="sb-slip-leg-stake"
                  onChange={(event) => slipStore.setLegStake(key, event.target.value)}
                />
              </label>
            ) : null}
            {problem ? <p className="sb-slip__error sb-slip__leg-note" role="alert" data-testid="sb-slip-leg-error">{problem}</p> : null}
            {refusal ? <p className="sb-slip__leg-refusal sb-slip__leg-note" role="alert" data-testid="sb-slip-leg-refusal">{refusal}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The book moved odds the setting did not take: the player accepts them (or changes the setting). */
export function OddsChangedPrompt() {
  const { t } = useTranslation('sportsbook');
  return (
    <div className="sb-slip__changed" role="alert" data-testid="sb-slip-odds-changed">
      <span>{t('slip.oddsChanged')}</span>
      <Button variant="primary" size="sm" onClick={() => slipStore.acceptChanges()} data-testid="sb-slip-accept-odds">{t('slip.acceptOdds')}</Button>
    </div>
  );
}
