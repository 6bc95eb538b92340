import type { ContractKind } from '@app/contracts';
import type { SettlementLineOutcome } from '../agents.tables.ts';

/**
 * The differential (reference §5.5), pure. Each contracted agent's gross is its rate × its team's
 * base, paid to it by the contract's payer: the upline agent who offered the contract, or the
 * platform when an operator granted it (docs/agent-commissions.md "Who pays"). It pays the agents
 * whose contracts it offered theirs, so it keeps gross − Σ what it paid them. Every figure of a
 * line comes from the amounts posted (rounded once per line), so the lines an agent sees add up
 * to its money: a net below zero is shown as it is (the agent paid more than it received) and
 * recorded as the line's deficit.
 */
export const PPM = 1_000_000n;

export interface AgentGross {
  agentId: bigint;
  contractId: bigint;
  /** Who pays this contract (null: the platform). */
  payerId: bigint | null;
  base: bigint;
  activeMembers: number;
  tierIndex: number | null;
  ratePpm: number;
  gross: bigint;
}

export interface PostedLine extends AgentGross {
  /** What this line posts from its payer to the agent. */
  amount: bigint;
  /** Σ amount of the lines of the same run this agent pays. */
  childrenGross: bigint;
  /** amount − childrenGross: what the agent keeps from this run (negative: it paid more). */
  net: bigint;
  deficit: bigint;
}

/** gross = base × rate, rounded down once per line (never a fraction of a centavo paid). */
export const grossOf = (base: bigint, ratePpm: number): bigint => (base > 0n ? (base * BigInt(ratePpm)) / PPM : 0n);

/**
 * The run's lines from what each posts (`amount`, the gross or a delta run's difference): each
 * agent's paid-down figure is the sum of the amounts its downlines' lines post, never a figure of
 * its own, so "received − paid to my agents" is the line's net to the centavo.
 */
export function postLines<T extends AgentGross & { amount: bigint }>(lines: readonly T[]): Array<T & PostedLine> {
  const paidDown = new Map<bigint, bigint>();
  for (const line of lines) {
    if (line.payerId !== null) paidDown.set(line.payerId, (paidDown.get(line.payerId) ?? 0n) + line.amount);
  }
  return lines.map((line) => {
    const childrenGross = paidDown.get(line.agentId) ?? 0n;
    const net = line.amount - childrenGross;
    return { ...line, childrenGross, net, deficit: net < 0n ? -net : 0n };
  });
}

/** What decided a period line's figures, for saying why it pays nothing. */
export interface LineBasis {
  kind: ContractKind;
  /** Team stake − payout in the period (dividend: negative = the team won). */
  teamResult: bigint;
  base: bigint;
  tierIndex: number | null;
  gross: bigint;
  amount: bigint;
}

/** Why a line pays nothing (null when it pays): shown on the line instead of a blanket "no tier reached". */
export function outcomeOf(line: LineBasis): SettlementLineOutcome | null {
  if (line.amount > 0n) return null;
  if (line.gross > 0n) return 'nothing_more';
  if (line.kind === 'dividend' && line.base <= 0n) return line.teamResult < 0n ? 'team_won' : 'no_loss';
  if (line.base <= 0n) return 'no_play';
  if (line.tierIndex === null) return 'no_tier';
  return 'below_centavo';
}
