import { randomBytes } from 'node:crypto';
import { LIVE_VENDOR_CODE, liveProviderRoundId } from '@app/contracts';

/**
 * Live-table stakes and wins move through our own provider protocol in process, as vendor LIVE
 * (product decisions: own products are vendors of our provider API), like the lottery's LOTT.
 * One catalogue game per table (game type LIVE); the vendor is disabled so the tables stay out of
 * the casino lists. One provider round per member per table round: liveProviderRoundId(roundId).
 * Transaction ids are derived from our ids, so a call repeated by any process lands once.
 */
export type ProviderProtocolHandler = (vendorCode: string, action: string, body: unknown) => Promise<{ status: number; body: unknown }>;
export type MoneyCallResult = { ok: true; operatorTransactionId: string; balance: string } | { ok: false; status: number; code: string; balance?: string };

export interface LiveMoneyPorts {
  handle: ProviderProtocolHandler;
  handleMany?: (vendorCode: string, action: 'win' | 'rollback' | 'bet', bodies: readonly unknown[]) => Promise<Array<{ status: number; body: unknown }>>;
  ensureSeamlessVendor: (input: {
    code: string;
    displayName: string;
    isDemo?: boolean;
    enabled?: boolean;
    games: ReadonlyArray<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'LIVE'; demoSupported: boolean }>;
  }) => Promise<boolean>;
  ensureVendorSecret: (vendorCode: string, secret: string) => Promise<string>;
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}

export const betTransactionId = (betId: bigint) => `live-bet-${betId}`;
export const rollbackTransactionId = (betId: bigint) => `live-bet-${betId}-rollback`;
export const winTransactionId = (roundId: bigint, memberId: bigint) => `live-${roundId}-${memberId}-win`;

export interface StakeItem {
  memberId: bigint;
  betId: bigint;
  roundId: bigint;
  gameCode: string;
  amount: string;
}

export function createLiveMoney(ports: LiveMoneyPorts, tables: () => Promise<Array<{ code: string; namePt: string; nameEn: string }>>) {
  let registered: Promise<void> | undefined;

  /** Idempotent: vendor LIVE with one game per table, and its secret. */
  function register(): Promise<void> {
    registered ??= (async () => {
      const games = await tables();
      await ports.ensureSeamlessVendor({
        code: LIVE_VENDOR_CODE,
        displayName: 'Ao Vivo',
        isDemo: false,
        enabled: false,
        games: games.map((game) => ({ gameCode: game.code, names: { pt: game.namePt, en: game.nameEn }, gameType: 'LIVE' as const, demoSupported: false })),
      });
      await ports.ensureVendorSecret(LIVE_VENDOR_CODE, randomBytes(32).toString('hex'));
    })();
    registered.catch(() => (registered = undefined));
    return registered;
  }

  function read(answer: { status: number; body: unknown }): MoneyCallResult {
    if (answer.status >= 200 && answer.status < 300) {
      const body = answer.body as { operatorTransactionId: string; balance: string };
      return { ok: true, operatorTransactionId: body.operatorTransactionId, balance: body.balance };
    }
    const body = answer.body as { error?: { code?: string }; balance?: string } | undefined;
    return { ok: false, status: answer.status, code: body?.error?.code ?? 'UNKNOWN', ...(typeof body?.balance === 'string' ? { balance: body.balance } : {}) };
  }

  async function call(action: string, payload: object): Promise<MoneyCallResult> {
    await register();
    return read(await ports.handle(LIVE_VENDOR_CODE, action, payload));
  }

  async function many(action: 'bet' | 'win' | 'rollback', bodies: readonly object[]): Promise<MoneyCallResult[]> {
    if (bodies.length === 0) return [];
    await register();
    const replies = ports.handleMany && bodies.length > 1 ? await ports.handleMany(LIVE_VENDOR_CODE, action, bodies) : await Promise.all(bodies.map((body) => ports.handle(LIVE_VENDOR_CODE, action, body)));
    return replies.map(read);
  }

  const betOf = (item: StakeItem) => ({ playerId: item.memberId.toString(), transactionId: betTransactionId(item.betId), roundId: liveProviderRoundId(item.roundId), gameCode: item.gameCode, amount: item.amount });

  /** One stake; opens the member's session at vendor LIVE when it has none. */
  async function debit(item: StakeItem): Promise<MoneyCallResult> {
    let answer = await call('bet', betOf(item));
    if (!answer.ok && answer.code === 'INVALID_TOKEN') {
      const token = await ports.issueLaunchToken(item.memberId, LIVE_VENDOR_CODE, item.gameCode);
      if (!token) throw new Error(`live table ${item.gameCode} is missing from the catalogue`);
      const session = await call('authenticate', { token });
      if (!session.ok) return session;
      answer = await call('bet', betOf(item));
    }
    return answer;
  }

  /** Many stakes in one handleMany; one refused for want of a session goes through debit() alone. */
  async function debitMany(items: readonly StakeItem[]): Promise<MoneyCallResult[]> {
    if (items.length === 1) return [await debit(items[0]!)];
    const answers = await many('bet', items.map(betOf));
    return Promise.all(answers.map((answer, index) => (!answer.ok && answer.code === 'INVALID_TOKEN' ? debit(items[index]!) : answer)));
  }

  /** Refunds bets (a pending bet after the close, a failed placement): harmless when the bet never arrived. */
  const refundMany = (items: ReadonlyArray<{ memberId: bigint; betId: bigint; roundId: bigint }>) =>
    many('rollback', items.map((item) => ({ playerId: item.memberId.toString(), transactionId: rollbackTransactionId(item.betId), originalTransactionId: betTransactionId(item.betId), roundId: liveProviderRoundId(item.roundId) })));

  /** The closing win of each member's round (0.00 for a loss); a repeated id answers the first answer. */
  const winMany = (items: ReadonlyArray<{ memberId: bigint; roundId: bigint; gameCode: string; amount: string }>) =>
    many('win', items.map((item) => ({ playerId: item.memberId.toString(), transactionId: winTransactionId(item.roundId, item.memberId), roundId: liveProviderRoundId(item.roundId), gameCode: item.gameCode, amount: item.amount, roundClosed: true })));

  return { register, debit, debitMany, refundMany, winMany, assertAgeVerified: async (memberId: bigint) => ports.assertAgeVerified?.(memberId) };
}

export type LiveMoney = ReturnType<typeof createLiveMoney>;
