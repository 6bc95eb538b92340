import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferralOverviewSchema, type ReferralRulesInput } from '@app/contracts';
import { answeredCaptcha, bearer, loginAs, newMember, newOperatorSession, newPlayer, randomClientIp, solveBotCheck, TEST_CAPTCHA, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { abuseReasons } from './referral.abuse.ts';

/**
 * The member referral programme against real PostgreSQL: codes beside agents' codes at registration,
 * thresholds, one reward per referee under replays and concurrent passes, the cap under concurrency,
 * the abuse flags and the operator's release and reject. Deposits and valid bet are written straight
 * into the payments' and agents' tables, as their own modules would (like the VIP tests).
 */
let ctx: TestContext;
let owner: string;

const RULES: ReferralRulesInput = {
  enabled: true,
  minFirstDeposit: '10.00',
  minValidBet: '50.00',
  rewardAmount: '5.00',
  rewardType: 'cash',
  wageringMultiple: 0,
  bonusValidDays: 30,
  maxReferees: null,
  maxAmount: null,
  windowDays: null,
};
const putRules = (rules: ReferralRulesInput) => ctx.app.inject({ method: 'PUT', url: '/api/backoffice/referral/rules', headers: bearer(owner), payload: rules });
const api = () => ctx.core.modules.referral.api;

async function register(referralCode: string | undefined, ip = randomClientIp(), userAgent = `agent-${randomBytes(4).toString('hex')}`) {
  const username = `r${randomBytes(5).toString('hex')}`;
  const payload = {
    method: 'username',
    fields: { username, password: 'correct horse battery', confirmPassword: 'correct horse battery' },
    captcha: await answeredCaptcha(ctx.app),
    botCheck: await solveBotCheck(ctx.app),
    agreeTerms: true,
    ...(referralCode === undefined ? {} : { referralCode }),
  };
  const response = await ctx.app.inject({ method: 'POST', url: '/api/member/register', payload, remoteAddress: ip, headers: { 'user-agent': userAgent } });
  const member = await ctx.core.db.selectFrom('accounts_member').select(['id', 'upline_member_id']).where('account', '=', username).executeTakeFirst();
  return { response, member, username };
}

async function deposit(memberId: bigint, amount: bigint) {
  const txid = randomBytes(15).toString('hex');
  await sql`insert into payments_deposit (member_id, request_id, amount, status, provider, txid, br_code, expires_at, credited_at)
    values (${memberId}, ${`req${txid.slice(0, 20)}`}, ${amount}, 'credited', 'test', ${txid}, 'x', now() + interval '1 hour', now())`.execute(ctx.core.db);
}
async function play(memberId: bigint, validBet: bigint) {
  await sql`insert into agents_member_day as d (day, member_id, bets, stake, payout, valid_bet) values (current_date, ${memberId}, 1, ${validBet}, 0, ${validBet})
    on conflict (day, member_id) do update set valid_bet = d.valid_bet + excluded.valid_bet`.execute(ctx.core.db);
}
const statusOf = async (refereeId: bigint) => (await ctx.core.db.selectFrom('referral_referee').select(['status', 'flag_reasons']).where('referee_id', '=', refereeId).executeTakeFirst()) ?? null;
const postings = async (refereeId: bigint) =>
  Number((await sql<{ n: string }>`select count(*) as n from wallet_journal where idempotency_key = ${`referral-reward-${refereeId}`}`.execute(ctx.core.db)).rows[0]!.n);
const rewards = async (referrerId: bigint) => (await ctx.core.db.selectFrom('referral_reward').select(['referee_id', 'amount']).where('referrer_id', '=', referrerId).execute());

/** A referrer and a referee registered from its code, from another address and browser. */
async function referred(referrer?: TestPlayer) {
  const who = referrer ?? (await newPlayer(ctx.core));
  const code = await api().codeOf(who.id);
  const { response, member } = await register(code);
  expect(response.statusCode, response.body).toBe(200);
  return { referrer: who, refereeId: member!.id };
}
async function qualify(refereeId: bigint) {
  await deposit(refereeId, 1_000n);
  await play(refereeId, 5_000n);
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { CAPTCHA_FIXED_ANSWER: TEST_CAPTCHA } });
  owner = await newOperatorSession(ctx.core, ctx.app, 'owner');
  await ctx.core.modules.system.api.updateSetting('registration', { fields: [], captchaRequired: true, affiliateValidation: false, confirm21: false }, 'test');
  const saved = await putRules(RULES);
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => ctx.close());

describe('rules', () => {
  it('refuses bad rules with a clear error and keeps the version in force; each save is audited', async () => {
    const before = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/referral/rules', headers: bearer(owner) });
    const version = before.json().rules.version;
    const bad = [
      { ...RULES, rewardAmount: '0.00' },
      { ...RULES, minFirstDeposit: '-1.00' },
      { ...RULES, minValidBet: '1'.repeat(200) },
      { ...RULES, rewardType: 'crypto' },
      { ...RULES, maxReferees: 0 },
      { ...RULES, windowDays: 1.5 },
      { ...RULES, extra: '<script>' },
      {},
    ];
    for (const body of bad) {
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/backoffice/referral/rules', headers: bearer(owner), payload: body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    const after = await ctx.app.inject({ method: 'GET', url: '/api/backoffice/referral/rules', headers: bearer(owner) });
    expect(after.json().rules.version).toBe(version);
    const audit = await sql<{ n: string }>`select count(*) as n from backoffice_audit where action = 'referral.rules.changed'`.execute(ctx.core.db);
    expect(Number(audit.rows[0]!.n)).toBeGreaterThanOrEqual(1);
  });
});

describe('programme off and window', () => {
  it('records no referee while the programme is off, and pays nothing then', async () => {
    const { refereeId } = await referred();
    await qualify(refereeId);
    expect((await putRules({ ...RULES, enabled: false })).statusCode).toBe(200);
    try {
      const referrer = await newPlayer(ctx.core);
      const { member } = await register(await api().codeOf(referrer.id));
      expect(await statusOf(member!.id)).toBeNull();
      expect(await api().qualifyPass()).toEqual({ paid: 0, flagged: 0, capped: 0, expired: 0 });
      expect(await statusOf(refereeId)).toMatchObject({ status: 'pending' });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/referral/state' })).json()).toEqual({ enabled: false });
    } finally {
      await putRules(RULES);
    }
    await api().qualifyPass();
    expect(await statusOf(refereeId)).toMatchObject({ status: 'paid' });
  });

  it('keeps the referee of a locked referrer pending, and pays once the account is active again', async () => {
    const { referrer, refereeId } = await referred();
    await qualify(refereeId);
    await ctx.core.db.updateTable('accounts_member').set({ status: 'locked' }).where('id', '=', referrer.id).execute();
    await api().qualifyPass();
    expect(await statusOf(refereeId)).toMatchObject({ status: 'pending' });
    await ctx.core.db.updateTable('accounts_member').set({ status: 'active' }).where('id', '=', referrer.id).execute();
    await api().qualifyPass();
    expect(await statusOf(refereeId)).toMatchObject({ status: 'paid' });
    expect(await postings(refereeId)).toBe(1);
  });

  it('expires a referee who did not qualify within the window', async () => {
    const { refereeId } = await referred();
    await sql`update referral_referee set registered_at = now() - interval '3 days' where referee_id = ${refereeId}`.execute(ctx.core.db);
    expect((await putRules({ ...RULES, windowDays: 2 })).statusCode).toBe(200);
    try {
      await qualify(refereeId);
      await api().qualifyPass();
      expect(await statusOf(refereeId)).toMatchObject({ status: 'expired' });
      expect(await postings(refereeId)).toBe(0);
    } finally {
      await putRules(RULES);
    }
  });
});

describe('codes at registration', () => {
  it('a member code makes a referee (no upline); an agent code still makes an upline', async () => {
    const { referrer, refereeId } = await referred();
    expect(await statusOf(refereeId)).toMatchObject({ status: 'pending' });
    const row = await ctx.core.db.selectFrom('accounts_member').select('upline_member_id').where('id', '=', refereeId).executeTakeFirstOrThrow();
    expect(row.upline_member_id).toBeNull();
    expect(await api().codeOf(referrer.id)).toMatch(/^R-[A-HJ-NP-Z2-9]{8}$/);

    const agent = await newMember(ctx.core, { type: 1 });
    await ctx.core.db.updateTable('accounts_member').set({ referral_code: 'AGT26C' }).where('account', '=', agent.account).execute();
    const viaAgent = await register('agt26c');
    expect(viaAgent.response.statusCode).toBe(200);
    const agentRow = await ctx.core.db.selectFrom('accounts_member').select('id').where('account', '=', agent.account).executeTakeFirstOrThrow();
    expect(viaAgent.member!.upline_member_id).toBe(agentRow.id);
    expect(await statusOf(viaAgent.member!.id)).toBeNull();
  });

  it('hostile or oversized codes never fail with 500 and record nothing', async () => {
    const referrer = await newPlayer(ctx.core);
    const code = await api().codeOf(referrer.id);
    for (const hostile of ["R-' or 1=1 --", '<script>x</script>', 'R-AAAAAAAA', code.toLowerCase() + 'x', '   ', '\u0000R-', 'R-' + 'A'.repeat(30)]) {
      const { response, member } = await register(hostile);
      // Registered without a referrer, or refused with the form's clear error (a NUL byte): never a 500.
      expect([200, 400], `${hostile}: ${response.body}`).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(member, hostile).toBeUndefined();
        continue;
      }
      expect(await statusOf(member!.id), hostile).toBeNull();
      expect(member!.upline_member_id).toBeNull();
    }
    const oversized = await register('R-' + 'B'.repeat(200));
    expect(oversized.response.statusCode).toBe(400);
    expect(oversized.member).toBeUndefined();
    // Lower case and spaces around a real code still find it.
    const lower = await register(`  ${code.toLowerCase()} `);
    expect(await statusOf(lower.member!.id)).toMatchObject({ status: 'pending' });
  });

  it('GET /api/referral answers the code, link, QR and masked referees', async () => {
    const { referrer } = await referred();
    const token = await loginAs(ctx.app, referrer);
    const page = ReferralOverviewSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/referral', headers: bearer(token) })).json());
    expect(page.link).toContain(`/register?referralCode=${page.code}`);
    expect(page.counters.invited).toBe(1);
    expect(page.referees[0]!.account).toContain('***');
    const qr = await ctx.app.inject({ method: 'GET', url: page.qrUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.body).toContain('<svg');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/referral/state' })).json()).toEqual({ enabled: true });
  });
});

describe('qualification', () => {
  it('pays nothing before both thresholds are met', async () => {
    const onlyDeposit = await referred();
    await deposit(onlyDeposit.refereeId, 5_000n);
    await play(onlyDeposit.refereeId, 4_999n);
    const smallFirst = await referred();
    await deposit(smallFirst.refereeId, 999n);
    await deposit(smallFirst.refereeId, 10_000n);
    await play(smallFirst.refereeId, 9_000n);
    await api().qualifyPass();
    expect(await statusOf(onlyDeposit.refereeId)).toMatchObject({ status: 'pending' });
    expect(await statusOf(smallFirst.refereeId)).toMatchObject({ status: 'pending' });
    await play(onlyDeposit.refereeId, 1n);
    await api().qualifyPass();
    expect(await statusOf(onlyDeposit.refereeId)).toMatchObject({ status: 'paid' });
    expect(await postings(onlyDeposit.refereeId)).toBe(1);
  });

  it('pays exactly once per referee under replays and concurrent passes', async () => {
    const pairs = await Promise.all(Array.from({ length: 6 }, () => referred()));
    for (const pair of pairs) await qualify(pair.refereeId);
    const before = await Promise.all(pairs.map((pair) => ctx.core.modules.wallet.api.cashOf(pair.referrer.id)));
    await Promise.all(Array.from({ length: 8 }, () => api().qualifyPass()));
    await api().qualifyPass();
    for (const [index, pair] of pairs.entries()) {
      expect(await statusOf(pair.refereeId)).toMatchObject({ status: 'paid' });
      expect(await postings(pair.refereeId)).toBe(1);
      expect(await rewards(pair.referrer.id)).toHaveLength(1);
      expect(await ctx.core.modules.wallet.api.cashOf(pair.referrer.id)).toBe(before[index]! + 500n);
    }
  });

  it('respects the cap per referrer under concurrency', async () => {
    expect((await putRules({ ...RULES, maxReferees: 2 })).statusCode).toBe(200);
    try {
      const referrer = await newPlayer(ctx.core);
      const referees = [];
      for (let i = 0; i < 5; i++) referees.push((await referred(referrer)).refereeId);
      for (const id of referees) await qualify(id);
      await Promise.all(Array.from({ length: 6 }, () => api().qualifyPass()));
      expect(await rewards(referrer.id)).toHaveLength(2);
      const statuses = await Promise.all(referees.map(async (id) => (await statusOf(id))!.status));
      expect(statuses.filter((status) => status === 'paid')).toHaveLength(2);
      expect(statuses.filter((status) => status === 'capped')).toHaveLength(3);
    } finally {
      await putRules(RULES);
    }
  });

  it('grants bonus money once when the reward type is bonus', async () => {
    expect((await putRules({ ...RULES, rewardType: 'bonus', wageringMultiple: 3 })).statusCode).toBe(200);
    try {
      const { referrer, refereeId } = await referred();
      await qualify(refereeId);
      await Promise.all([api().qualifyPass(), api().qualifyPass(), api().qualifyPass()]);
      const grants = await sql<{ amount: bigint }>`select amount from bonus_grant where member_id = ${referrer.id} and key = ${`referral-reward-${refereeId}`}`.execute(ctx.core.db);
      expect(grants.rows).toHaveLength(1);
      expect(BigInt(grants.rows[0]!.amount)).toBe(500n);
    } finally {
      await putRules(RULES);
    }
  });
});

describe('abuse checks and review', () => {
  it('flags the same address and the same device, pays nothing, and the operator releases once or rejects', async () => {
    const referrer = await newPlayer(ctx.core);
    const code = await api().codeOf(referrer.id);
    await loginAs(ctx.app, referrer); // a session from 127.0.0.1 with light-my-request's browser string
    const sameIp = await register(code, '127.0.0.1');
    const sameDevice = await register(code, randomClientIp(), 'lightMyRequest');
    for (const { member } of [sameIp, sameDevice]) await qualify(member!.id);
    await Promise.all([api().qualifyPass(), api().qualifyPass()]);
    expect(await statusOf(sameIp.member!.id)).toMatchObject({ status: 'flagged', flag_reasons: expect.arrayContaining(['same_ip']) });
    expect((await statusOf(sameDevice.member!.id))!.flag_reasons).toContain('same_device');
    expect(await rewards(referrer.id)).toHaveLength(0);

    const queue = (await ctx.app.inject({ method: 'GET', url: `/api/backoffice/referral/referrals?status=flagged&referrer=${referrer.account}`, headers: bearer(owner) })).json();
    expect(queue.total).toBe(2);
    const release = () => ctx.app.inject({ method: 'POST', url: `/api/backoffice/referral/referrals/${sameIp.member!.id}/release`, headers: bearer(owner) });
    const answers = await Promise.all([release(), release(), release()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await postings(sameIp.member!.id)).toBe(1);
    const reject = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/referral/referrals/${sameDevice.member!.id}/reject`, headers: bearer(owner) });
    expect(reject.json()).toEqual({ status: 'rejected' });
    await api().qualifyPass();
    expect(await postings(sameDevice.member!.id)).toBe(0);
    expect(await rewards(referrer.id)).toHaveLength(1);
    const audit = await sql<{ action: string }>`select action from backoffice_audit where target_type = 'referral_referee' and target_id in (${String(sameIp.member!.id)}, ${String(sameDevice.member!.id)}) order by action`.execute(ctx.core.db);
    expect(audit.rows.map((row) => row.action)).toEqual(['referral.rejected', 'referral.released']);
  });

  it('a bad referee id is a clear error, not a 500', async () => {
    for (const id of ['0', 'abc', '99999999999', '1'.repeat(40)]) {
      const response = await ctx.app.inject({ method: 'POST', url: `/api/backoffice/referral/referrals/${id}/release`, headers: bearer(owner) });
      expect([400, 404], id).toContain(response.statusCode);
    }
  });

  it('same CPF flags (accounts keep CPFs unique, so the rule is checked on its own)', () => {
    const none = { cpf: null, ips: [], userAgents: [] };
    expect(abuseReasons({ referrer: { ...none, cpf: '52998224725' }, referee: { ...none, cpf: '52998224725' } })).toEqual(['same_cpf']);
    expect(abuseReasons({ referrer: none, referee: none })).toEqual([]);
    expect(abuseReasons({ referrer: { cpf: '1', ips: ['a'], userAgents: ['x'] }, referee: { cpf: '2', ips: ['b', 'a'], userAgents: ['x'] } })).toEqual(['same_device', 'same_ip']);
  });
});
