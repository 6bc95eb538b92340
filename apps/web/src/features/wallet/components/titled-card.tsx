import type { ReactNode, Ref } from 'react';

interface TitledCardProps {
  /** The heading's id: it names the section for screen readers. */
  titleId: string;
  title: ReactNode;
  /** h2 for a card on a page of its own, h3 under the page's heading. */
  level?: 2 | 3;
  /** Already translated: a line under the title on what the card is for. */
  hint?: ReactNode;
  testId?: string;
  /** A class beside `wallet-card`. */
  className?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}

/** A card of the wallet look, named by its title (the wallet, transfer and contract pages). */
export function TitledCard({ titleId, title, level = 3, hint, testId, className, ref, children }: TitledCardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section ref={ref} className={className ? `wallet-card ${className}` : 'wallet-card'} aria-labelledby={titleId} data-testid={testId}>
      <Heading id={titleId} className="wallet-card__title">
        {title}
      </Heading>
      {hint ? <p className="wallet-card__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
