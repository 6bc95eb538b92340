import { z } from 'zod';
import { LanguageSchema, LocalizedTextSchema, SUPPORTED_LANGUAGES } from './common.ts';
import { AppDownloadSchema } from './content.ts';

/** Spec §4: maintenance gives 1, else region restriction gives 2, else 0. */
export const SYSTEM_STATUS = { NORMAL: 0, MAINTENANCE: 1, REGION_BLOCKED: 2 } as const;
export const SystemStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type SystemStatus = z.infer<typeof SystemStatusSchema>;

export const CUSTOMER_SERVICE_TYPES = ['TELEGRAM', 'WHATSAPP', 'INSTAGRAM', 'FACEBOOK', 'TELEGRAM_1'] as const;
export const CustomerServiceTypeSchema = z.enum(CUSTOMER_SERVICE_TYPES);
/** An address a player's browser opens from the site: http(s) only, never javascript: or data:. */
export const WebLinkSchema = z.url({ protocol: /^https?$/ }).max(500);

export const CustomerServiceContactSchema = z.object({
  type: CustomerServiceTypeSchema,
  url: WebLinkSchema,
});
export type CustomerServiceContact = z.infer<typeof CustomerServiceContactSchema>;

export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'CHNGPASSVERIF3',
  'AGENTPOLICY3',
] as const;
export const WhitelabelFlagIdSchema = z.enum(WHITELABEL_FLAGS);
export type WhitelabelFlagId = z.infer<typeof WhitelabelFlagIdSchema>;

/**
 * The spec's feature-flag tree, sent flat: each node names its parent (null at the root).
 * A child is effective only when its parent is enabled too (see isFlagEnabled).
 */
export const WhitelabelFlagSchema = z.object({
  modId: WhitelabelFlagIdSchema,
  enabled: z.boolean(),
  parent: WhitelabelFlagIdSchema.nullable(),
});
export type WhitelabelFlag = z.infer<typeof WhitelabelFlagSchema>;

export function isFlagEnabled(flags: readonly WhitelabelFlag[], id: WhitelabelFlagId): boolean {
  const flag = flags.find((f) => f.modId === id);
  if (!flag || !flag.enabled) return false;
  return flag.parent === null ? true : isFlagEnabled(flags, flag.parent);
}

export const SOCIAL_NETWORKS = ['facebook', 'tiktok', 'twitter', 'instagram', 'youtube'] as const;
export const SocialNetworkSchema = z.enum(SOCIAL_NETWORKS);
export const SocialLinkSchema = z.object({ network: SocialNetworkSchema, url: WebLinkSchema });
export type SocialLink = z.infer<typeof SocialLinkSchema>;

/** The national centralized self-exclusion service of the Secretaria de Prêmios e Apostas (issue 27). */
export const NATIONAL_SELF_EXCLUSION_URL = 'https://www.gov.br/autoexclusaoapostas';

export const SiteInfoSchema = z.object({
  name: z.string().trim().min(1).max(80),
  licenceLines: z.object({ pt: z.array(z.string().max(300)).max(20), en: z.array(z.string().max(300)).max(20) }),
  licenceValidatorUrl: WebLinkSchema.nullable(),
  affiliateServiceUrl: WebLinkSchema.nullable(),
  /**
   * The national centralized self-exclusion service (issue 27; SPA gov.br). Optional so older stored
   * values still parse; the site always shows a link, NATIONAL_SELF_EXCLUSION_URL when absent.
   */
  selfExclusionServiceUrl: WebLinkSchema.optional(),
  /** Only networks the operator configured; the footer shows no icon for the rest. */
  social: z.array(SocialLinkSchema),
});
export type SiteInfo = z.infer<typeof SiteInfoSchema>;

export const LocationSchema = z.object({
  ip: z.string(),
  /** ISO 3166-1 alpha-2 from the trusted country header, when the edge proxy sends one. */
  country: z.string().nullable(),
});

/** Everything the SPA needs before it mounts (spec §3 system permission info, §4 boot). */
export const BootInfoSchema = z.object({
  status: SystemStatusSchema,
  maintenanceMessage: LocalizedTextSchema.nullable(),
  location: LocationSchema,
  customerService: z.array(CustomerServiceContactSchema),
  whitelabel: z.array(WhitelabelFlagSchema),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.url()),
  launchGameCDNs: z.array(z.url()),
  languages: z.object({
    default: LanguageSchema,
    fallback: LanguageSchema,
    supported: z.array(LanguageSchema),
  }),
  timeZone: z.string(),
  site: SiteInfoSchema,
  /** Where the app download QR codes lead; null where the operator has no such app. */
  appDownload: AppDownloadSchema,
});
export type BootInfo = z.infer<typeof BootInfoSchema>;

export const SystemStatusResponseSchema = z.object({
  status: SystemStatusSchema,
  ip: z.string(),
});
export type SystemStatusResponse = z.infer<typeof SystemStatusResponseSchema>;

export const HealthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export { SUPPORTED_LANGUAGES };
