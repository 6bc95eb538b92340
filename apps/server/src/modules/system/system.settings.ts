import { isIP } from 'node:net';
import { z } from 'zod';
import {
  AppDownloadSchema,
  CustomerServiceContactSchema,
  FieldRuleSchema,
  LanguageSchema,
  LocalizedTextSchema,
  SiteInfoSchema,
  WHITELABEL_FLAGS,
  type WhitelabelFlagId,
} from '@app/contracts';

/** An IPv4/IPv6 address, optionally with a prefix length (203.0.113.0/24, 2001:db8::/32). */
const IpRuleSchema = z.string().refine((value) => {
  const [address, prefix, ...rest] = value.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}, 'must be an IP address or CIDR block');

/** An amount in reais as a decimal string with two places ("10.00"). */
const ReaisSchema = z.string().regex(/^\d{1,12}\.\d{2}$/, 'must be an amount like 10.00');

const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code');

/** Shapes of every setting key; values in the database are validated against these on write. */
export const SETTING_SCHEMAS = {
  maintenance: z.object({ enabled: z.boolean(), message: LocalizedTextSchema.nullable() }),
  region: z.object({
    enabled: z.boolean(),
    blockedIps: z.array(IpRuleSchema).max(5000),
    /** Always let these through (office, payment provider callbacks). */
    allowedIps: z.array(IpRuleSchema).max(5000),
    blockedCountries: z.array(CountryCodeSchema).max(250),
  }),
  customerService: z.array(CustomerServiceContactSchema).max(20),
  whitelabel: z.record(z.enum(WHITELABEL_FLAGS), z.boolean()),
  site: SiteInfoSchema,
  appDownload: AppDownloadSchema,
  domains: z.object({
    mainDomain: z.string().max(253),
    imageCDNs: z.array(z.url()).max(20),
    launchGameCDNs: z.array(z.url()).max(20),
  }),
  analytics: z.object({ gtagId: z.string().regex(/^G-[A-Z0-9]{4,20}$/).nullable() }),
  locale: z.object({ defaultLanguage: LanguageSchema, timeZone: z.string().refine(isTimeZone, 'unknown time zone') }),
  registration: z.object({
    /** Overrides of the default field rules (DEFAULT_FIELD_RULES), by field name. */
    fields: z.array(FieldRuleSchema).max(40),
    captchaRequired: z.boolean(),
    /** When on, the affiliate (invitation) code must belong to an agent. */
    affiliateValidation: z.boolean(),
    /** Show and require the 21-year confirmation (spec §5). */
    confirm21: z.boolean(),
  }),
  payments: z.object({
    deposit: z.object({
      presets: z.array(ReaisSchema).max(12),
      min: ReaisSchema,
      max: ReaisSchema,
      /** How long a PIX charge can be paid. */
      expiresInMinutes: z.number().int().min(1).max(1440),
      /** Unpaid charges a member may have open at once. */
      maxPending: z.number().int().min(1).max(20),
    }),
    withdrawal: z.object({
      min: ReaisSchema,
      max: ReaisSchema,
      /** Requests at or below this are approved without an operator; "0.00" sends every one to review. */
      autoApproveUpTo: ReaisSchema,
      /** Paid and not confirmed by the member within this many minutes counts as received (spec §4). */
      receiptTimeoutMinutes: z.number().int().min(1).max(10_080),
    }),
  }),
  /** Agent contracts and settlement (docs/agent-commissions.md). */
  agents: z.object({
    /** Spec §3 consolidated flags: which contract kinds run; the agent menu shows only these. */
    contracts: z.object({ dividend: z.boolean(), daily: z.boolean(), hourly: z.boolean(), realtime: z.boolean() }),
    /** Spec §4 salary periods: how often dividends settle. */
    dividendPeriod: z.enum(['daily', 'weekly', 'semimonthly', 'monthly']),
    /** A member is active in a period when its own valid bet reaches this. */
    activeMemberValidBet: ReaisSchema,
    /** A period settles this long after it ends; bets settled later go into a delta run. */
    graceMinutes: z.number().int().min(0).max(2880),
    /** What the real-time rates multiply: the round's valid bet (reference §3.1) or its stake. */
    realtimeBase: z.enum(['validBet', 'stake']),
    /** The most any contract may give, in percent per kind, and how many tiers it may have. */
    maxRates: z.object({ dividend: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/), daily: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/), hourly: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/), realtime: z.string().regex(/^\d{1,3}(\.\d{1,4})?$/) }),
    maxTiers: z.number().int().min(1).max(10),
  }),
  /** Back-office access. */
  backoffice: z.object({
    /** Addresses and CIDR blocks operators may log in and work from; empty = any address. */
    ipAllowList: z.array(IpRuleSchema).max(1000),
  }),
  accounts: z.object({
    /** The password operators hand out on a reset; logging in with it forces a change (spec §4). */
    defaultPassword: z.string().min(1).max(128).nullable(),
    /** Days after which a password must be changed; null = never (ASVS 6.2.10 advises never). */
    passwordExpiryDays: z.number().int().min(1).max(3650).nullable(),
  }),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> };

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

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
  site: { name: 'Bet Platform', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: null, affiliateServiceUrl: null, social: [] },
  appDownload: { ios: null, android: null, lite: null },
  domains: { mainDomain: 'localhost', imageCDNs: [], launchGameCDNs: [] },
  analytics: { gtagId: null },
  locale: { defaultLanguage: 'pt', timeZone: 'America/Sao_Paulo' },
  registration: { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false },
  accounts: { defaultPassword: null, passwordExpiryDays: null },
  backoffice: { ipAllowList: [] },
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
    withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '0.00', receiptTimeoutMinutes: 60 },
  },
};

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads stored rows over the defaults. A stored value that no longer fits its schema (an
 * older shape) is ignored in favour of the default rather than breaking the boot call.
 */
export function resolveSettings(rows: { key: string; value: unknown }[], onInvalid?: (key: string) => void): Settings {
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.key in SETTING_SCHEMAS)) continue;
    const parsed = SETTING_SCHEMAS[row.key as SettingKey].safeParse(row.value);
    if (parsed.success) settings[row.key] = parsed.data;
    else onInvalid?.(row.key);
  }
  return settings as Settings;
}
