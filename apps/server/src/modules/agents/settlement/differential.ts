/**
 * The differential (reference §5.5), pure. Each contracted agent's gross is its rate × its team's
 * base; it keeps gross − Σ gross of the contracted agents just below it (its "children"), and is
 * paid that by its nearest contracted ancestor, or by the platform when it has none. A negative
 * remainder is floored at zero and recorded as a deficit (docs/agent-commissions.md).
 */
export const PPM = 1_000_000n;

export interface AgentGross {
  agentId: bigint;
  contractId: bigint;
  /** Nearest contracted ancestor (null: the platform pays). */
  payerId: bigint | null;
  base: bigint;
  activeMembers: number;
  tierIndex: number | null;
  ratePpm: number;
  gross: bigint;
}

export interface DifferentialLine extends AgentGross {
  childrenGross: bigint;
  net: bigint;
  deficit: bigint;
}

/** gross = base × rate, rounded down once per line (never a fraction of a centavo paid). */
export const grossOf = (base: bigint, ratePpm: number): bigint => (base > 0n ? (base * BigInt(ratePpm)) / PPM : 0n);

export function applyDifferential(agents: readonly AgentGross[]): DifferentialLine[] {
  const childrenGross = new Map<bigint, bigint>();
  for (const agent of agents) {
    if (agent.payerId !== null) childrenGross.set(agent.payerId, (childrenGross.get(agent.payerId) ?? 0n) + agent.gross);
  }
  return agents.map((agent) => {
    const children = childrenGross.get(agent.agentId) ?? 0n;
    const remainder = agent.gross - children;
    return { ...agent, childrenGross: children, net: remainder > 0n ? remainder : 0n, deficit: remainder < 0n ? -remainder : 0n };
  });
}

/**
 * Real-time salary for one settled-round fact: walking its chain (nearest agent first), each
 * contracted agent earns base × (its rate − the highest rate below it), so the chain together
 * earns base × the top rate (reference §5.5 per-bet form). Amounts are in centavo-ppm (× 10⁶),
 * summed per line and rounded once.
 */
export interface ChainRate {
  agentId: bigint;
  /** Null when the agent has no real-time contract (it earns nothing and passes the rate up). */
  ratePpm: number | null;
}
export interface ChainShare {
  agentId: bigint;
  payerId: bigint | null;
  grossMicro: bigint;
  netMicro: bigint;
}

export function realtimeShares(base: bigint, chain: readonly ChainRate[]): ChainShare[] {
  const contracted = chain.filter((link): link is { agentId: bigint; ratePpm: number } => link.ratePpm !== null);
  let below = 0;
  return contracted.map((link, index) => {
    const rate = link.ratePpm;
    const share = rate > below ? rate - below : 0;
    below = Math.max(below, rate);
    return { agentId: link.agentId, payerId: contracted[index + 1]?.agentId ?? null, grossMicro: base * BigInt(rate), netMicro: base * BigInt(share) };
  });
}
