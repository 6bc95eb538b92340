import { AppError } from '@app/kernel';
import { compileIpRules } from '../../platform/ip-rules.ts';

/**
 * The back-office IP allow-list (setting `backoffice.ipAllowList`; empty = any address), checked
 * at login, on the enrolment calls and on every operator request. The list comes from the
 * settings cache; it is compiled again only when the cache hands out a new list.
 */
export function createIpAllowList(source: () => Promise<readonly string[]>) {
  let compiled: { list: readonly string[]; matches: (ip: string) => boolean } | undefined;
  return {
    async assertAllowed(ip: string): Promise<void> {
      const list = await source();
      if (list.length === 0) return;
      if (compiled?.list !== list) compiled = { list, matches: compileIpRules(list) };
      if (!compiled.matches(ip)) throw new AppError('backoffice.ip_not_allowed', 'the back office is not open to this address', { ip });
    },
  };
}

export type IpAllowList = ReturnType<typeof createIpAllowList>;
