import { AppError, formatCents, maskName, parseCents } from '@app/kernel';
import { isGamePromotionType, type AdminGame, type GameDraw, type GamePrize, type GameSettingsInput, type GameTickets, type Language, type PromotionGame, type RaffleWinner } from '@app/contracts';
import type { Db, DbExecutor } from '../../../platform/db.ts';
import * as definitions from '../definitions.repository.ts';
import type { PromotionRow } from '../definitions.repository.ts';
import { checkEligibility } from '../eligibility.ts';
import * as participation from '../participation.repository.ts';
import { issueReward, markClaimed } from '../rewards.repository.ts';
import type { OperatorActor, PromotionsPorts } from '../promotions.ports.ts';
import * as repository from './games.repository.ts';
import type { DrawRow, GameRow } from './games.repository.ts';
import { drawPrize, drawRaffle, rangesOf, tableHash, type PrizeRow } from './prize-table.ts';

const DAY_MS = 86_400_000;
const SOURCE_PREFIX = { wheel: 'wheel', golden_egg: 'egg' } as const;

function invalid(fields: { path: string; message: string }[]): never {
  throw new AppError('validation.failed', fields.map((field) => `${field.path}: ${field.message}`).join('; '), { fields });
}

/**
 * Prize wheel, golden eggs and raffle (issue 21). Tickets = earned − used, computed when asked.
 * A wheel or egg draw is one transaction on the member's participation row (so two requests for
 * one member queue): count the tickets, draw with node:crypto, record the draw, and pay a won
 * prize at once — a claimed reward `wheel:<drawId>` / `egg:<drawId>`, the budget and the member's
 * cap taken by the same conditional counters as every claim (refused as a whole when it would pass
 * them; a draw is refused before it is made when the largest prize could not be paid). Raffle
 * winners get claimable rewards in the reward centre.
 */
export function createGamesService(deps: { db: Db; ports: PromotionsPorts; now?: () => Date; random?: (max: number) => number }) {
  const now = deps.now ?? (() => new Date());

  async function gamePromotion(id: bigint, options: { running?: boolean } = {}): Promise<PromotionRow & { type: 'wheel' | 'golden_egg' | 'raffle' }> {
    const promotion = await definitions.findPromotion(deps.db, id);
    if (!promotion || (options.running && promotion.status === 'ended')) throw new AppError('promotions.not_found', `no promotion ${id}`);
    if (!isGamePromotionType(promotion.type)) throw new AppError('promotions.wrong_type', 'not a prize game');
    return promotion as PromotionRow & { type: 'wheel' | 'golden_egg' | 'raffle' };
  }

  async function ticketsOf(db: DbExecutor, promotion: PromotionRow, game: GameRow, memberId: bigint): Promise<GameTickets> {
    const [activity, used] = await Promise.all([repository.activityOf(db, memberId, promotion.startsAt, promotion.endsAt), repository.ticketsUsed(db, promotion.id, memberId, promotion.type === 'raffle')]);
    let earned = game.freeTickets;
    if (game.depositStep) earned += Number(activity.deposits / game.depositStep);
    if (game.betStep) earned += Number(activity.validBet / game.betStep);
    if (game.maxTickets !== null) earned = Math.min(earned, game.maxTickets);
    return { earned, used, available: Math.max(0, earned - used) };
  }

  async function configuredGame(db: DbExecutor, promotionId: bigint, options: { forUpdate?: boolean } = {}): Promise<{ game: GameRow; prizes: PrizeRow[] }> {
    const game = await repository.findGame(db, promotionId, options);
    if (!game || game.version === 0) throw new AppError('promotions.game_not_ready', 'the prize table is not published yet');
    return { game, prizes: await repository.prizesOf(db, promotionId, game.version) };
  }

  /** Pays a prize in the caller's transaction, within the budget and the member's cap. */
  async function payPrize(tx: DbExecutor, promotion: PromotionRow, memberId: bigint, prize: PrizeRow, sourceKey: string): Promise<bigint> {
    const { reward } = await issueReward(tx, { promotionId: promotion.id, memberId, sourceKey, kind: prize.kind as 'cash' | 'bonus', amount: prize.amount, wageringMultiple: prize.wageringMultiple, expiryDays: prize.expiryDays });
    if (!(await definitions.spendBudget(tx, promotion.id, prize.amount))) throw new AppError('promotions.budget_exhausted', 'the promotion budget is spent');
    if (!(await definitions.addMemberPaid(tx, promotion.id, memberId, prize.amount, promotion.memberCap))) throw new AppError('promotions.member_cap_reached', 'the member cap is reached');
    await markClaimed(tx, reward.id);
    const key = `promotion:reward:${reward.id}`;
    if (prize.kind === 'cash') {
      await deps.ports.payCash(tx, { key, memberId, amount: prize.amount, reference: `promotion:${promotion.id}` });
    } else {
      await deps.ports.grantBonus!(tx, {
        key,
        memberId,
        amount: prize.amount,
        wageringMultiple: prize.wageringMultiple ?? 1,
        expiresAt: new Date(now().getTime() + (prize.expiryDays ?? 1) * DAY_MS),
        source: { kind: 'promotion', id: promotion.id.toString() },
        note: `${promotion.texts.pt.title}: ${prize.labelPt}`,
      });
    }
    return reward.id;
  }

  /** Refuses a draw whose largest prize the budget or the member's cap could not pay (the draw is then not made). */
  async function assertPayable(tx: DbExecutor, promotion: PromotionRow, memberId: bigint, prizes: readonly PrizeRow[]): Promise<void> {
    const largest = prizes.reduce((max, prize) => (prize.kind !== 'nothing' && prize.amount > max ? prize.amount : max), 0n);
    if (largest === 0n) return;
    if (prizes.some((prize) => prize.kind === 'bonus') && !deps.ports.grantBonus) throw new AppError('promotions.bonus_unavailable', 'bonus money is not available');
    const current = await definitions.findPromotion(tx, promotion.id);
    if (current!.spent + largest > current!.budget) throw new AppError('promotions.budget_exhausted', 'the promotion budget cannot pay every prize any more');
    const paid = await tx.selectFrom('promotions_member_total').select('paid').where('promotion_id', '=', promotion.id).where('member_id', '=', memberId).executeTakeFirst();
    if ((paid?.paid ?? 0n) + largest > promotion.memberCap) throw new AppError('promotions.member_cap_reached', 'the member cap cannot hold the largest prize');
  }

  /** The member's participation row, created and locked: every ticket operation of one member queues on it. */
  async function lockMember(tx: DbExecutor, promotion: PromotionRow, memberId: bigint, cpf: string | null): Promise<void> {
    const row = await participation.ensureParticipation(tx, { promotionId: promotion.id, memberId, state: 'joined', cpf });
    if (row === 'cpf_taken') throw new AppError('promotions.not_eligible', 'another account with this CPF takes part');
  }

  async function drawView(draw: DrawRow, language: Language, created: boolean): Promise<GameDraw> {
    const prizes = await repository.prizesOf(deps.db, draw.promotionId, draw.version);
    const views = prizeViews(prizes, language, false);
    return {
      id: draw.id.toString(),
      ticketNo: draw.ticketNo,
      createdAt: draw.createdAt.toISOString(),
      version: draw.version,
      tableHash: draw.tableHash,
      totalWeight: draw.totalWeight,
      randomValue: draw.randomValue,
      choice: draw.choice,
      prizes: views,
      prize: views.find((prize) => prize.seq === draw.prizeSeq)!,
      rewardId: draw.rewardId?.toString() ?? null,
      created,
    };
  }

  async function winnersView(promotionId: bigint, language: Language, memberId: bigint | null): Promise<RaffleWinner[]> {
    const winners = await repository.winnersOf(deps.db, promotionId);
    if (winners.length === 0) return [];
    const prizes = await repository.prizesOf(deps.db, promotionId, winners[0]!.version);
    return winners.map((winner) => {
      const prize = prizes.find((row) => row.seq === winner.prizeSeq)!;
      return { place: winner.place, account: maskName(winner.account), prize: language === 'pt' ? prize.labelPt : prize.labelEn, amount: formatCents(prize.amount), kind: prize.kind, mine: winner.memberId === memberId };
    });
  }

  async function raffleView(promotion: PromotionRow, game: GameRow | undefined, language: Language, memberId: bigint | null): Promise<PromotionGame['raffle']> {
    if (promotion.type !== 'raffle') return null;
    return {
      drawAt: game?.drawAt?.toISOString() ?? null,
      drawnAt: game?.drawnAt?.toISOString() ?? null,
      ticketsEntered: await repository.ticketsEntered(deps.db, promotion.id),
      winners: game?.drawnAt ? await winnersView(promotion.id, language, memberId) : [],
    };
  }

  async function drawRaffleNow(promotionId: bigint): Promise<{ winners: number } | null> {
    return deps.db.transaction().execute(async (tx) => {
      const game = await repository.findGame(tx, promotionId, { forUpdate: true });
      if (!game || game.drawnAt || !game.drawAt || game.drawAt > now()) return null;
      const prizes = game.version > 0 ? await repository.prizesOf(tx, promotionId, game.version) : [];
      // One place per prize unit, in table order: row 1's winners first.
      const places = prizes.flatMap((prize) => Array.from({ length: prize.weight }, () => prize));
      const winners = drawRaffle(await repository.entriesOf(tx, promotionId), places.length, deps.random);
      for (const [index, winner] of winners.entries()) {
        const prize = places[index]!;
        const place = index + 1;
        const reward =
          prize.kind === 'nothing'
            ? null
            : (await issueReward(tx, { promotionId, memberId: winner.memberId, sourceKey: `raffle:${promotionId}:${place}`, kind: prize.kind, amount: prize.amount, wageringMultiple: prize.wageringMultiple, expiryDays: prize.expiryDays })).reward;
        await repository.insertWinner(tx, { promotionId, place, memberId: winner.memberId, version: game.version, prizeSeq: prize.seq, randomValue: winner.value, ticketsInDraw: winner.ticketsInDraw, rewardId: reward?.id ?? null });
      }
      await repository.markDrawn(tx, promotionId, now());
      return { winners: winners.length };
    });
  }

  return {
    /** The page's view of a game: prizes with chances and ranges; the member's tickets and draws when asked by a member. */
    async view(promotionId: bigint, language: Language, memberId: bigint | null): Promise<PromotionGame> {
      const promotion = await gamePromotion(promotionId, { running: true });
      const game = await repository.findGame(deps.db, promotionId);
      const prizes = game && game.version > 0 ? await repository.prizesOf(deps.db, promotionId, game.version) : [];
      const raffle = promotion.type === 'raffle';
      let me: PromotionGame['me'] = null;
      if (memberId !== null && game) {
        const [tickets, draws, used] = await Promise.all([ticketsOf(deps.db, promotion, game, memberId), raffle ? Promise.resolve([]) : repository.drawsOf(deps.db, promotionId, memberId, 10), repository.ticketsUsed(deps.db, promotionId, memberId, true)]);
        me = { tickets, entered: raffle ? used : 0, draws: await Promise.all(draws.map((draw) => drawView(draw, language, false))) };
      } else if (memberId !== null) {
        me = { tickets: { earned: 0, used: 0, available: 0 }, entered: 0, draws: [] };
      }
      return {
        promotionId: promotionId.toString(),
        type: promotion.type,
        configured: prizes.length > 0,
        version: game?.version ?? 0,
        tableHash: game?.tableHash ?? null,
        totalWeight: rangesOf(prizes).total,
        prizes: prizeViews(prizes, language, raffle),
        rules: {
          freeTickets: game?.freeTickets ?? 0,
          depositStep: game?.depositStep ? formatCents(game.depositStep) : null,
          betStep: game?.betStep ? formatCents(game.betStep) : null,
          maxTickets: game?.maxTickets ?? null,
        },
        raffle: await raffleView(promotion, game, language, memberId),
        me,
      };
    },

    /**
     * Plays one ticket of a wheel or an egg. With an Idempotency-Key a retried request answers the
     * draw the first made; without one each call is a new ticket (the member's n-th ticket is
     * unique, so two requests can never make the same ticket twice).
     */
    async draw(promotionId: bigint, memberId: bigint, input: { key: string | null; choice: number | null; language: Language }): Promise<GameDraw> {
      const promotion = await gamePromotion(promotionId, { running: true });
      if (promotion.type === 'raffle') throw new AppError('promotions.wrong_type', 'a raffle is drawn at its set time');
      if (input.key) {
        const replay = await repository.findDrawByKey(deps.db, promotionId, memberId, input.key);
        if (replay) return drawView(replay, input.language, false);
      }
      const { cpf } = await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
      const outcome = await deps.db.transaction().execute(async (tx) => {
        await lockMember(tx, promotion, memberId, cpf);
        if (input.key) {
          const replay = await repository.findDrawByKey(tx, promotionId, memberId, input.key);
          if (replay) return { draw: replay, created: false };
        }
        const { game, prizes } = await configuredGame(tx, promotionId);
        const tickets = await ticketsOf(tx, promotion, game, memberId);
        if (tickets.available < 1) throw new AppError('promotions.no_tickets', 'no tickets left');
        await assertPayable(tx, promotion, memberId, prizes);
        const drawn = drawPrize(prizes, deps.random);
        const draw = await repository.insertDraw(tx, {
          promotionId,
          memberId,
          ticketNo: tickets.used + 1,
          idempotencyKey: input.key,
          version: game.version,
          tableHash: game.tableHash!,
          totalWeight: drawn.total,
          randomValue: drawn.value,
          prizeSeq: drawn.prize.seq,
          choice: promotion.type === 'golden_egg' ? input.choice : null,
        });
        if (drawn.prize.kind === 'nothing') return { draw, created: true };
        const rewardId = await payPrize(tx, promotion, memberId, drawn.prize, `${SOURCE_PREFIX[promotion.type as keyof typeof SOURCE_PREFIX]}:${draw.id}`);
        await repository.setDrawReward(tx, draw.id, rewardId);
        return { draw: { ...draw, rewardId }, created: true };
      });
      return drawView(outcome.draw, input.language, outcome.created);
    },

    /** Enters raffle tickets (MCS2_claimRafflePromotion); a retried request with the same key enters them once. */
    async enterRaffle(promotionId: bigint, memberId: bigint, input: { key: string; tickets: number; language: Language }): Promise<PromotionGame> {
      const promotion = await gamePromotion(promotionId, { running: true });
      if (promotion.type !== 'raffle') throw new AppError('promotions.wrong_type', 'not a raffle');
      const { cpf } = await checkEligibility(deps.db, deps.ports, promotion, memberId, now());
      await deps.db.transaction().execute(async (tx) => {
        await lockMember(tx, promotion, memberId, cpf);
        if (await repository.findEntryByKey(tx, promotionId, memberId, input.key)) return;
        const { game } = await configuredGame(tx, promotionId);
        if (game.drawnAt || (game.drawAt && game.drawAt <= now())) throw new AppError('promotions.not_running', 'the raffle is closed');
        const tickets = await ticketsOf(tx, promotion, game, memberId);
        if (tickets.available < input.tickets) throw new AppError('promotions.no_tickets', 'not that many tickets');
        await repository.insertEntry(tx, { promotionId, memberId, tickets: input.tickets, key: input.key });
      });
      return this.view(promotionId, input.language, memberId);
    },

    /** The job: draws every raffle whose time has come (each once: the game row is locked and marked drawn). */
    async drawDueRaffles(): Promise<{ raffles: number; winners: number }> {
      let raffles = 0;
      let winners = 0;
      for (const promotionId of await repository.dueRaffles(deps.db, now())) {
        const drawn = await drawRaffleNow(promotionId);
        if (drawn) {
          raffles += 1;
          winners += drawn.winners;
        }
      }
      return { raffles, winners };
    },

    async adminView(promotionId: bigint): Promise<AdminGame> {
      const promotion = await gamePromotion(promotionId);
      const game = await repository.findGame(deps.db, promotionId);
      const prizes = game && game.version > 0 ? await repository.prizesOf(deps.db, promotionId, game.version) : [];
      const [stats, paid] = await Promise.all([repository.drawStats(deps.db, promotionId), repository.prizesPaid(deps.db, promotionId)]);
      return {
        promotionId: promotionId.toString(),
        type: promotion.type,
        settings:
          game && prizes.length > 0
            ? {
                freeTickets: game.freeTickets,
                depositStep: game.depositStep ? formatCents(game.depositStep) : null,
                betStep: game.betStep ? formatCents(game.betStep) : null,
                maxTickets: game.maxTickets,
                drawAt: game.drawAt?.toISOString() ?? null,
                prizes: prizes.map((prize) => ({ labelPt: prize.labelPt, labelEn: prize.labelEn, kind: prize.kind, amount: formatCents(prize.amount), wageringMultiple: prize.wageringMultiple, expiryDays: prize.expiryDays, weight: prize.weight })),
              }
            : null,
        version: game?.version ?? 0,
        tableHash: game?.tableHash ?? null,
        draws: stats.draws,
        paid: formatCents(paid),
        raffle: await raffleView(promotion, game, 'pt', null),
      };
    },

    /** Saves the ticket rules and publishes the prize table as a new version (audited). */
    async save(promotionId: bigint, input: GameSettingsInput, actor: OperatorActor): Promise<AdminGame> {
      const promotion = await gamePromotion(promotionId);
      if (promotion.status === 'ended') throw new AppError('promotions.not_running', 'an ended promotion cannot be edited');
      const prizes: PrizeRow[] = input.prizes.map((prize, index) => ({
        seq: index + 1,
        labelPt: prize.labelPt,
        labelEn: prize.labelEn,
        kind: prize.kind,
        amount: prize.kind === 'nothing' ? 0n : (parseCents(prize.amount) ?? 0n),
        wageringMultiple: prize.kind === 'bonus' ? prize.wageringMultiple : null,
        expiryDays: prize.kind === 'bonus' ? prize.expiryDays : null,
        weight: prize.weight,
      }));
      const fields = checkSettings(promotion, input, prizes);
      if (fields.length > 0) invalid(fields);
      const depositStep = input.depositStep ? parseCents(input.depositStep)! : null;
      const betStep = input.betStep ? parseCents(input.betStep)! : null;
      const hash = tableHash(prizes);
      await deps.db.transaction().execute(async (tx) => {
        const before = await repository.findGame(tx, promotionId, { forUpdate: true });
        if (before?.drawnAt) throw new AppError('promotions.not_running', 'the raffle was drawn');
        const version = await repository.saveGame(tx, { promotionId, freeTickets: input.freeTickets, depositStep, betStep, maxTickets: input.maxTickets, drawAt: input.drawAt ? new Date(input.drawAt) : null, prizes, hash, updatedBy: actor.username });
        await deps.ports.audit(tx, {
          operatorId: actor.id,
          targetType: 'promotions_promotion',
          targetId: promotionId.toString(),
          ip: actor.ip,
          action: 'promotions.game_saved',
          details: { version, tableHash: hash, before: before ? { version: before.version, tableHash: before.tableHash } : null, after: input },
        });
      });
      return this.adminView(promotionId);
    },
  };
}

function checkSettings(promotion: PromotionRow, input: GameSettingsInput, prizes: readonly PrizeRow[]): { path: string; message: string }[] {
  const fields: { path: string; message: string }[] = [];
  const raffle = promotion.type === 'raffle';
  if (promotion.type === 'wheel' && prizes.length < 2) fields.push({ path: 'prizes', message: 'a wheel needs at least two prizes' });
  if (raffle && !input.drawAt) fields.push({ path: 'drawAt', message: 'a raffle needs its draw time' });
  if (raffle && input.drawAt && new Date(input.drawAt) <= promotion.startsAt) fields.push({ path: 'drawAt', message: 'must be after the start' });
  if (!raffle && input.drawAt) fields.push({ path: 'drawAt', message: 'only a raffle has a draw time' });
  if (input.freeTickets === 0 && !input.depositStep && !input.betStep) fields.push({ path: 'freeTickets', message: 'tickets must come from somewhere: free tickets, deposits or valid bet' });
  prizes.forEach((prize, index) => {
    if (prize.kind !== 'nothing' && prize.amount <= 0n) fields.push({ path: `prizes.${index}.amount`, message: 'must be more than zero' });
    if (prize.amount > promotion.memberCap) fields.push({ path: `prizes.${index}.amount`, message: 'must not exceed the per-member cap' });
    if (prize.kind === 'bonus' && (prize.wageringMultiple === null || prize.expiryDays === null)) fields.push({ path: `prizes.${index}.wageringMultiple`, message: 'a bonus prize needs its wagering multiple and expiry' });
  });
  if (raffle) {
    const total = prizes.reduce((sum, prize) => sum + prize.amount * BigInt(prize.weight), 0n);
    if (total > promotion.budget - promotion.spent) fields.push({ path: 'prizes', message: 'the raffle prizes must fit in the remaining budget' });
    if (prizes.reduce((sum, prize) => sum + prize.weight, 0) > 1000) fields.push({ path: 'prizes', message: 'at most 1000 winners' });
  } else if (prizes.every((prize) => prize.kind === 'nothing')) {
    fields.push({ path: 'prizes', message: 'at least one prize must pay something' });
  }
  return fields;
}

/** Prizes as published: the chance of each (wheel, eggs) and the numbers that win it. */
function prizeViews(prizes: readonly PrizeRow[], language: Language, raffle: boolean): GamePrize[] {
  const { ranges, total } = rangesOf(prizes);
  return ranges.map(({ prize, from, to }) => ({
    seq: prize.seq,
    label: language === 'pt' ? prize.labelPt : prize.labelEn,
    kind: prize.kind,
    amount: formatCents(prize.amount),
    wageringMultiple: prize.wageringMultiple,
    expiryDays: prize.expiryDays,
    weight: prize.weight,
    chance: raffle ? null : ((prize.weight * 10_000) / total / 100).toFixed(2),
    from,
    to,
  }));
}

export type GamesService = ReturnType<typeof createGamesService>;
