import { BlockList, isIP } from 'node:net';
import type { Settings } from './system.settings.ts';

export interface VisitorLocation {
  ip: string;
  country: string | null;
}

/** Compiles the operator's rule lists once per settings change, not once per request. */
export function compileRegionRules(rules: Settings['region']) {
  const blocked = toBlockList(rules.blockedIps);
  const allowed = toBlockList(rules.allowedIps);
  const countries = new Set(rules.blockedCountries);
  return (location: VisitorLocation): boolean => {
    if (!rules.enabled) return false;
    if (matches(allowed, location.ip)) return false;
    if (matches(blocked, location.ip)) return true;
    return location.country !== null && countries.has(location.country);
  };
}

function toBlockList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

function matches(list: BlockList, ip: string): boolean {
  // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
