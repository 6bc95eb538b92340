import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'accent' | 'outline' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
  /** Square icon-only button; pass an aria-label. */
  icon?: boolean;
  children?: ReactNode;
  'data-testid'?: string;
  'data-autofocus'?: boolean;
}

export function buttonClassName(variant: ButtonVariant = 'primary', size: 'sm' | 'md' = 'md', extra = ''): string {
  return ['ui-button', `ui-button--${variant}`, size === 'sm' ? 'ui-button--sm' : '', extra].filter(Boolean).join(' ');
}

export function Button({ variant = 'primary', size = 'md', block, icon, className, type, ...rest }: ButtonProps) {
  const extra = [block ? 'ui-button--block' : '', icon ? 'ui-button--icon' : '', className ?? ''].join(' ').trim();
  // type="button" by default: a stray submit inside a form must be deliberate.
  return <button type={type ?? 'button'} className={buttonClassName(variant, size, extra)} {...rest} />;
}
