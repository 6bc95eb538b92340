import { z } from 'zod';
import { GameTypeSchema, VendorCodeSchema, WalletModeSchema } from '../catalogue.ts';
import { MoneySchema } from '../wallet.ts';

/**
 * /api/backoffice/catalogue: vendors (switches, wallet mode, order, name, provider-API secret and
 * IP allow-list), games (switches, hot/new, order, names) and the catalogue file upload.
 * Reading needs catalogue.read; changes catalogue.manage; the wallet mode, the secret and the
 * allow-list catalogue.integration (see permissions.ts).
 */

/** Shown to players: no markup and no control characters (the importer's rule). */
const SAFE_TEXT = /^[^\p{Cc}\p{Cf}<>]*$/u;
const displayText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'catalogue.text_required' })
    .refine((text) => [...text].length <= max, { message: 'catalogue.text_too_long' })
    .refine((text) => SAFE_TEXT.test(text), { message: 'catalogue.text_invalid' });

const SORT_MIN = -1_000_000;
const SORT_MAX = 2_000_000_000;

export const OperatorVendorSchema = z.object({
  code: z.string(),
  displayName: z.string(),
  gameTypes: z.array(z.string()),
  sortOrder: z.number().int(),
  walletMode: WalletModeSchema,
  enabled: z.boolean(),
  maintenance: z.boolean(),
  isDemo: z.boolean(),
  games: z.object({ total: z.number().int(), enabled: z.number().int(), maintenance: z.number().int() }),
  /** Money members hold at the vendor (transfer mode pockets); the wallet mode cannot change while members > 0. */
  fundsHeld: z.object({ members: z.number().int(), total: MoneySchema }),
  /** The provider API (/provider/v1/<code>/…): the secret itself is never shown after its rotation. */
  provider: z.object({
    hasSecret: z.boolean(),
    rotatedAt: z.string().nullable(),
    /** Networks allowed to call; empty: any address. */
    ipAllowList: z.array(z.string()),
    /** The server signs this vendor's calls itself (house games, demo vendors): no rotation or allow-list here. */
    managedByServer: z.boolean(),
  }),
});
export type OperatorVendor = z.infer<typeof OperatorVendorSchema>;

export const OperatorVendorListSchema = z.object({ content: z.array(OperatorVendorSchema) });

/** PATCH /vendors/:code — only the fields sent change; at least one. */
export const VendorPatchSchema = z
  .strictObject({
    displayName: displayText(80),
    enabled: z.boolean(),
    maintenance: z.boolean(),
    walletMode: WalletModeSchema,
    sortOrder: z.number().int().min(SORT_MIN).max(SORT_MAX),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'catalogue.patch_empty' });
export type VendorPatch = z.infer<typeof VendorPatchSchema>;

export const VendorCodeParamsSchema = z.object({ code: VendorCodeSchema });

/** POST /vendors/:code/secret: the new secret, shown this once. */
export const VendorSecretSchema = z.object({ secret: z.string(), rotatedAt: z.string() });
export type VendorSecret = z.infer<typeof VendorSecretSchema>;

/** An IPv4 or IPv6 address, or a network in CIDR notation (10.0.0.0/8, 2001:db8::/32). */
export const IpNetworkSchema = z
  .string()
  .trim()
  .regex(/^(?:[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9A-Fa-f:.]{2,45})(?:\/[0-9]{1,3})?$/, { message: 'catalogue.ip_network_invalid' });
export const MAX_VENDOR_IP_NETWORKS = 50;
/** PUT /vendors/:code/ip-allow-list — empty: any address may call. */
export const VendorIpAllowListSchema = z.strictObject({ networks: z.array(IpNetworkSchema).max(MAX_VENDOR_IP_NETWORKS) });
export type VendorIpAllowList = z.infer<typeof VendorIpAllowListSchema>;

const Flag = z
  .enum(['true', 'false'])
  .transform((value) => value === 'true')
  .optional();

export const OperatorGameQuerySchema = z.object({
  vendor: VendorCodeSchema.optional(),
  gameType: GameTypeSchema.optional(),
  enabled: Flag,
  maintenance: Flag,
  /** Game code or any language's name, case- and accent-insensitive. */
  q: z.string().trim().max(80).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type OperatorGameQuery = z.infer<typeof OperatorGameQuerySchema>;

export const OperatorGameSchema = z.object({
  id: z.number().int(),
  vendor: z.string(),
  vendorName: z.string(),
  gameCode: z.string(),
  gameType: z.string(),
  classify: z.string(),
  names: z.object({ en: z.string(), pt: z.string().optional() }),
  iconUrl: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  /** Lower comes first in the players' lists. */
  sortOrder: z.number().int(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  demoSupported: z.boolean(),
  rtp: z.string().nullable(),
  updatedAt: z.string(),
});
export type OperatorGame = z.infer<typeof OperatorGameSchema>;

export const OperatorGamePageSchema = z.object({ content: z.array(OperatorGameSchema), total: z.number().int() });
export type OperatorGamePage = z.infer<typeof OperatorGamePageSchema>;

export const GameIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** PATCH /games/:id — names merge with the stored ones; an empty Portuguese name removes it (English is shown). */
export const GamePatchSchema = z
  .strictObject({
    enabled: z.boolean(),
    maintenance: z.boolean(),
    isHot: z.boolean(),
    isNew: z.boolean(),
    sortOrder: z.number().int().min(SORT_MIN).max(SORT_MAX),
    names: z
      .strictObject({ en: displayText(120), pt: z.union([z.literal(''), displayText(120)]) })
      .partial()
      .refine((names) => Object.keys(names).length > 0, { message: 'catalogue.patch_empty' }),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'catalogue.patch_empty' });
export type GamePatch = z.infer<typeof GamePatchSchema>;

/** The upload's limit: far above a real vendor file (10,000 games is about 2 MB). */
export const CATALOGUE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export const ImportRowOutcomeSchema = z.enum(['added', 'updated', 'unchanged', 'refused']);
export type ImportRowOutcome = z.infer<typeof ImportRowOutcomeSchema>;

const ImportCountsSchema = z.object({ added: z.number().int(), updated: z.number().int(), unchanged: z.number().int(), refused: z.number().int() });

/** POST /import (body: the CSV file, Content-Type text/csv): what became of each row. */
export const CatalogueImportReportSchema = z.object({
  bytes: z.number().int(),
  sha256: z.string(),
  vendors: ImportCountsSchema,
  games: ImportCountsSchema,
  /** In file order; refused rows carry every reason. */
  rows: z.array(
    z.object({
      section: z.enum(['vendors', 'games']),
      line: z.number().int(),
      /** Vendor code, or vendor/gameCode; empty when the row had none readable. */
      key: z.string(),
      outcome: ImportRowOutcomeSchema,
      reasons: z.array(z.string()),
    }),
  ),
  /** True when rows beyond the report's limit were left out (the counts cover every row). */
  rowsTruncated: z.boolean(),
  ignoredColumns: z.array(z.string()),
});
export type CatalogueImportReport = z.infer<typeof CatalogueImportReportSchema>;
