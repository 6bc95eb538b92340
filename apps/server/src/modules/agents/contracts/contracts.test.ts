import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractOverviewSchema, PendingContractsSchema } from '@app/contracts';
import { newOperatorSession } from '../../../../test/builders.ts';
import { contractOf, createKit, daily, errorOf, helpers, type Kit } from './contracts-test-kit.ts';

/**
 * Agent contracts over HTTP on a real PostgreSQL: operator grants, offers down the tree,
 * acceptance superseding the contract in force, and each party's decisions.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await createKit();
});
afterAll(() => kit.close());

const { api, member, grant, offer, decide, overview } = helpers(() => kit);
const statusOf = async (id: string) => (await kit.ctx.core.db.selectFrom('agents_contract').select(['status', 'ended_by']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow());

describe('granting and offering down the tree', () => {
  it('lets an operator grant a top agent, who offers its direct downline agent a lower contract that it accepts', async () => {
    const top = await member();
    const middle = await member(top);
    const granted = contractOf(await grant(top, 'daily', daily('1', '2')));
    expect(granted).toMatchObject({ status: 'active', upline: null, downline: top.account, version: 1, tiers: [{ minValidBet: '0.00', minActive: 0, rate: '1' }, { minValidBet: '1000.00', minActive: 1, rate: '2' }] });
    const audit = await kit.ctx.core.db.selectFrom('backoffice_audit').select(['action']).where('target_type', '=', 'agents_contract').where('target_id', '=', granted.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['agents.contract.granted']);

    const offered = contractOf(await offer(top, middle, 'daily', daily('0.5', '1.5')));
    expect(offered).toMatchObject({ status: 'offered', upline: top.account, downline: middle.account, version: 1, replaces: null });
    expect(PendingContractsSchema.parse((await api('GET', '/api/agent/contracts/pending', middle.token)).json()).offers.map((c) => c.id)).toEqual([offered.id]);
    const topView = ContractOverviewSchema.parse((await overview(top)).json());
    expect(topView.mine?.id).toBe(granted.id);
    // The per-level ceilings the offer form shows: the top agent's own tiers (issue 20).
    expect(topView.limits).toEqual({ maxTiers: 6, maxRate: '2', tiers: [{ minValidBet: '0.00', minActive: 0, rate: '1' }, { minValidBet: '1000.00', minActive: 1, rate: '2' }] });
    expect(topView.downlines).toEqual([{ account: middle.account, nickname: middle.account, active: null, pending: expect.objectContaining({ id: offered.id }) }]);

    const accepted = contractOf(await decide(middle, offered.id, 'accept'), 200);
    expect(accepted).toMatchObject({ status: 'active', decidedAt: expect.any(String) });
    const middleView = ContractOverviewSchema.parse((await overview(middle)).json());
    expect(middleView).toMatchObject({ mine: { id: offered.id }, offersToMe: [], limits: { maxRate: '1.5' }, history: [{ id: offered.id }] });
    expect(ContractOverviewSchema.parse((await overview(top)).json()).history.map((c) => c.id)).toEqual([offered.id, granted.id]);
    const inForce = await kit.contracts.activeContracts('daily');
    expect(inForce.find((c) => c.id === BigInt(offered.id))).toMatchObject({ agentId: middle.id, uplineId: top.id, tiers: [{ rate: 5_000 }, { rate: 15_000, minValidBet: 100_000n, minActive: 1 }] });
  });

  it('carries real-time contracts with their two rates', async () => {
    const top = await member();
    const middle = await member(top);
    contractOf(await grant(top, 'realtime', [{ minSingleBet: '0', profitRate: '0.5', lossRate: '1' }, { minSingleBet: '100', profitRate: '0.6', lossRate: '1.2' }]));
    const tiers = [{ minSingleBet: '0', profitRate: '0.4', lossRate: '1' }, { minSingleBet: '100', profitRate: '0.4', lossRate: '1.1' }];
    expect(errorOf(await offer(top, middle, 'realtime', [{ minSingleBet: '0', profitRate: '0.4', lossRate: '1.01' }]), 400)).toMatchObject({ code: 'agents.rate_above_upline', details: { tier: 0, field: 'lossRate' } });
    const offered = contractOf(await offer(top, middle, 'realtime', tiers));
    expect(contractOf(await decide(middle, offered.id, 'accept'), 200).tiers).toEqual([{ minSingleBet: '0.00', profitRate: '0.4', lossRate: '1' }, { minSingleBet: '100.00', profitRate: '0.4', lossRate: '1.1' }]);
  });

  it('refuses offers above the upline, outside the direct downlines, to members, from members and without a contract', async () => {
    const top = await member();
    const middle = await member(top);
    const below = await member(middle);
    const stranger = await member();
    const player = await member(top, 0);
    contractOf(await grant(top, 'daily', daily('1', '2')));
    expect(errorOf(await offer(top, middle, 'daily', daily('1.2', '2')), 400)).toMatchObject({ code: 'agents.rate_above_upline', details: { tier: 0 } });
    expect(errorOf(await offer(top, middle, 'daily', daily('1', '1.5', '2.5')), 400)).toMatchObject({ code: 'agents.rate_above_upline', details: { tier: 2, uplineRate: '2' } });
    expect(errorOf(await offer(top, middle, 'daily', daily('3.5')), 400)).toMatchObject({ code: 'agents.rate_above_max', details: { maxRate: '3' } });
    for (const target of [below, stranger, { account: 'nobody-at-all' }]) expect(errorOf(await offer(top, target, 'daily', daily('1')), 404).code).toBe('agents.not_in_team');
    expect(errorOf(await offer(top, player, 'daily', daily('1')), 400).code).toBe('agents.downline_not_agent');
    expect(errorOf(await offer(middle, below, 'daily', daily('1')), 409).code).toBe('agents.no_contract');
    expect(errorOf(await offer(player, top, 'daily', daily('1')), 403).code).toBe('auth.agent_only');
    expect(errorOf(await overview(player), 403).code).toBe('auth.agent_only');
    expect((await api('GET', '/api/agent/contracts/flags', player.token)).json()).toEqual({ divtypereq: true, dailysalreqtype: true, contracthoursalreq: true, realtimesalreqtype: true });
    expect(errorOf(await api('GET', '/api/agent/contracts/flags'), 401).code).toBe('auth.required');
    expect(await kit.ctx.core.db.selectFrom('agents_contract').select('id').where('downline_id', 'in', [middle.id, below.id, stranger.id, player.id]).execute()).toEqual([]);
  });
});

describe('replacing a contract', () => {
  it('needs a higher rate and confirmReplace, supersedes on acceptance, and withdraws an older pending offer', async () => {
    const top = await member();
    const middle = await member(top);
    contractOf(await grant(top, 'daily', daily('1', '2')));
    const first = contractOf(await offer(top, middle, 'daily', daily('0.5', '1')));
    contractOf(await decide(middle, first.id, 'accept'), 200);

    expect(errorOf(await offer(top, middle, 'daily', daily('0.5', '0.8'), { confirmReplace: true }), 409)).toMatchObject({ code: 'agents.contract_not_higher', details: { currentMaxRate: '1' } });
    expect(errorOf(await offer(top, middle, 'daily', daily('0.5', '1'), { confirmReplace: true }), 409).code).toBe('agents.contract_not_higher');
    expect(errorOf(await offer(top, middle, 'daily', daily('0.6', '1.5')), 409).code).toBe('agents.replace_unconfirmed');
    const second = contractOf(await offer(top, middle, 'daily', daily('0.6', '1.5'), { confirmReplace: true }));
    expect(second).toMatchObject({ status: 'offered', version: 2, replaces: first.id });
    expect(ContractOverviewSchema.parse((await overview(middle)).json())).toMatchObject({ mine: { id: first.id }, offersToMe: [{ id: second.id }] });

    const third = contractOf(await offer(top, middle, 'daily', daily('0.7', '1.6'), { confirmReplace: true }));
    expect(await statusOf(second.id)).toEqual({ status: 'withdrawn', ended_by: top.account });
    expect(third.version).toBe(3);

    contractOf(await decide(middle, third.id, 'accept'), 200);
    expect(await statusOf(first.id)).toEqual({ status: 'superseded', ended_by: middle.account });
    const view = ContractOverviewSchema.parse((await overview(middle)).json());
    expect(view.mine).toMatchObject({ id: third.id, replaces: first.id });
    expect(view.history.map((c) => [c.version, c.status])).toEqual([[3, 'active'], [2, 'withdrawn'], [1, 'superseded']]);
  });

  it('lets an operator replace a grant, keeps the upline rule for grants below a contracted upline, and restricts the role', async () => {
    const top = await member();
    const middle = await member(top);
    const first = contractOf(await grant(top, 'hourly', [{ minValidBet: '0', rate: '1' }]));
    const again = await grant(top, 'hourly', [{ minValidBet: '0', rate: '1.5' }], kit.finance, { 'idempotency-key': 'grant-top-hourly-1' });
    const second = contractOf(again);
    expect(contractOf(await grant(top, 'hourly', [{ minValidBet: '0', rate: '1.5' }], kit.finance, { 'idempotency-key': 'grant-top-hourly-1' })).id).toBe(second.id);
    expect(await statusOf(first.id)).toEqual({ status: 'superseded', ended_by: expect.stringMatching(/^operator:fin/) });
    expect(errorOf(await grant(middle, 'hourly', [{ minValidBet: '0', rate: '2' }]), 400).code).toBe('agents.rate_above_upline');
    expect(contractOf(await grant(middle, 'hourly', [{ minValidBet: '0', rate: '1.5' }])).upline).toBeNull();

    const support = await newOperatorSession(kit.ctx.core, kit.ctx.app, 'support');
    expect(errorOf(await grant(top, 'hourly', [{ minValidBet: '0', rate: '2' }], support), 403).code).toBe('backoffice.forbidden');
    expect(errorOf(await api('GET', '/api/backoffice/agents/contracts', support), 403).code).toBe('backoffice.forbidden');
    const listed = (await api('GET', `/api/backoffice/agents/contracts?account=${top.account.toUpperCase()}&kind=hourly`, kit.finance)).json().contracts;
    expect(listed.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([[second.id, 'active'], [first.id, 'superseded']]);
    expect((await api('GET', '/api/backoffice/agents/contracts?account=nobody-at-all', kit.finance)).json()).toEqual({ contracts: [] });
  });
});

describe('decisions', () => {
  it('lets only the downline accept or reject, only the upline withdraw, and either party terminate', async () => {
    const top = await member();
    const middle = await member(top);
    const stranger = await member();
    const granted = contractOf(await grant(top, 'daily', daily('1')));
    const first = contractOf(await offer(top, middle, 'daily', daily('0.5')));
    expect(errorOf(await decide(top, first.id, 'accept'), 403).code).toBe('auth.forbidden');
    expect(errorOf(await decide(middle, first.id, 'withdraw'), 403).code).toBe('auth.forbidden');
    expect(contractOf(await decide(top, first.id, 'withdraw'), 200)).toMatchObject({ status: 'withdrawn', endedBy: top.account });
    expect(errorOf(await decide(middle, first.id, 'accept'), 409).code).toBe('agents.contract_not_pending');

    const second = contractOf(await offer(top, middle, 'daily', daily('0.5')));
    expect(contractOf(await decide(middle, second.id, 'reject'), 200)).toMatchObject({ status: 'rejected', decidedAt: expect.any(String) });
    expect(errorOf(await decide(top, second.id, 'withdraw'), 409).code).toBe('agents.contract_not_pending');

    const third = contractOf(await offer(top, middle, 'daily', daily('0.5')));
    contractOf(await decide(middle, third.id, 'accept'), 200);
    for (const id of [third.id, '999999999', granted.id]) expect(errorOf(await decide(stranger, id, 'terminate'), 404).code).toBe('agents.contract_not_found');
    expect(errorOf(await decide(middle, third.id, 'accept'), 409).code).toBe('agents.contract_not_pending');
    expect(contractOf(await decide(top, third.id, 'terminate'), 200)).toMatchObject({ status: 'terminated', endedBy: top.account, endedAt: expect.any(String) });
    expect(errorOf(await decide(middle, third.id, 'terminate'), 409).code).toBe('agents.contract_not_active');
  });

  it('checks the upline’s contract again on acceptance', async () => {
    const top = await member();
    const middle = await member(top);
    const granted = contractOf(await grant(top, 'daily', daily('1')));
    const offered = contractOf(await offer(top, middle, 'daily', daily('0.8')));
    contractOf(await decide(top, granted.id, 'terminate'), 200);
    expect(errorOf(await decide(middle, offered.id, 'accept'), 409).code).toBe('agents.no_contract');
    expect(await statusOf(offered.id)).toEqual({ status: 'offered', ended_by: null });
    expect(errorOf(await offer(top, middle, 'daily', daily('0.5')), 409).code).toBe('agents.no_contract');
  });
});
