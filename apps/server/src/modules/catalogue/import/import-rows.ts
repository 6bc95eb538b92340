import { z } from 'zod';
import { GAME_TYPES, type GameType, type WalletMode } from '@app/contracts';
import { formatCents, parseCents } from '@app/kernel';
import type { RawRow, Section } from './catalogue-file.ts';

/**
 * Validation of imported rows. Every cell is checked here, before anything reaches the
 * database: a vendor's file is outside input, and a bad row must cost only that row.
 */

export interface VendorRow {
  code: string;
  displayName: string;
  logoPath: string;
  gameTypes: GameType[];
  sortOrder: number;
  walletMode: WalletMode;
  transferAmount: bigint | null;
  isGame: 'VASSALAGE' | 'GAME';
  enabled: boolean;
  maintenance: boolean;
}

export interface GameRow {
  vendorCode: string;
  gameCode: string;
  gameType: GameType;
  classify: string;
  names: { en: string; pt?: string };
  iconPath: string;
  isHot: boolean;
  isNew: boolean;
  minBet: bigint;
  minLineNum: number;
  /** Percent with two places ("96.50"), or null when the vendor did not publish it. */
  rtp: string | null;
  demoSupported: boolean;
  enabled: boolean;
  maintenance: boolean;
}

export interface RejectedRow {
  section: Section;
  line: number;
  reasons: string[];
}

export interface ValidatedRows {
  vendors: Array<VendorRow & { line: number }>;
  /** `position` is the row's place among the file's games, for ranking in file order. */
  games: Array<GameRow & { line: number; position: number }>;
  rejected: RejectedRow[];
}

/** Blank cells are absent; JSON numbers and booleans are read as their text. */
function cell(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return value;
}

const optionalCell = (inner: z.ZodType<string | undefined>) => z.preprocess(cell, inner);
const required = (message: string) => z.string({ error: (issue) => (issue.input === undefined ? message : 'must be text') });

const TRUE_WORDS = new Set(['true', '1', 'yes']);
const FALSE_WORDS = new Set(['false', '0', 'no']);
const flag = (fallback: boolean) =>
  optionalCell(z.string().optional()).transform((text, ctx) => {
    if (text === undefined) return fallback;
    const word = text.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    ctx.addIssue({ code: 'custom', message: 'must be true, false, 1, 0, yes or no' });
    return z.NEVER;
  });

/** Amounts go through parseCents: digits only, never a float, at most two decimal places. */
const money = <Fallback extends bigint | null>(options: { fallback: Fallback; positive: boolean }) =>
  optionalCell(z.string().optional()).transform((text, ctx): bigint | Fallback => {
    if (text === undefined) return options.fallback;
    const cents = parseCents(text);
    if (cents === undefined) ctx.addIssue({ code: 'custom', message: 'must be a decimal amount with at most 2 places, like 0.20' });
    else if (cents < 0n || (options.positive && cents === 0n)) ctx.addIssue({ code: 'custom', message: options.positive ? 'must be above zero' : 'must not be negative' });
    else return cents;
    return z.NEVER;
  });

const integer = (fallback: number, min: number, max: number) =>
  optionalCell(z.string().optional()).transform((text, ctx) => {
    if (text === undefined) return fallback;
    const value = /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    ctx.addIssue({ code: 'custom', message: `must be a whole number from ${min} to ${max}` });
    return z.NEVER;
  });

const rtp = optionalCell(z.string().optional()).transform((text, ctx) => {
  if (text === undefined) return null;
  const hundredths = /^\d{1,3}(\.\d{1,2})?$/.test(text) ? parseCents(text) : undefined;
  if (hundredths !== undefined && hundredths > 0n && hundredths <= 10_000n) return formatCents(hundredths);
  ctx.addIssue({ code: 'custom', message: 'must be a percentage above 0 and at most 100 with up to 2 places, like 96.50' });
  return z.NEVER;
});

/** Shown to players: no markup characters and no control characters, by construction. */
const SAFE_TEXT = /^[^\p{Cc}\p{Cf}<>]*$/u;
const displayText = (max: number) =>
  z
    .string()
    .refine((text) => [...text].length <= max, { message: `must be at most ${max} characters` })
    .refine((text) => SAFE_TEXT.test(text), { message: 'must not contain < > or control characters' });

/**
 * Either relative to the image base the API prepends (no scheme, no "..", no leading slash), or
 * a vendor's own https URL, which the API passes through. Nothing that could run (javascript:,
 * data:) and no plain http, which a page served over https would refuse to show.
 */
const IMAGE_PATH = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9_][A-Za-z0-9_./-]{0,299}$/;
const IMAGE_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/[A-Za-z0-9_.~%/+=&?@:,;!*()$-]*$/;
const isImageUrl = (text: string) => text.length <= 300 && IMAGE_URL.test(text) && URL.canParse(text) && !new URL(text).username;
const imagePath = optionalCell(
  z
    .string()
    .refine((text) => IMAGE_PATH.test(text) || isImageUrl(text), { message: 'must be a relative path (letters, digits, _ . - /) or an https URL' })
    .optional(),
).transform((text) => text ?? '');

const VENDOR_CODE = /^[A-Za-z0-9_]{1,40}$/;
const GAME_CODE = /^[A-Za-z0-9_.:-]{1,80}$/;
const vendorCode = required('is required').regex(VENDOR_CODE, { message: 'must be 1-40 letters, digits or _' });
const gameType = required('is required')
  .transform((text) => text.toUpperCase())
  .pipe(z.enum(GAME_TYPES, { error: `must be one of ${GAME_TYPES.join(', ')}` }));

export const GameRowSchema = z.object({
  vendor: z.preprocess(cell, vendorCode),
  gameCode: z.preprocess(cell, required('is required').regex(GAME_CODE, { message: 'must be 1-80 letters, digits or _ . : -' })),
  gameType: z.preprocess(cell, gameType),
  classify: optionalCell(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,39}$/, { message: 'must be up to 40 letters, digits, spaces, _ or -' }).optional()).transform(
    (text) => text?.toLowerCase() ?? '',
  ),
  name_en: z.preprocess(cell, required('is required').pipe(displayText(120))),
  name_pt: optionalCell(displayText(120).optional()),
  icon: imagePath,
  isHot: flag(false),
  isNew: flag(false),
  minBet: money({ fallback: 0n, positive: false }),
  minLineNum: integer(0, 0, 10_000),
  rtp,
  demoSupported: flag(false),
  enabled: flag(true),
  maintenance: flag(false),
});

export const VendorRowSchema = z
  .object({
    code: z.preprocess(cell, vendorCode),
    displayName: z.preprocess(cell, required('is required').pipe(displayText(80))),
    logo: imagePath,
    gameTypes: z
      .preprocess((value) => (Array.isArray(value) ? value.join('|') : cell(value)), z.string().optional())
      .transform((text, ctx) => {
        const types = [...new Set((text ?? '').split(/[\s|,;]+/).filter(Boolean).map((type) => type.toUpperCase()))];
        const unknown = types.filter((type) => !(GAME_TYPES as readonly string[]).includes(type));
        if (unknown.length === 0) return types as GameType[];
        ctx.addIssue({ code: 'custom', message: `must be game types separated by |, from ${GAME_TYPES.join(', ')}` });
        return z.NEVER;
      }),
    sortOrder: integer(1000, -1_000_000, 1_000_000),
    walletMode: optionalCell(z.string().optional())
      .transform((text) => text?.toLowerCase() ?? 'seamless')
      .pipe(z.enum(['seamless', 'transfer'], { error: 'must be seamless or transfer' })),
    transferAmount: money({ fallback: null, positive: true }),
    isGame: optionalCell(z.string().optional())
      .transform((text) => text?.toUpperCase() ?? 'VASSALAGE')
      .pipe(z.enum(['VASSALAGE', 'GAME'], { error: 'must be VASSALAGE or GAME' })),
    enabled: flag(true),
    maintenance: flag(false),
  })
  .refine((vendor) => vendor.transferAmount === null || vendor.walletMode === 'transfer', {
    message: 'applies only to walletMode transfer',
    path: ['transferAmount'],
  });

/**
 * Checks every row on its own, then across rows: duplicates (the first occurrence wins) and
 * vendors that neither exist nor are declared in the file. `onlyVendor` (--vendor) fills a
 * missing vendor column and refuses rows of any other vendor.
 */
export function validateCatalogueRows(rows: readonly RawRow[], options: { existingVendorCodes: ReadonlySet<string>; onlyVendor?: string }): ValidatedRows {
  const result: ValidatedRows = { vendors: [], games: [], rejected: [] };
  const reject = (row: RawRow, reasons: string[]) => result.rejected.push({ section: row.section, line: row.line, reasons });
  const vendorLines = new Map<string, number>();

  for (const row of rows.filter((candidate) => candidate.section === 'vendors')) {
    const parsed = VendorRowSchema.safeParse(row.values);
    if (!parsed.success || row.problems.length > 0) {
      reject(row, reasonsOfRow(row, parsed.error, row.values));
      continue;
    }
    const { code, logo, ...vendor } = parsed.data;
    if (options.onlyVendor !== undefined && code !== options.onlyVendor) reject(row, [`code: "${code}" is not the --vendor ${options.onlyVendor}`]);
    else if (vendorLines.has(code)) reject(row, [`code: duplicate of ${row.section} ${vendorLines.get(code)}`]);
    else {
      vendorLines.set(code, row.line);
      result.vendors.push({ ...vendor, code, logoPath: logo, line: row.line });
    }
  }

  const gameLines = new Map<string, number>();
  let position = 0;
  for (const row of rows.filter((candidate) => candidate.section === 'games')) {
    position += 1;
    const values = options.onlyVendor !== undefined && cell(row.values.vendor) === undefined ? { ...row.values, vendor: options.onlyVendor } : row.values;
    const parsed = GameRowSchema.safeParse(values);
    if (!parsed.success || row.problems.length > 0) {
      reject(row, reasonsOfRow(row, parsed.error, values));
      continue;
    }
    const { vendor, name_en, name_pt, icon, ...game } = parsed.data;
    const key = `${vendor}\u0000${game.gameCode}`;
    if (options.onlyVendor !== undefined && vendor !== options.onlyVendor) reject(row, [`vendor: "${vendor}" is not the --vendor ${options.onlyVendor}`]);
    else if (!vendorLines.has(vendor) && !options.existingVendorCodes.has(vendor)) reject(row, [`vendor: unknown vendor "${vendor}" (declare it in the vendors section or import it first)`]);
    else if (gameLines.has(key)) reject(row, [`gameCode: duplicate of ${row.section} ${gameLines.get(key)}`]);
    else {
      gameLines.set(key, row.line);
      const names = name_pt === undefined ? { en: name_en } : { en: name_en, pt: name_pt };
      result.games.push({ ...game, vendorCode: vendor, names, iconPath: icon, line: row.line, position });
    }
  }
  result.rejected.sort((left, right) => (left.section === right.section ? left.line - right.line : left.section === 'vendors' ? -1 : 1));
  return result;
}

/** A row that is not a row at all (a JSON string, say) has only its reading problem to report. */
function reasonsOfRow(row: RawRow, error: z.ZodError | undefined, values: Record<string, unknown>): string[] {
  if (row.problems.length > 0 && Object.keys(row.values).length === 0) return row.problems;
  return [...row.problems, ...(error ? reasonsOf(error, values) : [])];
}

/** "column: what is wrong (got "value")"; the value is quoted by JSON so control characters cannot reach a terminal. */
function reasonsOf(error: z.ZodError, values: Record<string, unknown>): string[] {
  return error.issues.map((issue) => {
    const column = String(issue.path[0] ?? 'row');
    const raw = values[column];
    const shown = raw === undefined || (typeof raw === 'string' && raw.trim() === '') ? '' : ` (got ${JSON.stringify(String(raw).slice(0, 40))})`;
    return `${column}: ${issue.message}${shown}`;
  });
}
