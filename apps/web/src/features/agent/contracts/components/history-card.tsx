import type { ReactNode } from 'react';

/** A row's attributes the tests and styles read (data-testid, data-kind, data-status). */
type CardAttributes = { [attribute: `data-${string}`]: string | undefined };

interface HistoryCardProps {
  title: ReactNode;
  /** Right of the title: the figure or status the card is about. */
  aside: ReactNode;
  /** The lines under the title, each a few labelled figures. */
  lines: readonly ReactNode[];
  className?: string;
  attributes?: CardAttributes;
}

/** Phones: one row of a contracts list (history, settlement lines, revenue) as a stacked card. */
export function HistoryCard({ title, aside, lines, className, attributes }: HistoryCardProps) {
  return (
    <li className={className ? `history-card ${className}` : 'history-card'} {...attributes}>
      <div className="history-card__top">
        <span className="history-card__type">{title}</span>
        {aside}
      </div>
      {lines.map((line, index) => (
        // The lines are fixed per list, never reordered: their place is their identity.
        <div key={index} className="history-card__meta">
          {line}
        </div>
      ))}
    </li>
  );
}

/** "Label: figure" in a card line. */
export function CardFigure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId}>
      {label}: {children}
    </span>
  );
}
