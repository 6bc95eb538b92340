/** Builders shared by the domain's tests: a ticket from odds written as the slip shows them. */
import type { BetType } from './bet-types.ts';
import { parseOdds } from './odds.ts';
import type { StakeMode, Ticket, TicketLeg } from './ticket.ts';

export function legAt(oddsText: string, marketId: string): TicketLeg {
  const oddsThousandths = parseOdds(oddsText);
  if (oddsThousandths === undefined) throw new Error(`not odds: ${oddsText}`);
  return { marketId, selectionId: `${marketId}:selection`, oddsThousandths };
}

export function ticketOf(
  odds: readonly string[],
  betType: BetType,
  { stakeCents = 100n, stakeMode = 'unit', maxPayoutCents = 100_000_000_00n }: { stakeCents?: bigint; stakeMode?: StakeMode; maxPayoutCents?: bigint } = {},
): Ticket {
  return { legs: odds.map((text, index) => legAt(text, `market-${index}`)), betType, stakeCents, stakeMode, maxPayoutCents };
}
