export interface ChipItem<T extends string> {
  id: T;
  label: string;
  testId?: string;
}

export interface ChipsProps<T extends string> {
  items: readonly ChipItem<T>[];
  /** null when none is chosen (a custom value outside the presets). */
  value: T | null;
  onChange: (id: T) => void;
  /** Accessible name of the group. */
  label: string;
}

/**
 * Single-choice toggle buttons that wrap onto several lines: filter presets ("today", "last 7
 * days"). Unlike Tabs they switch a value, not a panel, so each is a pressed/unpressed button.
 */
export function Chips<T extends string>({ items, value, onChange, label }: ChipsProps<T>) {
  return (
    <div className="ui-chips" role="group" aria-label={label}>
      {items.map((item) => {
        const selected = item.id === value;
        return (
          <button
            key={item.id}
            type="button"
            className={selected ? 'ui-chip is-selected' : 'ui-chip'}
            aria-pressed={selected}
            data-testid={item.testId}
            onClick={() => onChange(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
