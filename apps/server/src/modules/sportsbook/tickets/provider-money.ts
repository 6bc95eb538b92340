import { randomBytes } from 'node:crypto';

/**
 * The book's stake moves through our own provider protocol as a vendor (product decisions: own
 * products are vendors of our provider API, like the house games): the provider module's
 * in-process handler, vendor SPORTSBOOK, game 'sportsbook', one provider round per ticket.
 */
export const SPORTSBOOK_VENDOR_CODE = 'SPORTSBOOK';
export const SPORTSBOOK_GAME_CODE = 'sportsbook';

export type ProviderProtocolHandler = (vendorCode: string, action: string, body: unknown) => Promise<{ status: number; body: unknown }>;
export type MoneyCallResult = { ok: true; operatorTransactionId: string; balance: string } | { ok: false; status: number; code: string };

export interface ProviderMoneyPorts {
  /** The provider module's in-process protocol handler (api.callbacks.handle). */
  handle: ProviderProtocolHandler;
  /** Many wins, rollbacks or bets in one statement (api.callbacks.handleMany); without it, one call each. */
  handleMany?: (vendorCode: string, action: 'win' | 'rollback' | 'bet', bodies: readonly unknown[]) => Promise<Array<{ status: number; body: unknown }>>;
  /** The catalogue's idempotent vendor creation. */
  ensureSeamlessVendor: (input: {
    code: string;
    displayName: string;
    isDemo?: boolean;
    enabled?: boolean;
    games: ReadonlyArray<{ gameCode: string; names: { en: string; pt?: string }; gameType: 'SPORTS'; demoSupported: boolean }>;
  }) => Promise<boolean>;
  /** The provider module's secret store (a vendor exists for the protocol once it has one). */
  ensureVendorSecret: (vendorCode: string, secret: string) => Promise<string>;
  /** The catalogue's server-side launch: the single-use token authenticate redeems. */
  issueLaunchToken: (memberId: bigint, vendorCode: string, gameCode: string) => Promise<string | undefined>;
  /** The accounts module's 18+ rule: throws member.age_unverified, so a refused bet tells the player why. */
  assertAgeVerified?: (memberId: bigint) => Promise<void>;
}

export function createProviderMoney(ports: ProviderMoneyPorts) {
  let registered: Promise<void> | undefined;

  /**
   * Idempotent: the SPORTSBOOK vendor and its one game in the catalogue (kept out of the game lists:
   * the book has its own screens) and its provider secret (never used to sign: the calls are in process).
   */
  function register(): Promise<void> {
    registered ??= (async () => {
      await ports.ensureSeamlessVendor({
        code: SPORTSBOOK_VENDOR_CODE,
        displayName: 'Apostas Esportivas',
        isDemo: false,
        enabled: false,
        games: [{ gameCode: SPORTSBOOK_GAME_CODE, names: { pt: 'Apostas esportivas', en: 'Sports betting' }, gameType: 'SPORTS', demoSupported: false }],
      });
      await ports.ensureVendorSecret(SPORTSBOOK_VENDOR_CODE, randomBytes(32).toString('hex'));
    })();
    registered.catch(() => (registered = undefined));
    return registered;
  }

  function read(answer: { status: number; body: unknown }): MoneyCallResult {
    if (answer.status >= 200 && answer.status < 300) {
      const body = answer.body as { operatorTransactionId: string; balance: string };
      return { ok: true, operatorTransactionId: body.operatorTransactionId, balance: body.balance };
    }
    const code = (answer.body as { error?: { code?: string } } | undefined)?.error?.code ?? 'UNKNOWN';
    return { ok: false, status: answer.status, code };
  }

  async function call(action: string, payload: object): Promise<MoneyCallResult> {
    await register();
    return read(await ports.handle(SPORTSBOOK_VENDOR_CODE, action, payload));
  }

  const roundOf = (ticketId: bigint) => `sportsbook-${ticketId}`;
  const betOf = (memberId: bigint, ticketId: bigint, amount: string) => ({
    playerId: memberId.toString(),
    transactionId: `${roundOf(ticketId)}-bet`,
    roundId: roundOf(ticketId),
    gameCode: SPORTSBOOK_GAME_CODE,
    amount,
  });

  /** The ticket's stake as the round's bet; opens the member's session at the vendor when it has none. */
  async function debit(memberId: bigint, ticketId: bigint, amount: string): Promise<MoneyCallResult & { transactionId: string }> {
    const request = betOf(memberId, ticketId, amount);
    let answer = await call('bet', request);
    if (!answer.ok && answer.code === 'INVALID_TOKEN') {
      const token = await ports.issueLaunchToken(memberId, SPORTSBOOK_VENDOR_CODE, SPORTSBOOK_GAME_CODE);
      if (!token) throw new Error('the sportsbook game is missing from the catalogue');
      const session = await call('authenticate', { token });
      if (!session.ok) return { ...session, transactionId: request.transactionId };
      answer = await call('bet', request);
    }
    return { ...answer, transactionId: request.transactionId };
  }

  /**
   * Many tickets' stakes at once (placement batches): one statement through the provider's bet
   * batch when it offers one, each answered as debit() would answer it. A bet refused for want of
   * a session (INVALID_TOKEN) goes through debit() on its own, which opens the session first.
   */
  async function debitMany(items: ReadonlyArray<{ memberId: bigint; ticketId: bigint; amount: string }>): Promise<Array<MoneyCallResult & { transactionId: string }>> {
    if (!ports.handleMany || items.length === 1) return Promise.all(items.map((item) => debit(item.memberId, item.ticketId, item.amount)));
    await register();
    const bodies = items.map((item) => betOf(item.memberId, item.ticketId, item.amount));
    const answers = (await ports.handleMany(SPORTSBOOK_VENDOR_CODE, 'bet', bodies)).map(read);
    return Promise.all(
      answers.map(async (answer, index) => {
        const item = items[index]!;
        if (!answer.ok && answer.code === 'INVALID_TOKEN') return debit(item.memberId, item.ticketId, item.amount);
        return { ...answer, transactionId: bodies[index]!.transactionId };
      }),
    );
  }

  /** Refunds the ticket's bet: harmless when the bet never arrived (the provider keeps a tombstone). */
  async function refund(memberId: bigint, ticketId: bigint): Promise<MoneyCallResult> {
    return call('rollback', { playerId: memberId.toString(), transactionId: `${roundOf(ticketId)}-rollback`, originalTransactionId: `${roundOf(ticketId)}-bet`, roundId: roundOf(ticketId) });
  }

  /**
   * The ticket's settlement as the round's closing win: the return (0.00 closes a lost ticket).
   * The same transaction id again is a replay (the protocol answers it with the original answer).
   */
  async function win(memberId: bigint, ticketId: bigint, transactionId: string, amount: string): Promise<MoneyCallResult> {
    return call('win', { playerId: memberId.toString(), transactionId, roundId: roundOf(ticketId), gameCode: SPORTSBOOK_GAME_CODE, amount, roundClosed: true });
  }

  /** Many settlements' wins at once (one statement when the provider offers it), each answered as win() would be. */
  async function winMany(items: ReadonlyArray<{ memberId: bigint; ticketId: bigint; transactionId: string; amount: string }>): Promise<MoneyCallResult[]> {
    if (!ports.handleMany) return Promise.all(items.map((item) => win(item.memberId, item.ticketId, item.transactionId, item.amount)));
    await register();
    const bodies = items.map((item) => ({ playerId: item.memberId.toString(), transactionId: item.transactionId, roundId: roundOf(item.ticketId), gameCode: SPORTSBOOK_GAME_CODE, amount: item.amount, roundClosed: true }));
    return (await ports.handleMany(SPORTSBOOK_VENDOR_CODE, 'win', bodies)).map(read);
  }

  /** Many settlements' wins taken back at once (one statement when the provider offers it), each answered as unwin() would be. */
  async function unwinMany(items: ReadonlyArray<{ memberId: bigint; ticketId: bigint; transactionId: string; winTransactionId: string }>): Promise<MoneyCallResult[]> {
    if (!ports.handleMany) return Promise.all(items.map((item) => unwin(item.memberId, item.ticketId, item.transactionId, item.winTransactionId)));
    await register();
    const bodies = items.map((item) => ({ playerId: item.memberId.toString(), transactionId: item.transactionId, originalTransactionId: item.winTransactionId, roundId: roundOf(item.ticketId), originalAction: 'win' }));
    return (await ports.handleMany(SPORTSBOOK_VENDOR_CODE, 'rollback', bodies)).map(read);
  }

  /**
   * Takes a settlement's win back (resettlement): the protocol's rollback of a win. A 0.00 win
   * posts nothing to take back; a win that never arrived is tombstoned (its late copy refused).
   */
  async function unwin(memberId: bigint, ticketId: bigint, transactionId: string, winTransactionId: string): Promise<MoneyCallResult> {
    return call('rollback', { playerId: memberId.toString(), transactionId, originalTransactionId: winTransactionId, roundId: roundOf(ticketId), originalAction: 'win' });
  }

  return { register, debit, debitMany, refund, win, winMany, unwin, unwinMany, assertAgeVerified: async (memberId: bigint) => ports.assertAgeVerified?.(memberId) };
}

export type ProviderMoney = ReturnType<typeof createProviderMoney>;
