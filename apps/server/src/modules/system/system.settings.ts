import { SETTING_SCHEMAS, type Settings, type WhitelabelFlagId } from '@app/contracts';

// The schemas live in @app/contracts (backoffice/settings.ts) so the console validates with the
// same definitions the server stores against.
export { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey, type Settings } from '@app/contracts';

/** Parents in the spec's flag tree: SMS verification and password registration hang off mobile registration. */
export const WHITELABEL_PARENT: Record<WhitelabelFlagId, WhitelabelFlagId | null> = {
  USERNAMEREG3: null,
  MOBILENUMREG3: null,
  MOBILENUMPASSREG3: 'MOBILENUMREG3',
  REGMOBVERF3: 'MOBILENUMREG3',
  CHNGPASSVERIF3: null,
  AGENTPOLICY3: null,
};

/** What a fresh installation runs with until an operator changes it. */
export const DEFAULT_SETTINGS: Settings = {
  maintenance: { enabled: false, message: null },
  region: { enabled: false, blockedIps: [], allowedIps: [], blockedCountries: [] },
  customerService: [],
  whitelabel: {
    USERNAMEREG3: true,
    MOBILENUMREG3: false,
    MOBILENUMPASSREG3: false,
    REGMOBVERF3: false,
    CHNGPASSVERIF3: true,
    AGENTPOLICY3: true,
  },
  site: { name: 'Bet Platform', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: null, affiliateServiceUrl: null, social: [], selfExclusionServiceUrl: 'https://www.gov.br/autoexclusaoapostas' },
  appDownload: { ios: null, android: null, lite: null },
  domains: { mainDomain: 'localhost', imageCDNs: [], launchGameCDNs: [] },
  analytics: { gtagId: null },
  locale: { defaultLanguage: 'pt', timeZone: 'America/Sao_Paulo' },
  registration: { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false },
  accounts: { defaultPassword: null, passwordExpiryDays: null },
  backoffice: { ipAllowList: [] },
  promotions: { restrictedTypes: false },
  agents: {
    contracts: { dividend: true, daily: true, hourly: true, realtime: true },
    dividendPeriod: 'semimonthly',
    activeMemberValidBet: '100.00',
    graceMinutes: 120,
    realtimeBase: 'validBet',
    maxRates: { dividend: '60', daily: '3', hourly: '3', realtime: '3' },
    maxTiers: 6,
  },
  payments: {
    deposit: { presets: ['20.00', '50.00', '100.00', '200.00', '500.00', '1000.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 },
    withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '0.00', receiptTimeoutMinutes: 60, kycRequiredAbove: '2000.00' },
  },
};

/**
 * Reads stored rows over the defaults. A stored value that no longer fits its schema (an
 * older shape) is ignored in favour of the default rather than breaking the boot call.
 */
export function resolveSettings(rows: { key: string; value: unknown }[], onInvalid?: (key: string) => void): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.key in SETTING_SCHEMAS)) continue;
    const parsed = SETTING_SCHEMAS[row.key as keyof typeof SETTING_SCHEMAS].safeParse(row.value);
    if (parsed.success) settings[row.key] = parsed.data;
    else onInvalid?.(row.key);
  }
  return settings as Settings;
}
