import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/**
 * The game catalogue on the wire (spec §3 game vendor, game, vendor game, game query, favourites
 * query). Field names follow the spec: a vendor is a "vassalage", a game's id is its nodeId.
 */

/** Game types (spec §1, §9). Order here is only the fallback; navigation uses vendor sort order. */
export const GAME_TYPES = ['LIVE', 'RNG', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'CRASH', 'COCKFIGHT'] as const;
export const GameTypeSchema = z.enum(GAME_TYPES);
export type GameType = z.infer<typeof GameTypeSchema>;

/** Spec §9: list centres show games, game centres show vendors to launch. */
export const LIST_CENTRES: readonly GameType[] = ['RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'CRASH'];
export const GAME_CENTRES: readonly GameType[] = ['ESPORTS', 'ELOTT', 'LOTT', 'COCKFIGHT'];

/** Spec §9 page sizes: lists 20, home game area 48, favourites 20. */
export const GAME_LIST_PAGE_SIZE = 20;
export const HOME_GAME_PAGE_SIZE = 48;

export const WalletModeSchema = z.enum(['seamless', 'transfer']);
export type WalletMode = z.infer<typeof WalletModeSchema>;

/** Vendor codes: what vendors call themselves (PG, TCG_LOTTO_VN, DS88). */
export const VendorCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_]{1,40}$/, { message: 'catalogue.vendor_invalid' });
export const GameCodeSchema = z.string().trim().regex(/^[A-Za-z0-9_.:-]{1,80}$/, { message: 'catalogue.game_code_invalid' });

export const VendorSchema = z.object({
  vassalage: z.string(),
  displayName: z.string(),
  logoUrl: z.string(),
  gameTypes: z.array(GameTypeSchema),
  sortOrder: z.number().int(),
  walletMode: WalletModeSchema,
  maintenance: z.boolean(),
  /** Spec: "VASSALAGE" means the vendor tile opens a pop-up list of its games; "GAME" launches its lobby. */
  isGame: z.enum(['VASSALAGE', 'GAME']),
  gameCount: z.number().int(),
  isDemo: z.boolean(),
});
export type Vendor = z.infer<typeof VendorSchema>;

export const GameSchema = z.object({
  nodeId: z.number().int(),
  gameCode: z.string(),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: GameTypeSchema,
  gameClassify: z.string(),
  /** In the requested language, falling back to English. */
  gameName: z.string(),
  iconUrl: z.string(),
  isHot: z.boolean(),
  isNew: z.boolean(),
  minBet: MoneySchema,
  minLineNum: z.number().int(),
  /** Percent with two places ("96.50"), null when the vendor did not publish it. */
  rtp: z.string().nullable(),
  demoSupported: z.boolean(),
  maintenance: z.boolean(),
  isDemo: z.boolean(),
});
export type Game = z.infer<typeof GameSchema>;

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** Spec §3 game query (clientType/platform/merchant are accepted and ignored: one web client). */
export const GameQuerySchema = z.object({
  gameType: GameTypeSchema.optional(),
  vassalage: VendorCodeSchema.optional(),
  gameClassify: z.string().trim().max(40).optional(),
  /** Name search: case- and accent-insensitive over every language's name. */
  gameName: z.string().trim().max(60).optional(),
  isNew: Flag,
  isHot: Flag,
  language: z.enum(['pt', 'en']).optional(),
  pageNo: z.coerce.number().int().min(1).max(5_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
});
export type GameQuery = z.infer<typeof GameQuerySchema>;

export const GamePageSchema = z.object({
  content: z.array(GameSchema),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type GamePage = z.infer<typeof GamePageSchema>;

/** Navigation: the types that have vendors, in server sort order, with their vendors. */
export const GameMenuSchema = z.object({
  types: z.array(z.object({ gameType: GameTypeSchema, vendors: z.array(VendorSchema) })),
});
export type GameMenu = z.infer<typeof GameMenuSchema>;

export const ClassifyListSchema = z.object({ classifies: z.array(z.string()) });

/** Home game rows (spec §2): games rows, or vendor rows (never split into pairs). */
export const HomeRowSchema = z.object({
  key: z.enum(['hot', 'rng', 'sports', 'pvp', 'fish']),
  kind: z.enum(['games', 'vendors']),
  gameType: GameTypeSchema.nullable(),
  games: z.array(GameSchema),
  vendors: z.array(VendorSchema),
});
export const HomeRowsSchema = z.object({ rows: z.array(HomeRowSchema) });
export type HomeRow = z.infer<typeof HomeRowSchema>;

export const FavoriteQuerySchema = z.object({
  gameType: GameTypeSchema.optional(),
  vendor: VendorCodeSchema.optional(),
  language: z.enum(['pt', 'en']).optional(),
  pageNo: z.coerce.number().int().min(1).max(5_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(GAME_LIST_PAGE_SIZE),
});
/** Spec: favourite ids are a list of strings. */
export const FavoriteIdsSchema = z.object({ ids: z.array(z.string()) });
export const FavoriteRequestSchema = z.object({ nodeId: z.coerce.number().int().positive().max(2 ** 31 - 1) });

export const LaunchRequestSchema = z
  .object({
    gameId: z.coerce.number().int().positive().max(2 ** 31 - 1).optional(),
    vendor: VendorCodeSchema.optional(),
    gameCode: GameCodeSchema.optional(),
    /** Demo play (no money): allowed to trial accounts when the game supports it. */
    demo: z.boolean().optional(),
    language: z.enum(['pt', 'en']).optional(),
  })
  .refine((body) => body.gameId !== undefined || (body.vendor !== undefined && body.gameCode !== undefined), {
    message: 'catalogue.launch_target_missing',
  });
export type LaunchRequest = z.infer<typeof LaunchRequestSchema>;

export const LaunchResponseSchema = z.object({
  url: z.string(),
  mode: WalletModeSchema,
  /** Single-use token the vendor exchanges for the player (provider API `authenticate`). */
  vendorToken: z.string(),
  demo: z.boolean(),
  game: GameSchema,
  /** Transfer mode: what was moved to the vendor's wallet for this session. */
  transferred: MoneySchema.nullable(),
});
export type LaunchResponse = z.infer<typeof LaunchResponseSchema>;

/** Details of catalogue.game_maintenance (409): games of the same type to play instead. */
export const MaintenanceDetailsSchema = z.object({ alternatives: z.array(GameSchema) });

export const VendorTransferRequestSchema = z.object({
  direction: z.enum(['in', 'out']),
  /** Omitted: in moves the vendor's configured amount (or everything), out brings everything back. */
  amount: z.string().max(64).optional(),
  requestId: z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export const VendorTransferResponseSchema = z.object({ vendor: z.string(), moved: MoneySchema, cash: MoneySchema, vendorBalance: MoneySchema });
