import { z } from 'zod';

/**
 * The provider API's wire contract (docs/provider-integration.md). Vendors integrate against
 * these exact shapes and codes, so they are the API's own, not the app's error codes.
 */
export const PROVIDER_ACTIONS = ['authenticate', 'balance', 'bet', 'win', 'rollback', 'endRound'] as const;
export type ProviderAction = (typeof PROVIDER_ACTIONS)[number];

export const PROVIDER_ERRORS = {
  INVALID_SIGNATURE: 401,
  INVALID_TOKEN: 401,
  PLAYER_NOT_FOUND: 404,
  PLAYER_BLOCKED: 403,
  INSUFFICIENT_FUNDS: 402,
  TRANSACTION_CONFLICT: 409,
  INVALID_REQUEST: 400,
  LIMIT_REACHED: 403,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;
export type ProviderErrorCode = keyof typeof PROVIDER_ERRORS;

/** A refusal answered to the vendor: HTTP status from the code, `balance` for INSUFFICIENT_FUNDS. */
export class ProviderError extends Error {
  constructor(
    readonly code: ProviderErrorCode,
    message: string,
    readonly balance?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
  get statusCode(): number {
    return PROVIDER_ERRORS[this.code];
  }
  toWire(): ProviderErrorResponse {
    return { error: { code: this.code, message: this.message }, ...(this.balance === undefined ? {} : { balance: this.balance }) };
  }
}

/** Two decimal places, no sign, below 10^13 reais (the ledger's largest leg is 10^15 centavos). */
const AmountSchema = z.string().regex(/^(0|[1-9]\d{0,12})\.\d{2}$/, 'a decimal string with two places, e.g. "10.00"');
/** Printable ASCII: ids become part of ledger keys. */
const IdSchema = z.string().regex(/^[\x21-\x7e]{1,100}$/, '1-100 printable ASCII characters without spaces');
/** Member ids are PostgreSQL bigints: 19 digits can still overflow int8, so the value is bounded too. */
const MAX_PLAYER_ID = 2n ** 63n - 1n;
const PlayerIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'the member id as a decimal string')
  .refine((id) => !/^\d+$/.test(id) || BigInt(id) <= MAX_PLAYER_ID, 'the member id is out of range');
const GameCodeSchema = z.string().regex(/^[\x21-\x7e]{1,80}$/, '1-80 printable ASCII characters');

export const AuthenticateRequestSchema = z.object({ token: z.string().min(1).max(200) });
export const BalanceRequestSchema = z.object({ playerId: PlayerIdSchema });
export const BetRequestSchema = z.object({ playerId: PlayerIdSchema, transactionId: IdSchema, roundId: IdSchema, gameCode: GameCodeSchema, amount: AmountSchema });
export const WinRequestSchema = BetRequestSchema.extend({ roundClosed: z.boolean() });
/**
 * originalAction: which transaction the rollback takes back, 'bet' (the default: a refund) or 'win'
 * (the win's credit reversed, e.g. a sportsbook resettlement). Vendors that never send it are unchanged.
 */
export const RollbackRequestSchema = z.object({
  playerId: PlayerIdSchema,
  transactionId: IdSchema,
  originalTransactionId: IdSchema,
  roundId: IdSchema,
  originalAction: z.enum(['bet', 'win']).optional(),
});

/** A round over with nothing more to pay (no money moves; docs/provider-integration.md, endRound). */
export const EndRoundRequestSchema = z.object({ playerId: PlayerIdSchema, roundId: IdSchema });

export type AuthenticateRequest = z.infer<typeof AuthenticateRequestSchema>;
export type BalanceRequest = z.infer<typeof BalanceRequestSchema>;
export type BetRequest = z.infer<typeof BetRequestSchema>;
export type WinRequest = z.infer<typeof WinRequestSchema>;
export type RollbackRequest = z.infer<typeof RollbackRequestSchema>;
export type EndRoundRequest = z.infer<typeof EndRoundRequestSchema>;

export const AuthenticateResponseSchema = z.object({ playerId: z.string(), nickname: z.string(), currency: z.string(), balance: z.string() });
export const BalanceResponseSchema = z.object({ balance: z.string(), currency: z.string() });
export const TransactionResponseSchema = z.object({ balance: z.string(), transactionId: z.string(), operatorTransactionId: z.string() });
export const EndRoundResponseSchema = z.object({ roundId: z.string(), roundStatus: z.enum(['settled', 'rolled_back']) });
export const ProviderErrorResponseSchema = z.object({
  error: z.object({ code: z.enum(Object.keys(PROVIDER_ERRORS) as [ProviderErrorCode, ...ProviderErrorCode[]]), message: z.string() }),
  balance: z.string().optional(),
});

export type AuthenticateResponse = z.infer<typeof AuthenticateResponseSchema>;
export type BalanceResponse = z.infer<typeof BalanceResponseSchema>;
export type TransactionResponse = z.infer<typeof TransactionResponseSchema>;
export type EndRoundResponse = z.infer<typeof EndRoundResponseSchema>;
export type ProviderErrorResponse = z.infer<typeof ProviderErrorResponseSchema>;

export const REQUEST_SCHEMAS = {
  authenticate: AuthenticateRequestSchema,
  balance: BalanceRequestSchema,
  bet: BetRequestSchema,
  win: WinRequestSchema,
  rollback: RollbackRequestSchema,
  endRound: EndRoundRequestSchema,
} as const;

export const RESPONSE_SCHEMAS = {
  authenticate: AuthenticateResponseSchema,
  balance: BalanceResponseSchema,
  bet: TransactionResponseSchema,
  win: TransactionResponseSchema,
  rollback: TransactionResponseSchema,
  endRound: EndRoundResponseSchema,
} as const;
