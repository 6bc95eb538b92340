import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { loginAs, newOperatorSession, newPlayer, type TestPlayer } from '../../../../test/builders.ts';
import { createTestContext, testLogger, type TestContext } from '../../../../test/test-context.ts';
import { createHttpApp, type HttpApp } from '../../../platform/http/app.ts';
import { contractsAdminRoutes, contractsRoutes, createContractsService, type ContractsService } from './index.ts';

/**
 * Shared by the contract route tests: a whole test process plus an app of our own carrying the
 * contract routes wired as the agents module wires them, so the tests do not depend on compose.ts.
 */
export interface Kit {
  ctx: TestContext;
  app: HttpApp;
  contracts: ContractsService;
  /** A finance operator's session token. */
  finance: string;
  close(): Promise<void>;
}

export interface Agent extends TestPlayer {
  token: string;
}

export async function createKit(): Promise<Kit> {
  const ctx = await createTestContext();
  const { system, accounts, backoffice } = ctx.core.modules;
  const contracts = createContractsService({ db: ctx.core.db, settings: async () => (await system.api.getSettings()).agents, audit: backoffice.api.audit });
  const app = await createHttpApp({ config: ctx.config, logger: testLogger, db: ctx.core.db });
  accounts.installAuth(app);
  backoffice.installAuth(app);
  await app.register(contractsRoutes({ contracts, requireMember: accounts.api.requireMember, requireRealMember: accounts.api.requireRealMember }), { prefix: '/api' });
  await app.register(contractsAdminRoutes({ contracts, requireOperator: backoffice.api.requireOperator }), { prefix: '/api' });
  await app.ready();
  const finance = await newOperatorSession(ctx.core, ctx.app, 'finance');
  return {
    ctx,
    app,
    contracts,
    finance,
    async close() {
      await app.close();
      await ctx.close();
    },
  };
}

export function helpers(kit: () => Kit) {
  const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    kit().app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

  return {
    api,
    /** A logged-in member of `type` (1 = agent) under `upline`. */
    async member(upline?: TestPlayer, type = 1): Promise<Agent> {
      const player = await newPlayer(kit().ctx.core, { type, upline: upline?.account });
      return { ...player, token: await loginAs(kit().ctx.app, player) };
    },
    grant: (who: { account: string }, kind: string, tiers: unknown[], token = kit().finance, headers: Record<string, string> = {}) =>
      kit().app.inject({ method: 'POST', url: '/api/backoffice/agents/contracts', headers: { authorization: `Bearer ${token}`, ...headers }, payload: { downline: who.account, kind, tiers } }),
    offer: (from: Agent, to: { account: string }, kind: string, tiers: unknown[], extra: Record<string, unknown> = {}) =>
      api('POST', '/api/agent/contracts/offers', from.token, { kind, downline: to.account, tiers, requestId: randomUUID(), ...extra }),
    decide: (who: Agent, id: string, decision: string) => api('POST', `/api/agent/contracts/${id}/decision`, who.token, { decision }),
    overview: (who: Agent, kind = 'daily') => api('GET', `/api/agent/contracts?kind=${kind}`, who.token),
  };
}

/** Daily tiers with rising thresholds (tier i: R$ i×1000 valid bet, i active members) and these rates. */
export const daily = (...rates: string[]) => rates.map((rate, index) => ({ minValidBet: `${index * 1000}`, minActive: index, rate }));

/** The contract in a 200/201 answer, after checking the status. */
export function contractOf(response: LightMyRequestResponse, status = 201): { id: string; status: string; [key: string]: unknown } {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body.slice(0, 400)}`);
  return response.json().contract;
}

/** The error code of a refusal, after checking the HTTP status. */
export function errorOf(response: LightMyRequestResponse, status: number): { code: string; details?: Record<string, unknown> } {
  if (response.statusCode !== status) throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body.slice(0, 400)}`);
  return response.json().error;
}
