import type { DbExecutor } from '../../platform/db.ts';
import type { EventBus } from '../../platform/events.ts';

export const EXCLUSION_CHANGED_EVENT = 'exclusion.changed';
/** A topic no socket subscribes to: the event is for the API processes, not for browsers. */
const INTERNAL_TOPIC = 'internal.exclusion';
const CLEAR_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/**
 * The bet path asks "is this member restricted?" before every bet of every product; nearly every
 * answer is no. A "no" is kept a minute per process and dropped at once when a restriction is
 * created anywhere (the `exclusion.changed` event, published in the restriction's transaction,
 * reaches every process; a bus reconnect drops everything, since events may have been missed).
 * A "yes" is never kept: it is rare, and a restriction's end must show at once. Without a bus
 * (a test building the module alone) nothing is kept.
 */
export function createRestrictionCache(deps: { bus?: EventBus; isRestricted: (memberId: bigint) => Promise<boolean>; restrictedAmong?: (memberIds: readonly bigint[]) => Promise<Set<bigint>> }) {
  const clearUntil = new Map<bigint, number>();
  const unsubscribe = deps.bus?.subscribe((event) => {
    if (event.type !== EXCLUSION_CHANGED_EVENT) return;
    const memberId = event.data?.memberId;
    if (typeof memberId === 'string' && /^\d{1,19}$/.test(memberId)) clearUntil.delete(BigInt(memberId));
  });
  const stopReconnect = deps.bus?.onReconnect(() => clearUntil.clear());

  const keepClear = (memberId: bigint) => {
    if (clearUntil.size >= MAX_ENTRIES) clearUntil.clear();
    clearUntil.set(memberId, Date.now() + CLEAR_TTL_MS);
  };

  return {
    async isRestricted(memberId: bigint): Promise<boolean> {
      if ((clearUntil.get(memberId) ?? 0) > Date.now()) return false;
      const restricted = await deps.isRestricted(memberId);
      if (restricted || !deps.bus) clearUntil.delete(memberId);
      else keepClear(memberId);
      return restricted;
    },
    /** Before a batch of bets: the members not known clear asked in one statement, and the clear ones kept as isRestricted keeps them. */
    async prefetch(memberIds: readonly bigint[]): Promise<void> {
      if (!deps.bus || !deps.restrictedAmong) return;
      const now = Date.now();
      const unknown = [...new Set(memberIds)].filter((memberId) => !((clearUntil.get(memberId) ?? 0) > now));
      if (unknown.length < 2) return;
      const restricted = await deps.restrictedAmong(unknown);
      for (const memberId of unknown) if (!restricted.has(memberId)) keepClear(memberId);
    },
    /** In the restriction's transaction: every process forgets the member's "no" once it commits. */
    async announce(tx: DbExecutor, memberId: bigint): Promise<void> {
      clearUntil.delete(memberId);
      await deps.bus?.publish(tx, { type: EXCLUSION_CHANGED_EVENT, audience: { kind: 'topic', topic: INTERNAL_TOPIC }, data: { memberId: memberId.toString() } });
    },
    close(): void {
      unsubscribe?.();
      stopReconnect?.();
    },
  };
}
