import { z } from 'zod';
import { MoneySchema } from './wallet.ts';

/** Sportsbook tickets (issue 23): placing a slip and reading my bets. Odds are integer thousandths (1.850 → 1850). */

export const SPORTSBOOK_SYSTEM_PRESETS = ['trixie', 'patent', 'yankee', 'lucky_15', 'super_yankee', 'canadian', 'lucky_31', 'heinz', 'lucky_63', 'super_heinz', 'goliath'] as const;
export const SPORTSBOOK_TICKET_STATUSES = ['pending_delay', 'pending_debit', 'open', 'refused', 'won', 'partially_won', 'lost', 'void', 'cashed_out'] as const;
export const SportsbookTicketStatusSchema = z.enum(SPORTSBOOK_TICKET_STATUSES);

export const SportsbookBetTypeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('single') }),
  z.object({ kind: z.literal('accumulator') }),
  z.object({ kind: z.literal('system'), sizes: z.array(z.number().int().min(1).max(20)).min(1).max(20) }),
  z.object({ kind: z.literal('system_preset'), preset: z.enum(SPORTSBOOK_SYSTEM_PRESETS) }),
]);
export type SportsbookBetType = z.infer<typeof SportsbookBetTypeSchema>;

export const SportsbookLegInputSchema = z.object({
  eventId: z.string().regex(/^[A-Za-z0-9_:.-]{1,120}$/),
  marketKey: z.string().min(1).max(120),
  outcomeId: z.string().regex(/^[a-z0-9_:+-]{1,40}$/),
  /** The odds the slip showed, in thousandths. */
  odds: z.number().int().min(1).max(1_000_000_000),
});

export const PlaceTicketRequestSchema = z.object({
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8–64 letters, digits, - or _'),
  betType: SportsbookBetTypeSchema,
  /** unit: per combination; total: the whole ticket's, split evenly. */
  stakeMode: z.enum(['unit', 'total']).default('unit'),
  stake: z.string().regex(/^\d{1,10}\.\d{2}$/, 'a decimal amount with two places'),
  /** What to do if the odds moved: none refuses, any takes the new odds, higher takes a rise only. */
  oddsPolicy: z.enum(['none', 'any', 'higher']).default('none'),
  legs: z.array(SportsbookLegInputSchema).max(20),
});
export type PlaceTicketRequest = z.infer<typeof PlaceTicketRequestSchema>;

export const SportsbookTicketLegSchema = z.object({
  eventId: z.string(),
  marketKey: z.string(),
  outcomeId: z.string(),
  /** Locked at acceptance, never changed afterwards. */
  odds: z.number().int(),
  oddsVersion: z.string(),
});

export const SportsbookTicketSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  status: SportsbookTicketStatusSchema,
  refusalCode: z.string().nullable(),
  betType: SportsbookBetTypeSchema,
  stakeMode: z.enum(['unit', 'total']),
  stake: MoneySchema,
  totalStake: MoneySchema,
  betCount: z.number().int(),
  oddsPolicy: z.enum(['none', 'any', 'higher']),
  maxPayout: MoneySchema,
  potentialReturn: MoneySchema,
  isLive: z.boolean(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  legs: z.array(SportsbookTicketLegSchema),
});
export type SportsbookTicket = z.infer<typeof SportsbookTicketSchema>;

export const SportsbookTicketListQuerySchema = z.object({
  /** open: not yet decided (pending or open); settled: decided (refused tickets are not listed). */
  status: z.enum(['open', 'settled']).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const SportsbookTicketListSchema = z.object({ tickets: z.array(SportsbookTicketSchema) });
export const SportsbookTicketParamsSchema = z.object({ id: z.string().regex(/^\d{1,18}$/) });
