import { useLiveFormat } from '../components/live-format.ts';

/** What sits on a spot: confirmed chips (solid) and chips not yet confirmed (dashed), each a total. */
export function SpotStack({ confirmed, pending }: { confirmed: bigint | undefined; pending: bigint | undefined }) {
  const format = useLiveFormat();
  if (!confirmed && !pending) return null;
  return (
    <span className="live-stack">
      {confirmed ? (
        <span className="live-stack__chip is-confirmed" data-testid="spot-confirmed">
          {format.chip(confirmed)}
        </span>
      ) : null}
      {pending ? (
        <span className="live-stack__chip is-pending" data-testid="spot-pending">
          {format.chip(pending)}
        </span>
      ) : null}
    </span>
  );
}
