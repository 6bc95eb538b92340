import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractOf, createKit, daily, errorOf, helpers, type Agent, type Kit } from './contracts-test-kit.ts';

/** Agent contracts under double submits, hostile input and a kind the operator switched off. */
let kit: Kit;
let top: Agent;
let middle: Agent;
beforeAll(async () => {
  kit = await createKit();
  top = await member();
  middle = await member(top);
  contractOf(await grant(top, 'daily', daily('1', '2')));
  contractOf(await grant(top, 'hourly', [{ minValidBet: '0', rate: '1' }]));
});
afterAll(() => kit.close());

const { api, member, grant, offer, decide, overview } = helpers(() => kit);
const rowsFor = (requestId: string) => kit.ctx.core.db.selectFrom('agents_contract').select('id').where('request_key', '=', `agent:${top.id}:${requestId}`).execute();

describe('double submits', () => {
  it('creates one contract for one requestId, however many times and however fast it arrives', async () => {
    const requestId = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => offer(top, middle, 'daily', daily('0.5', '1'), { requestId })));
    const ids = answers.map((answer) => contractOf(answer).id);
    expect(new Set(ids).size).toBe(1);
    expect(await rowsFor(requestId)).toHaveLength(1);
    // Still the same answer once the offer was accepted: the replay reports the contract as it is now.
    contractOf(await decide(middle, ids[0]!, 'accept'), 200);
    expect(contractOf(await offer(top, middle, 'daily', daily('0.5', '1'), { requestId }))).toMatchObject({ id: ids[0], status: 'active' });
    expect(errorOf(await offer(top, middle, 'daily', daily('0.5', '1.1'), { requestId }), 409).code).toBe('request.idempotency_conflict');
    expect(errorOf(await offer(top, middle, 'hourly', [{ minValidBet: '0', rate: '0.5' }], { requestId }), 409).code).toBe('request.idempotency_conflict');
    expect(await rowsFor(requestId)).toHaveLength(1);
  });
});

describe('hostile input', () => {
  const huge = 'x'.repeat(200_000);
  const tier = { minValidBet: '0', minActive: 0, rate: '0.5' };
  const post = (payload: unknown, token = top.token) => api('POST', '/api/agent/contracts/offers', token, payload);
  const valid = () => ({ kind: 'daily', downline: middle.account, tiers: [tier], confirmReplace: true, requestId: randomUUID() });

  it('answers 400 with a code, never 500, to malformed offers', async () => {
    const bodies: Array<[string, unknown]> = [
      ['huge downline', { ...valid(), downline: huge }],
      ['huge rate', { ...valid(), tiers: [{ ...tier, rate: huge }] }],
      ['huge threshold', { ...valid(), tiers: [{ ...tier, minValidBet: '9'.repeat(5000) }] }],
      ['huge requestId', { ...valid(), requestId: huge }],
      ['negative rate', { ...valid(), tiers: [{ ...tier, rate: '-1' }] }],
      ['numeric rate', { ...valid(), tiers: [{ ...tier, rate: 0.5 }] }],
      ['negative active', { ...valid(), tiers: [{ ...tier, minActive: -1 }] }],
      ['fractional active', { ...valid(), tiers: [{ ...tier, minActive: 1.5 }] }],
      ['exponent threshold', { ...valid(), tiers: [{ ...tier, minValidBet: '1e9' }] }],
      ['11 tiers', { ...valid(), tiers: Array.from({ length: 11 }, (_, index) => ({ ...tier, minValidBet: `${index}`, rate: `0.${index + 1}` })) }],
      ['7 tiers (over the setting)', { ...valid(), tiers: Array.from({ length: 7 }, (_, index) => ({ ...tier, minValidBet: `${index}`, rate: `0.${index + 1}` })) }],
      ['no tiers', { ...valid(), tiers: [] }],
      ['tiers not a list', { ...valid(), tiers: 'abc' }],
      ['null tier', { ...valid(), tiers: [null] }],
      ['list tier', { ...valid(), tiers: [[1, 2]] }],
      ['empty tier', { ...valid(), tiers: [{}] }],
      ['wrong kind', { ...valid(), kind: 'weekly' }],
      ['another kind’s tiers', { ...valid(), kind: 'realtime' }],
      ['rates going down', { ...valid(), tiers: [{ ...tier, rate: '0.9' }, { ...tier, minValidBet: '10', rate: '0.8' }] }],
      ['confirmReplace as text', { ...valid(), confirmReplace: 'yes' }],
      ['requestId with spaces', { ...valid(), requestId: 'a b c d e f g h' }],
      ['NUL in the account', { ...valid(), downline: 'ab\u0000cd' }],
      ['an array body', [valid()]],
    ];
    for (const [label, payload] of bodies) {
      const response = await post(payload);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
      expect(response.json().error.code, label).toMatch(/^(validation\.failed|request\.malformed|agents\.tiers_invalid)$/);
    }
    for (const raw of ['{"kind": "daily", "tiers": [', 'null', '42', '"text"', '{"__proto__": {"admin": true}}']) {
      const garbage = await kit.app.inject({ method: 'POST', url: '/api/agent/contracts/offers', headers: { authorization: `Bearer ${top.token}`, 'content-type': 'application/json' }, payload: raw });
      expect(garbage.statusCode, raw).toBe(400);
    }
    expect(await kit.ctx.core.db.selectFrom('agents_contract').select('id').where('downline_id', '=', middle.id).where('status', '=', 'offered').execute()).toEqual([]);
  });

  it('answers 400 to malformed ids, decisions, kinds and grants', async () => {
    for (const url of ['/api/agent/contracts/abc/decision', `/api/agent/contracts/${'9'.repeat(30)}/decision`, '/api/agent/contracts/-1/decision']) {
      expect((await api('POST', url, top.token, { decision: 'accept' })).statusCode, url).toBe(400);
    }
    expect((await api('POST', '/api/agent/contracts/1/decision', top.token, { decision: 'explode' })).statusCode).toBe(400);
    expect((await api('POST', '/api/agent/contracts/1/decision', top.token, {})).statusCode).toBe(400);
    for (const kind of ['', 'weekly', huge.slice(0, 5000)]) expect((await overview(top, kind)).statusCode, kind.slice(0, 20)).toBe(400);
    expect(errorOf(await grant({ account: 'nobody-at-all' }, 'daily', [tier]), 400)).toMatchObject({ code: 'validation.failed', details: { fields: [{ path: 'body.downline' }] } });
    expect(errorOf(await grant({ account: huge }, 'daily', [tier]), 400).code).toBe('validation.failed');
    expect(errorOf(await grant(await member(undefined, 0), 'daily', [tier]), 400).code).toBe('agents.downline_not_agent');
    expect(errorOf(await grant(middle, 'daily', [{ ...tier, rate: '-3' }]), 400).code).toBe('validation.failed');
    expect(errorOf(await grant(middle, 'daily', [tier], kit.finance, { 'idempotency-key': 'short' }), 400).code).toBe('validation.failed');
    expect((await api('GET', `/api/backoffice/agents/contracts?status=gone`, kit.finance)).statusCode).toBe(400);
  });
});

describe('a kind the operator switched off', () => {
  it('answers agents.kind_disabled to offers, acceptances and the overview, and hides its offers', async () => {
    const system = kit.ctx.core.modules.system.api;
    const settings = (await system.getSettings()).agents;
    const offered = contractOf(await offer(top, middle, 'hourly', [{ minValidBet: '0', rate: '0.5' }]));
    await system.updateSetting('agents', { ...settings, contracts: { ...settings.contracts, hourly: false } }, 'test');
    try {
      expect((await api('GET', '/api/agent/contracts/flags', middle.token)).json()).toMatchObject({ contracthoursalreq: false, dailysalreqtype: true });
      expect(errorOf(await offer(top, middle, 'hourly', [{ minValidBet: '0', rate: '0.6' }], { confirmReplace: true }), 403).code).toBe('agents.kind_disabled');
      expect(errorOf(await overview(top, 'hourly'), 403).code).toBe('agents.kind_disabled');
      expect((await api('GET', '/api/agent/contracts/pending', middle.token)).json().offers.map((c: { kind: string }) => c.kind)).not.toContain('hourly');
      expect(errorOf(await decide(middle, offered.id, 'accept'), 403).code).toBe('agents.kind_disabled');
      // Ending is always allowed: an operator switching a kind off must not trap anyone in an offer.
      expect(contractOf(await decide(middle, offered.id, 'reject'), 200).status).toBe('rejected');
    } finally {
      await system.updateSetting('agents', settings, 'test');
    }
    expect((await overview(top, 'hourly')).statusCode).toBe(200);
  });
});
