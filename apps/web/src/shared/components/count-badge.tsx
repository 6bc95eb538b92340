import './count-badge.css';

/** An unread count beside a label; nothing at zero, "99+" above 99. */
export function CountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-label={label} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
