export interface SpinnerProps {
  /** Accessible text announced while loading. */
  label: string;
  size?: number;
  /** block: centred in its container; fullpage: covers the viewport (boot). */
  layout?: 'inline' | 'block' | 'fullpage';
}

export function Spinner({ label, size = 36, layout = 'inline' }: SpinnerProps) {
  const spinner = (
    <span
      className="ui-spinner"
      role="status"
      aria-label={label}
      data-testid="spinner"
      style={{ width: size, height: size }}
    />
  );
  if (layout === 'inline') return spinner;
  return <div className={layout === 'fullpage' ? 'ui-spinner-fullpage' : 'ui-spinner-block'}>{spinner}</div>;
}
