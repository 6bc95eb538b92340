import type { JournalType, TeamTransactionDetail } from '@app/contracts';

/** What the catalogue shows of a game (its public describeGame), names per language. */
export type DescribeGame = (vendor: string, gameCode: string) => Promise<{ names: Record<string, string> } | undefined>;

/** Types whose reference is the member's own business an agent may read (an order, a transfer's parties). */
const PLAIN_REFERENCE: ReadonlySet<JournalType> = new Set(['deposit', 'withdrawal_hold', 'withdrawal_release', 'withdrawal_payout', 'agent_transfer_downline', 'agent_transfer_upline', 'rollback']);
/** A bet's or win's reference: `<gameCode>/<roundId>` (provider.service). */
const GAME_REFERENCE = /^([^/]+)\/(.+)$/;
/** A commission's reference: `<kind> <period start ISO>` (settlement.service). */
const COMMISSION_REFERENCE = /^(\w+) (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$/;

export function gameNameOf(names: Record<string, string>, language: string, fallback: string): string {
  return names[language] ?? names.en ?? Object.values(names)[0] ?? fallback;
}

/**
 * A team member's entry as its agent may see it (issue 20): the journal reference is written for
 * the ledger and the operator (an adjustment carries the operator's reason), so only what is known
 * to be the member's own goes out, and games by their catalogue name rather than their code.
 */
export async function entryDetail(
  entry: { type: JournalType; reference: string | null; vendor: string | null },
  language: string,
  describeGame: DescribeGame,
): Promise<TeamTransactionDetail> {
  const reference = entry.reference ?? '';
  if (entry.type === 'adjustment') return { kind: 'adjustment' };
  if (entry.type === 'bet' || entry.type === 'win') {
    const match = GAME_REFERENCE.exec(reference);
    if (!match) return { kind: 'none' };
    const [, gameCode = '', roundId = ''] = match;
    const game = entry.vendor ? await describeGame(entry.vendor, gameCode) : undefined;
    return { kind: 'game', gameName: game ? gameNameOf(game.names, language, gameCode) : gameCode, roundId };
  }
  if (entry.type === 'commission') {
    const match = COMMISSION_REFERENCE.exec(reference);
    return match ? { kind: 'commission', contractKind: match[1] ?? '', periodStart: match[2] ?? '' } : { kind: 'none' };
  }
  if (PLAIN_REFERENCE.has(entry.type) && reference !== '') return { kind: 'text', text: reference };
  return { kind: 'none' };
}
