import type { Core } from '../../src/compose.ts';
import type { HttpApp } from '../../src/platform/http/app.ts';
import { bearer, loginAs, newOperator, newPlayer, randomClientIp } from '../builders.ts';

export type CallerKind = 'nobody' | 'member' | 'agent' | 'operator';
export const CALLER_KINDS: readonly CallerKind[] = ['nobody', 'member', 'agent', 'operator'];

/** Account type of an agent (accounts' ACCOUNT_TYPE.AGENT). */
const AGENT_TYPE = 1;
/** Opening cash of the fuzzed member and agent: enough that valid bets and transfers go through. */
const OPENING_BALANCE = 1_000_000n;

export interface Caller {
  kind: CallerKind;
  headers: Record<string, string>;
  /** Member id (member, agent) or operator id, for hints. */
  id?: bigint;
  account?: string;
}

/**
 * The four callers, each with a real session (member and agent log in with a password; the
 * operator is enrolled in two-factor authentication). A fuzzed request may end its caller's
 * session (a lock, a password reset, a self-exclusion): `renewIfEnded` probes and starts over
 * with a fresh account, always between two money snapshots, never inside one.
 */
export function createCallers(core: Core, app: HttpApp) {
  const callers = new Map<CallerKind, Caller>();
  let renewals = 0;

  async function start(kind: CallerKind): Promise<Caller> {
    switch (kind) {
      case 'nobody':
        return { kind, headers: {} };
      case 'member': {
        const player = await newPlayer(core, { balance: OPENING_BALANCE });
        return { kind, headers: bearer(await loginAs(app, player)), id: player.id, account: player.account };
      }
      case 'agent': {
        const agent = await newPlayer(core, { type: AGENT_TYPE, balance: OPENING_BALANCE });
        // A downline, so the agent's team routes have someone to show and transfer to.
        await newPlayer(core, { upline: agent.account });
        return { kind, headers: bearer(await loginAs(app, agent)), id: agent.id, account: agent.account };
      }
      case 'operator': {
        const operator = await newOperator(core, app, 'owner');
        return { kind, headers: bearer(operator.token), id: operator.id, account: operator.username };
      }
    }
  }

  async function isAlive(caller: Caller): Promise<boolean> {
    if (caller.kind === 'nobody') return true;
    const url = caller.kind === 'operator' ? '/api/backoffice/session' : '/api/member/info';
    const response = await app.inject({ method: 'GET', url, headers: caller.headers, remoteAddress: randomClientIp() });
    return response.statusCode === 200;
  }

  return {
    async startAll() {
      for (const kind of CALLER_KINDS) callers.set(kind, await start(kind));
    },
    get(kind: CallerKind): Caller {
      const caller = callers.get(kind);
      if (!caller) throw new Error(`caller ${kind} not started`);
      return caller;
    },
    /** Starts a new caller of this kind when the current one's session no longer answers. */
    async renewIfEnded(kind: CallerKind): Promise<boolean> {
      if (await isAlive(this.get(kind))) return false;
      callers.set(kind, await start(kind));
      renewals += 1;
      return true;
    },
    get renewals() {
      return renewals;
    },
  };
}

export type Callers = ReturnType<typeof createCallers>;
