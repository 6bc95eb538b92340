import { useState } from 'react';
import { TextField } from '@app/ui';

/**
 * A sort-order cell: a whole number saved when the field loses focus or on Enter, only if it
 * changed; anything that is not a whole number goes back to the stored value.
 */
export function SortInput({ value, label, disabled, onCommit, testId }: { value: number; label: string; disabled?: boolean; onCommit: (value: number) => void; testId?: string }) {
  const [text, setText] = useState(String(value));
  // A new stored value (saved here or by someone else) replaces the text, during render so the
  // old number never shows for a frame.
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(String(value));
  }
  function commit() {
    const next = Number(text.trim());
    if (text.trim() === '' || !Number.isSafeInteger(next)) {
      setText(String(value));
      return;
    }
    if (next !== value) onCommit(next);
  }
  return (
    <TextField
      className="cat-sort"
      label={label}
      type="number"
      inputMode="numeric"
      step={1}
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') (event.target as HTMLInputElement).blur();
        if (event.key === 'Escape') setText(String(value));
      }}
      data-testid={testId}
    />
  );
}
