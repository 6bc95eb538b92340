import type { ReactNode } from 'react';

/** One line of a round's fairness data (a hash, a seed, a salt): label and monospaced value. */
export function SeedFact({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <div className="fact-grid__item round-detail__seed">
      <dt>{label}</dt>
      <dd className="round-detail__mono" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
