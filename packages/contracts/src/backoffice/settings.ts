import { z } from 'zod';
import { FieldRuleSchema } from '../accounts/field-rules.ts';
import { LanguageSchema, LocalizedTextSchema } from '../common.ts';
import { AppDownloadSchema } from '../content.ts';
import { CustomerServiceContactSchema, SiteInfoSchema, WebLinkSchema, WHITELABEL_FLAGS } from '../system.ts';

/**
 * The site's settings (GET /api/backoffice/settings, PUT /api/backoffice/settings/:key): one
 * schema per key, the one definition the server stores against and the console validates with.
 */

// Node's own address grammar (lib/internal/net.js), without IPv6 zone ids: what node:net's
// BlockList accepts, written so that it also runs in a browser.
const V4_PART = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]\\d|\\d)';
const V4 = `(?:${V4_PART}\\.){3}${V4_PART}`;
const V6_PART = '(?:[0-9a-fA-F]{1,4})';
const IPV4 = new RegExp(`^${V4}$`);
const IPV6 = new RegExp(
  '^(?:' +
    `(?:${V6_PART}:){7}(?:${V6_PART}|:)|` +
    `(?:${V6_PART}:){6}(?:${V4}|:${V6_PART}|:)|` +
    `(?:${V6_PART}:){5}(?::${V4}|(?::${V6_PART}){1,2}|:)|` +
    `(?:${V6_PART}:){4}(?:(?::${V6_PART}){0,1}:${V4}|(?::${V6_PART}){1,3}|:)|` +
    `(?:${V6_PART}:){3}(?:(?::${V6_PART}){0,2}:${V4}|(?::${V6_PART}){1,4}|:)|` +
    `(?:${V6_PART}:){2}(?:(?::${V6_PART}){0,3}:${V4}|(?::${V6_PART}){1,5}|:)|` +
    `(?:${V6_PART}:){1}(?:(?::${V6_PART}){0,4}:${V4}|(?::${V6_PART}){1,6}|:)|` +
    `(?::(?:(?::${V6_PART}){0,5}:${V4}|(?::${V6_PART}){1,7}|:))` +
    ')$',
);

/** 4 for an IPv4 address, 6 for an IPv6 one, 0 otherwise (as node:net's isIP, zones refused). */
export function ipFamily(value: string): 0 | 4 | 6 {
  if (value.length > 45) return 0;
  if (IPV4.test(value)) return 4;
  return IPV6.test(value) ? 6 : 0;
}

/** An IPv4/IPv6 address, optionally with a prefix length (203.0.113.0/24, 2001:db8::/32). */
export function isIpRule(value: string): boolean {
  const [address, prefix, ...rest] = value.split('/');
  const family = ipFamily(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
}

export const IpRuleSchema = z.string().max(50).refine(isIpRule, 'must be an IP address or CIDR block');

/** An amount in reais as a decimal string with two places ("10.00"). */
export const ReaisSchema = z.string().regex(/^\d{1,12}\.\d{2}$/, 'must be an amount like 10.00');

export const CountryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code');

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Decimal strings compared as numbers: "9.00" is below "10.00". */
function minNotAboveMax(limits: { min: string; max: string }): boolean {
  return Number(limits.min) <= Number(limits.max);
}

const RateSchema = z.string().regex(/^\d{1,3}(\.\d{1,4})?$/);

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
    imageCDNs: z.array(WebLinkSchema).max(20),
    launchGameCDNs: z.array(WebLinkSchema).max(20),
  }),
  analytics: z.object({ gtagId: z.string().regex(/^G-[A-Z0-9]{4,20}$/).nullable() }),
  locale: z.object({ defaultLanguage: LanguageSchema, timeZone: z.string().max(64).refine(isTimeZone, 'unknown time zone') }),
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
    deposit: z
      .object({
        presets: z.array(ReaisSchema).max(12),
        min: ReaisSchema,
        max: ReaisSchema,
        /** How long a PIX charge can be paid. */
        expiresInMinutes: z.number().int().min(1).max(1440),
        /** Unpaid charges a member may have open at once. */
        maxPending: z.number().int().min(1).max(20),
      })
      .refine(minNotAboveMax, { message: 'the minimum exceeds the maximum', path: ['min'] }),
    withdrawal: z
      .object({
        min: ReaisSchema,
        max: ReaisSchema,
        /** Requests at or below this are approved without an operator; "0.00" sends every one to review. */
        autoApproveUpTo: ReaisSchema,
        /** Paid and not confirmed by the member within this many minutes counts as received (spec §4). */
        receiptTimeoutMinutes: z.number().int().min(1).max(10_080),
        /**
         * Identity check (issue 27, docs/kyc.md): a request above this, and a member's first
         * withdrawal, need a verified identity (KYC). Stored settings older than the field read the default.
         */
        kycRequiredAbove: ReaisSchema.default('2000.00'),
      })
      .refine(minNotAboveMax, { message: 'the minimum exceeds the maximum', path: ['min'] }),
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
    maxRates: z.object({ dividend: RateSchema, daily: RateSchema, hourly: RateSchema, realtime: RateSchema }),
    maxTiers: z.number().int().min(1).max(10),
  }),
  /** Back-office access. */
  backoffice: z.object({
    /** Addresses and CIDR blocks operators may log in and work from; empty = any address. */
    ipAllowList: z.array(IpRuleSchema).max(1000),
  }),
  /** Promotions (issue 21): sign-up and deposit bonuses, restricted by Brazilian regulation, are refused while this is off. */
  promotions: z.object({ restrictedTypes: z.boolean() }),
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

/**
 * What the site shows (its name, licence lines, social links, app links, customer service):
 * settings.site, which the content role holds. Every other key needs settings.manage (owner).
 */
export const SITE_SETTING_KEYS = ['site', 'customerService', 'appDownload'] as const satisfies readonly SettingKey[];

export function isSiteSetting(key: SettingKey): boolean {
  return (SITE_SETTING_KEYS as readonly SettingKey[]).includes(key);
}

/** GET /api/backoffice/settings: every key the operator's role may read (site keys only for the content role). */
export const OperatorSettingsSchema = z.object(SETTING_SCHEMAS).partial();
export type OperatorSettings = z.infer<typeof OperatorSettingsSchema>;
