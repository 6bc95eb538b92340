import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ipFamily, isIpRule, SETTING_SCHEMAS } from './settings.ts';

describe('IP rules the console and the server both check', () => {
  it('reads addresses as node:net does (IPv6 zone ids aside)', () => {
    const samples = [
      '127.0.0.1', '0.0.0.0', '255.255.255.255', '256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', '1.2.3.04', ' 1.2.3.4', '1.2.3.4 ',
      '::', '::1', '1::', '2001:db8::', '2001:db8::1', 'fe80::1:2:3:4', '1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:8:9', '1::2::3',
      '::ffff:192.0.2.1', '64:ff9b::198.51.100.7', '::192.0.2.1', '1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:7:1.2.3.4', 'g::1', '12345::1', ':1', '1:',
      '', 'localhost', 'example.com', '1.2.3.4/24', '[::1]', '::ffff:256.0.0.1', 'ABCD:EF01::',
    ];
    for (const sample of samples) expect(ipFamily(sample), sample).toBe(isIP(sample));
    expect(ipFamily('fe80::1%eth0')).toBe(0);
  });

  it('takes CIDR blocks within the family’s prefix length', () => {
    expect(['203.0.113.0/24', '10.0.0.0/8', '0.0.0.0/0', '2001:db8::/32', '::/128', '1.2.3.4'].every(isIpRule)).toBe(true);
    expect(['203.0.113.0/33', '2001:db8::/129', '1.2.3.4/', '1.2.3.4/-1', '1.2.3.4/8/8', '1.2.3.4/1e1', 'x/8', '/8'].some(isIpRule)).toBe(false);
  });

  it('refuses an unknown time zone and an overlong list entry', () => {
    expect(SETTING_SCHEMAS.locale.safeParse({ defaultLanguage: 'pt', timeZone: 'America/Sao_Paulo' }).success).toBe(true);
    expect(SETTING_SCHEMAS.locale.safeParse({ defaultLanguage: 'pt', timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(SETTING_SCHEMAS.backoffice.safeParse({ ipAllowList: ['1'.repeat(60)] }).success).toBe(false);
  });
});
