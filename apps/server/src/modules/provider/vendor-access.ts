import { BlockList, isIP } from 'node:net';
import type { Db } from '../../platform/db.ts';
import { findVendorRow } from './provider.repository.ts';

export interface VendorAccess {
  secret: string;
  enabled: boolean;
  ipAllowed: boolean;
}

interface CachedVendor {
  secret: string;
  enabled: boolean;
  /** Null: any address. */
  allow: BlockList | null;
  until: number;
}

/** How long a vendor's secret, switch and allow-list are kept in memory before they are read again. */
export const VENDOR_ACCESS_TTL_MS = 5000;

/**
 * The vendor's secret, switch and IP allow-list, read once per few seconds instead of once per
 * callback: the lookup was a whole database round trip on every callback. An operator's change
 * (rotation, switch, allow-list) applies within VENDOR_ACCESS_TTL_MS.
 */
export function createVendorAccessCache(deps: { db: Db; ttlMs?: number; now?: () => number }) {
  const ttl = deps.ttlMs ?? VENDOR_ACCESS_TTL_MS;
  const now = deps.now ?? Date.now;
  const cache = new Map<string, CachedVendor>();

  async function load(vendorCode: string): Promise<CachedVendor | undefined> {
    const cached = cache.get(vendorCode);
    if (cached && cached.until > now()) return cached;
    const row = await findVendorRow(deps.db, vendorCode);
    if (!row) {
      cache.delete(vendorCode);
      return undefined;
    }
    let allow: BlockList | null = null;
    if (row.ip_allow) {
      allow = new BlockList();
      for (const network of row.ip_allow) {
        const [address, prefix] = network.split('/');
        const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
        allow.addSubnet(address!, Number(prefix ?? (family === 'ipv6' ? 128 : 32)), family);
      }
    }
    const entry = { secret: row.secret, enabled: row.enabled, allow, until: now() + ttl };
    if (cache.size > 1000) cache.clear();
    cache.set(vendorCode, entry);
    return entry;
  }

  return {
    async access(vendorCode: string, ip: string | null): Promise<VendorAccess | undefined> {
      const vendor = await load(vendorCode);
      if (!vendor) return undefined;
      const family = ip ? isIP(ip) : 0;
      const ipAllowed = vendor.allow === null || (family !== 0 && vendor.allow.check(ip!, family === 6 ? 'ipv6' : 'ipv4'));
      return { secret: vendor.secret, enabled: vendor.enabled, ipAllowed };
    },
    /** Forget a vendor now (after this process changed its row). */
    forget: (vendorCode: string) => cache.delete(vendorCode),
  };
}

export type VendorAccessCache = ReturnType<typeof createVendorAccessCache>;
