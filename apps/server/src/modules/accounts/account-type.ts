/** Spec §3: account types 1, 2, 41, 42 are agents; 4 is trial; 0 an ordinary member. */
export const ACCOUNT_TYPE = { MEMBER: 0, AGENT: 1, AGENT_2: 2, TRIAL: 4, AGENT_41: 41, AGENT_42: 42 } as const;
export type AccountType = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

const AGENT_TYPES: ReadonlySet<number> = new Set([1, 2, 41, 42]);

export function isAgentType(type: number): boolean {
  return AGENT_TYPES.has(type);
}
