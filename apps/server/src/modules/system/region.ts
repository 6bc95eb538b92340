import { compileIpRules } from '../../platform/ip-rules.ts';
import type { Settings } from './system.settings.ts';

export interface VisitorLocation {
  ip: string;
  country: string | null;
}

/** Compiles the operator's rule lists once per settings change, not once per request. */
export function compileRegionRules(rules: Settings['region']) {
  const isBlockedIp = compileIpRules(rules.blockedIps);
  const isAllowedIp = compileIpRules(rules.allowedIps);
  const countries = new Set(rules.blockedCountries);
  return (location: VisitorLocation): boolean => {
    if (!rules.enabled) return false;
    if (isAllowedIp(location.ip)) return false;
    if (isBlockedIp(location.ip)) return true;
    return location.country !== null && countries.has(location.country);
  };
}
