import { randomBytes } from 'node:crypto';

/**
 * Lottery stakes move through our own provider protocol as a vendor, like the sportsbook and the
 * house games (product decisions: own products are vendors of our provider API): vendor LOTT for
 * the Vietnamese and SEA draws, ELOTT for the fast e-lottery, one catalogue game per lottery game
 * (game type LOTT / ELOTT, so the provider books it under ledger product 'lottery'), one provider
 * round per ticket ('lottery-<ticketId>'). The ledger, the betting record and the agents' facts
 * see lottery tickets through those rounds.
 */
export type ProviderProtocolHandler = (vendorCode: string, action: string, body: unknown) => Promise<{ status: number; body: unknown }>;
/** A call's answer: accepted (a money call's ids and balance; an endRound has neither) or refused. */
export type MoneyCallResult = { ok: true; operatorTransactionId?: string; balance?: string } | { ok: false; status: number; code: string };

export interface LotteryMoneyPorts {
  /** The provider module's in-process protocol handler (api.callbacks.handle). */
  handle: ProviderProtocolHandler;
  /** Many bets, wins, rollbacks or endRounds in one statement (api.batchCallbacks.handleMany); without it, one call each. */
  handleMany?: (vendorCode: string, action: 'win' | 'rollback' | 'bet' | 'endRound', bodies: readonly unknown[]) => Promise<Array<{ status: number; body: unknown }>>;
  /** The catalogue's idempotent vendor creation. */
  ensureSeamlessVendor: (input: {
    code: string;
    displayName: string;
    isDemo?: boolean;
    enabled?: boolean;
    games: ReadonlyArray<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'LOTT' | 'ELOTT'; demoSupported: boolean }>;
  }) => Promise<boolean>;
  ensureVendorSecret: (vendorCode: string, secret: string) => Promise<string>;
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  /** The accounts module's 18+ rule: throws member.age_unverified. */
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}

export interface VendorGame {
  vendorCode: string;
  gameCode: string;
  namePt: string;
  nameEn: string;
}

/** Who a ticket's money is for: its member, its id (the round), its vendor and catalogue game. */
export interface TicketRef {
  memberId: bigint;
  ticketId: bigint;
  vendorCode: string;
  gameCode: string;
}

export const roundOf = (ticketId: bigint) => `lottery-${ticketId}`;
export const betTransactionId = (ticketId: bigint) => `${roundOf(ticketId)}-bet`;
export const refundTransactionId = (ticketId: bigint) => `${roundOf(ticketId)}-rollback`;

export function createLotteryMoney(ports: LotteryMoneyPorts, gamesToRegister: () => Promise<VendorGame[]>) {
  let registered: Promise<void> | undefined;

  /** Idempotent: the LOTT and ELOTT vendors with one game per lottery game (kept out of the casino lists: disabled vendors), and their secrets. */
  function register(): Promise<void> {
    registered ??= (async () => {
      const games = await gamesToRegister();
      for (const vendorCode of [...new Set(games.map((game) => game.vendorCode))]) {
        await ports.ensureSeamlessVendor({
          code: vendorCode,
          displayName: vendorCode === 'ELOTT' ? 'E-Loteria' : 'Loteria',
          isDemo: false,
          enabled: false,
          games: games
            .filter((game) => game.vendorCode === vendorCode)
            .map((game) => ({ gameCode: game.gameCode, names: { pt: game.namePt, en: game.nameEn }, gameType: vendorCode === 'ELOTT' ? ('ELOTT' as const) : ('LOTT' as const), demoSupported: false })),
        });
        await ports.ensureVendorSecret(vendorCode, randomBytes(32).toString('hex'));
      }
    })();
    registered.catch(() => (registered = undefined));
    return registered;
  }

  function read(answer: { status: number; body: unknown }): MoneyCallResult {
    if (answer.status >= 200 && answer.status < 300) {
      const { operatorTransactionId, balance } = answer.body as { operatorTransactionId?: string; balance?: string };
      return { ok: true, ...(operatorTransactionId === undefined ? {} : { operatorTransactionId }), ...(balance === undefined ? {} : { balance }) };
    }
    return { ok: false, status: answer.status, code: (answer.body as { error?: { code?: string } } | undefined)?.error?.code ?? 'UNKNOWN' };
  }

  async function call(vendorCode: string, action: string, payload: object): Promise<MoneyCallResult> {
    await register();
    return read(await ports.handle(vendorCode, action, payload));
  }

  /** Runs `bodies` per vendor through handleMany (or one call each), answers in the input's order. */
  async function many<T extends TicketRef>(action: 'bet' | 'win' | 'rollback' | 'endRound', items: readonly T[], bodyOf: (item: T) => object): Promise<MoneyCallResult[]> {
    await register();
    const answers: MoneyCallResult[] = new Array(items.length);
    const byVendor = new Map<string, number[]>();
    items.forEach((item, index) => {
      const indexes = byVendor.get(item.vendorCode);
      if (indexes) indexes.push(index);
      else byVendor.set(item.vendorCode, [index]);
    });
    await Promise.all(
      [...byVendor].map(async ([vendorCode, indexes]) => {
        const bodies = indexes.map((index) => bodyOf(items[index]!));
        const replies = ports.handleMany && bodies.length > 1 ? await ports.handleMany(vendorCode, action, bodies) : await Promise.all(bodies.map((body) => ports.handle(vendorCode, action, body)));
        replies.forEach((reply, position) => (answers[indexes[position]!] = read(reply)));
      }),
    );
    return answers;
  }

  const betOf = (item: TicketRef & { amount: string }) => ({ playerId: item.memberId.toString(), transactionId: betTransactionId(item.ticketId), roundId: roundOf(item.ticketId), gameCode: item.gameCode, amount: item.amount });

  /** One ticket's stake; opens the member's session at the vendor when it has none. */
  async function debit(item: TicketRef & { amount: string }): Promise<MoneyCallResult> {
    let answer = await call(item.vendorCode, 'bet', betOf(item));
    if (!answer.ok && answer.code === 'INVALID_TOKEN') {
      const token = await ports.issueLaunchToken(item.memberId, item.vendorCode, item.gameCode);
      if (!token) throw new Error(`lottery game ${item.gameCode} is missing from the catalogue`);
      const session = await call(item.vendorCode, 'authenticate', { token });
      if (!session.ok) return session;
      answer = await call(item.vendorCode, 'bet', betOf(item));
    }
    return answer;
  }

  /** Many stakes at once (placement batches); a bet refused for want of a session goes through debit() alone. */
  async function debitMany(items: ReadonlyArray<TicketRef & { amount: string }>): Promise<MoneyCallResult[]> {
    if (items.length === 1) return [await debit(items[0]!)];
    const answers = await many('bet', items, betOf);
    return Promise.all(answers.map((answer, index) => (!answer.ok && answer.code === 'INVALID_TOKEN' ? debit(items[index]!) : answer)));
  }

  /** Refunds tickets' bets (a cancelled draw, an abandoned placement): harmless when the bet never arrived. */
  const refundMany = (items: readonly TicketRef[]) =>
    many('rollback', items, (item) => ({ playerId: item.memberId.toString(), transactionId: refundTransactionId(item.ticketId), originalTransactionId: betTransactionId(item.ticketId), roundId: roundOf(item.ticketId) }));

  /** Settlements' closing wins (0.00 closes a lost ticket's round); a replayed id answers the original answer. */
  const winMany = (items: ReadonlyArray<TicketRef & { transactionId: string; amount: string }>) =>
    many('win', items, (item) => ({ playerId: item.memberId.toString(), transactionId: item.transactionId, roundId: roundOf(item.ticketId), gameCode: item.gameCode, amount: item.amount, roundClosed: true }));

  /**
   * Lost tickets' rounds closed (the protocol's endRound: nothing to pay, nothing posted or stored;
   * a round already closed stays so, which makes a re-run's second close harmless).
   */
  const endRounds = (items: readonly TicketRef[]) => many('endRound', items, (item) => ({ playerId: item.memberId.toString(), roundId: roundOf(item.ticketId) }));

  /** Resettlement: settlements' wins taken back (the protocol's rollback of a win). */
  const unwinMany = (items: ReadonlyArray<TicketRef & { transactionId: string; winTransactionId: string }>) =>
    many('rollback', items, (item) => ({ playerId: item.memberId.toString(), transactionId: item.transactionId, originalTransactionId: item.winTransactionId, roundId: roundOf(item.ticketId), originalAction: 'win' }));

  return { register, debit, debitMany, refundMany, winMany, endRounds, unwinMany, assertAgeVerified: async (memberId: bigint) => ports.assertAgeVerified?.(memberId) };
}

export type LotteryMoney = ReturnType<typeof createLotteryMoney>;
