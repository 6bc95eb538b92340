import type { BaccaratResult, BaccaratSpot } from '@app/contracts';
import { baccaratValue, canStartHand, cardRank, DEFAULT_CUT_FROM_END, shoeStart } from './cards.ts';

/**
 * Punto Banco as dealt at our tables. Cards come off the shoe player, banker, player, banker;
 * a two-card 8 or 9 on either side is a natural and both stand. Otherwise the player draws on
 * 0–5 and stands on 6–7; then the banker draws by the tableau below (if the player stood, the
 * banker draws on 0–5 like the player). Totals are the sum of points modulo 10.
 */

export function handTotal(cards: readonly string[]): number {
  return cards.reduce((sum, card) => sum + baccaratValue(card), 0) % 10;
}

/** The player's third card: drawn on a two-card total of 0–5 (when neither side has a natural). */
export function playerDraws(playerTotal: number): boolean {
  return playerTotal <= 5;
}

/**
 * The banker's third card, by the banker's two-card total and the points of the player's third
 * card (null when the player stood):
 *
 * | banker | draws when the player's third card is | player stood |
 * |---|---|---|
 * | 0–2 | any | draws |
 * | 3 | anything but 8 | draws |
 * | 4 | 2–7 | draws |
 * | 5 | 4–7 | draws |
 * | 6 | 6–7 | stands |
 * | 7 | never | stands |
 */
export function bankerDraws(bankerTotal: number, playerThird: number | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return playerThird !== 8;
    case 4:
      return playerThird >= 2 && playerThird <= 7;
    case 5:
      return playerThird >= 4 && playerThird <= 7;
    case 6:
      return playerThird === 6 || playerThird === 7;
    default:
      return false;
  }
}

/** One hand dealt from `shoe` starting at index `from`; throws RangeError if the shoe runs out. */
export function dealBaccaratHand(shoe: readonly string[], from: number): { result: BaccaratResult; cardsUsed: number } {
  if (!Number.isInteger(from) || from < 0) throw new RangeError(`first card index must be a natural number, got ${from}`);
  let next = from;
  const draw = (): string => {
    const card = shoe[next];
    if (card === undefined) throw new RangeError(`the shoe ran out at card ${next}`);
    next += 1;
    return card;
  };
  const playerCards = [draw()];
  const bankerCards = [draw()];
  playerCards.push(draw());
  bankerCards.push(draw());

  const natural = handTotal(playerCards) >= 8 || handTotal(bankerCards) >= 8;
  if (!natural) {
    let playerThird: number | null = null;
    if (playerDraws(handTotal(playerCards))) {
      const card = draw();
      playerCards.push(card);
      playerThird = baccaratValue(card);
    }
    if (bankerDraws(handTotal(bankerCards), playerThird)) bankerCards.push(draw());
  }

  const playerTotal = handTotal(playerCards);
  const bankerTotal = handTotal(bankerCards);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return {
    result: {
      game: 'baccarat',
      playerCards,
      bankerCards,
      playerTotal,
      bankerTotal,
      winner,
      playerPair: cardRank(playerCards[0]!) === cardRank(playerCards[1]!),
      bankerPair: cardRank(bankerCards[0]!) === cardRank(bankerCards[1]!),
      natural,
    },
    cardsUsed: next - from,
  };
}

export interface DealtHand {
  /** 1-based number of the hand in its shoe. */
  hand: number;
  firstCard: number;
  cardsUsed: number;
  result: BaccaratResult;
}

/** Every hand of a shoe, from the burn to the cut card: what the server plays and a verifier replays. */
export function dealShoe(shoe: readonly string[], cutFromEnd = DEFAULT_CUT_FROM_END): DealtHand[] {
  const hands: DealtHand[] = [];
  let next = shoeStart(shoe);
  while (canStartHand(next, cutFromEnd, shoe.length)) {
    const { result, cardsUsed } = dealBaccaratHand(shoe, next);
    hands.push({ hand: hands.length + 1, firstCard: next, cardsUsed, result });
    next += cardsUsed;
  }
  return hands;
}

export interface BaccaratPayout {
  /** Paid to 1 on a win (banker 0.95: the 5 % commission). */
  pays: number;
  /** The same in hundredths, what settlement computes with (exact in bigint). */
  paysHundredths: bigint;
  /** On a tie the stake comes back (player and banker bets). */
  pushOnTie: boolean;
}

export const BACCARAT_PAYOUTS: Readonly<Record<BaccaratSpot, BaccaratPayout>> = {
  player: { pays: 1, paysHundredths: 100n, pushOnTie: true },
  banker: { pays: 0.95, paysHundredths: 95n, pushOnTie: true },
  tie: { pays: 8, paysHundredths: 800n, pushOnTie: false },
  player_pair: { pays: 11, paysHundredths: 1_100n, pushOnTie: false },
  banker_pair: { pays: 11, paysHundredths: 1_100n, pushOnTie: false },
};

function spotWins(spot: BaccaratSpot, result: BaccaratResult): boolean {
  switch (spot) {
    case 'player':
      return result.winner === 'player';
    case 'banker':
      return result.winner === 'banker';
    case 'tie':
      return result.winner === 'tie';
    case 'player_pair':
      return result.playerPair;
    case 'banker_pair':
      return result.bankerPair;
  }
}

/**
 * What a chip of `amount` centavos on `spot` returns, stake included: 0 when lost, the stake on a
 * push, stake + winnings on a win (the banker's 95 % floored to the centavo).
 */
export function settleBaccaratChip(spot: BaccaratSpot, amount: bigint, result: BaccaratResult): bigint {
  if (amount < 0n) throw new RangeError('a stake cannot be negative');
  const payout = BACCARAT_PAYOUTS[spot];
  if (spotWins(spot, result)) return amount + (amount * payout.paysHundredths) / 100n;
  if (payout.pushOnTie && result.winner === 'tie') return amount;
  return 0n;
}
