import type { ReactNode } from 'react';

export interface AlertProps {
  tone?: 'error' | 'info';
  children: ReactNode;
  'data-testid'?: string;
}

export function Alert({ tone = 'error', children, ...rest }: AlertProps) {
  // Errors interrupt (role=alert); info is announced politely.
  return (
    <div className={`ui-alert ui-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'} {...rest}>
      {children}
    </div>
  );
}
