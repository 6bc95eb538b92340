import type { InputHTMLAttributes } from 'react';

/**
 * An on/off switch: a native checkbox (keyboard, screen readers and clicks work as for any
 * checkbox) drawn as a track. `label` is visible next to it, or only announced with `hideLabel`.
 */
export function Switch({
  label,
  hideLabel,
  tone,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string; hideLabel?: boolean; tone?: 'warn'; 'data-testid'?: string }) {
  return (
    <label className={`cat-switch${tone === 'warn' ? ' cat-switch--warn' : ''}`} title={label}>
      <input type="checkbox" role="switch" aria-label={hideLabel ? label : undefined} {...rest} />
      <span className="cat-switch__track" aria-hidden="true" />
      {hideLabel ? null : <span className="cat-switch__label">{label}</span>}
    </label>
  );
}
