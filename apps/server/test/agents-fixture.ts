import { randomBytes, randomUUID } from 'node:crypto';
import type { ContractKind } from '@app/contracts';
import type { Core } from '../src/compose.ts';
import { newPlayer, type TestPlayer } from './builders.ts';

/**
 * Agent trees, contracts and settled rounds for the agents module's tests. Rounds are written as
 * the provider's callback function writes them (provider_round), so the facts come from the same
 * trigger as in production; `at` then places the fact in the period under test.
 */
export const AGENT_TYPE = 1;

export function agentsFixture(core: Core) {
  let operator: { id: bigint; username: string; ip: null } | undefined;
  const asMember = (player: TestPlayer, type = AGENT_TYPE) => ({ id: player.id, account: player.account, type });

  return {
    agent: (upline?: TestPlayer, balance?: bigint) => newPlayer(core, { type: AGENT_TYPE, upline: upline?.account, balance }),
    member: (upline: TestPlayer) => newPlayer(core, { upline: upline.account }),

    /** An operator-granted contract (a top agent's). */
    async grant(agent: TestPlayer, kind: ContractKind, tiers: unknown[]) {
      if (!operator) {
        const username = `own${randomBytes(4).toString('hex')}`;
        await core.modules.backoffice.api.ensureOperator({ username, displayName: 'owner', role: 'owner', password: 'Operator@1234' });
        const row = await core.db.selectFrom('backoffice_operator').select('id').where('username', '=', username).executeTakeFirstOrThrow();
        operator = { id: row.id, username, ip: null };
      }
      return core.modules.agents.api.contracts.grant(operator, { downline: agent.account, kind, tiers });
    },

    /** An upline offers its direct downline a contract, which the downline accepts. */
    async contract(upline: TestPlayer, downline: TestPlayer, kind: ContractKind, tiers: unknown[]) {
      const contracts = core.modules.agents.api.contracts;
      const offer = await contracts.offer(asMember(upline), { kind, downline: downline.account, tiers, confirmReplace: true, requestId: randomUUID() });
      return contracts.decide(asMember(downline), BigInt(offer.id), 'accept');
    },

    /** One settled round (stake and payout in centavos) whose fact is dated `at`; by default of a game no catalogue lists. */
    async round(player: TestPlayer, stake: bigint, payout: bigint, at: Date, game: { vendor: string; code: string } = { vendor: 'TESTVENDOR', code: 'test' }) {
      const roundId = `t-${randomUUID()}`;
      await core.db
        .insertInto('provider_round')
        .values({ vendor_code: game.vendor, member_id: player.id, round_id: roundId, game_code: game.code, game_type: 'RNG', bet: stake, win: payout, status: 'settled', opened_at: at, closed_at: at })
        .execute();
      await core.db.updateTable('agents_bet_fact').set({ settled_at: at }).where('member_id', '=', player.id).where('round_id', '=', roundId).execute();
      return roundId;
    },

    cash: (player: TestPlayer) => core.modules.wallet.api.cashOf(player.id),

    /** The lines of a run for these agents, as "account: amount status" with net and gross. */
    async lines(runId: bigint | null, named: TestPlayer[]) {
      if (runId === null) return [];
      const name = new Map(named.map((player) => [player.id, player.account]));
      const rows = await core.db.selectFrom('agents_settlement_line').selectAll().where('run_id', '=', runId).where('agent_id', 'in', named.map((player) => player.id)).orderBy('id').execute();
      return rows.map((row) => ({
        agent: name.get(row.agent_id),
        payer: row.payer_id === null ? 'platform' : name.get(row.payer_id),
        base: row.base,
        gross: row.gross,
        childrenGross: row.children_gross,
        net: row.net,
        amount: row.amount,
        status: row.status,
      }));
    },
  };
}
