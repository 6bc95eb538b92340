import { BlockList, isIP } from 'node:net';

/**
 * A matcher for a list of IP addresses and CIDR blocks (203.0.113.7, 203.0.113.0/24,
 * 2001:db8::/32), compiled once per list. Entries must already be valid (the settings schemas
 * check them); an address that is not an IP matches nothing.
 */
export function compileIpRules(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return (ip) => {
    // IPv4 clients on a dual-stack socket appear as ::ffff:a.b.c.d.
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
