import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DbExecutor } from '../../platform/db.ts';
import type { AppEvent } from '../../platform/events.ts';

/**
 * The operator's side of a vendor's provider-API access: its secret (rotated, never read back)
 * and the networks allowed to call. Every write takes the caller's transaction, so the change
 * commits with the operator's audit row; `changedEvent` is published in the same transaction and
 * makes every process drop its cached copy on commit (see vendor-access.ts).
 */

export const VENDOR_ACCESS_CHANGED = 'provider.vendor_access_changed';
/** A topic no /ws client can subscribe to (WS_TOPICS): the event stays between API processes. */
const INTERNAL_TOPIC = 'internal.provider';

export function vendorAccessChangedEvent(vendorCode: string): AppEvent {
  return { type: VENDOR_ACCESS_CHANGED, audience: { kind: 'topic', topic: INTERNAL_TOPIC }, data: { vendor: vendorCode } };
}

export interface VendorProviderAccess {
  hasSecret: boolean;
  /** The provider module's own switch for the vendor's callbacks. */
  enabled: boolean;
  rotatedAt: Date | null;
  /** CIDR networks as PostgreSQL prints them; empty: any address. */
  ipAllowList: string[];
}

export async function describeVendorAccess(db: DbExecutor, vendorCodes: readonly string[]): Promise<Map<string, VendorProviderAccess>> {
  if (vendorCodes.length === 0) return new Map();
  const { rows } = await sql<{ vendor_code: string; enabled: boolean; rotated_at: Date | null; ip_allow: string[] | null }>`
    select vendor_code, enabled, rotated_at, ip_allow::text[] as ip_allow
    from provider_vendor_secret where vendor_code = any(${[...vendorCodes]}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.vendor_code, { hasSecret: true, enabled: row.enabled, rotatedAt: row.rotated_at, ipAllowList: row.ip_allow ?? [] }]));
}

/**
 * A new random secret for the vendor (created when it had none); the old one stops working as
 * soon as the transaction commits. Answers the secret, which is shown once and never again.
 */
export async function rotateVendorSecret(db: DbExecutor, vendorCode: string): Promise<{ secret: string; rotatedAt: Date }> {
  const secret = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('provider_vendor_secret')
    .values({ vendor_code: vendorCode, secret, rotated_at: sql<Date>`now()` })
    .onConflict((conflict) => conflict.column('vendor_code').doUpdateSet({ secret, rotated_at: sql<Date>`now()` }))
    .returning('rotated_at')
    .executeTakeFirstOrThrow();
  return { secret, rotatedAt: row.rotated_at! };
}

/**
 * Replaces the vendor's allow-list (networks already checked by the caller; host bits are cleared:
 * 10.1.2.3/8 is stored as 10.0.0.0/8). Answers the stored list, or undefined when the vendor has no
 * secret row (nothing can call as it yet).
 */
export async function setVendorIpAllowList(db: DbExecutor, vendorCode: string, networks: readonly string[]): Promise<string[] | undefined> {
  const { rows } = await sql<{ ip_allow: string[] | null }>`
    update provider_vendor_secret
    set ip_allow = case when cardinality(${[...networks]}::text[]) = 0 then null
                        else array(select distinct network(n::inet) from unnest(${[...networks]}::text[]) as n order by 1) end
    where vendor_code = ${vendorCode}
    returning ip_allow::text[] as ip_allow`.execute(db);
  return rows[0] ? (rows[0].ip_allow ?? []) : undefined;
}
