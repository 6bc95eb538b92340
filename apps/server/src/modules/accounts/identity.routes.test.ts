import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf, formatCpf, latestOldEnoughBirthday, todayIn } from '@app/contracts';
import { bearer, loginAs, newMember, randomClientIp } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';

/** A valid CPF no other test in this database uses (a random 9-digit base, never a repdigit). */
const newCpf = () => completeCpf(String(randomInt(100_000_000, 999_999_999)));
const masked = (cpf: string) => `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;

describe('member identity (name, CPF, birthday)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function loggedIn(change: { payee_name?: string | null; cpf?: string | null; birthday?: string | null; email?: string | null } = {}) {
    const member = await newMember(ctx.core);
    if (Object.keys(change).length > 0) await ctx.core.db.updateTable('accounts_member').set(change).where('account', '=', member.account).execute();
    return { ...member, token: await loginAs(ctx.app, member) };
  }
  const getIdentity = (token?: string) => ctx.app.inject({ method: 'GET', url: '/api/member/identity', headers: token ? bearer(token) : {} });
  const putIdentity = (token: string | undefined, payload: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/member/identity', headers: token ? bearer(token) : {}, payload: payload as object });
  const row = (account: string) =>
    ctx.core.db.selectFrom('accounts_member').select(['payee_name', 'cpf', 'birthday', 'updated_at']).where('account', '=', account).executeTakeFirstOrThrow();
  const fieldsOf = (body: { error: { details?: { fields?: { path: string; messageKey?: string }[] } } }) =>
    (body.error.details?.fields ?? []).map((field) => `${field.path}:${field.messageKey ?? ''}`);
  const today = () => todayIn('America/Sao_Paulo', new Date());

  it('starts empty, saves a normalised name and the CPF digits, answers the CPF masked, then locks', async () => {
    const member = await loggedIn();
    expect((await getIdentity(member.token)).json()).toEqual({ payeeName: null, cpf: null, birthday: null, complete: false, locked: false, ageVerified: false });

    const cpf = newCpf();
    const saved = await putIdentity(member.token, { payeeName: '  José   da\u00a0Silva ', cpf: formatCpf(cpf), birthday: '1990-05-17' });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { payeeName: 'José da Silva', cpf: masked(cpf), birthday: '1990-05-17', complete: true, locked: true, ageVerified: true };
    expect(saved.json()).toEqual(expected);
    expect((await getIdentity(member.token)).json()).toEqual(expected);
    const stored = await row(member.account);
    expect({ payee_name: stored.payee_name, cpf: stored.cpf }).toEqual({ payee_name: 'José da Silva', cpf });
    // What the payments module reads before a deposit or withdrawal.
    const found = await ctx.core.modules.accounts.api.directory.findMemberByAccount(member.account);
    expect(await ctx.core.modules.accounts.api.identityOf(found!.id)).toMatchObject({ payeeName: 'José da Silva', cpf });

    for (const change of [{ payeeName: 'Outro Nome', cpf: formatCpf(newCpf()) }, { payeeName: 'José da Silva', cpf }]) {
      const again = await putIdentity(member.token, change);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('accounts.identity_locked');
    }
    expect(await row(member.account)).toEqual(stored);
  });

  it('locks a member who registered with both, and lets one with only a CPF finish with it', async () => {
    const cpf = newCpf();
    const registered = await loggedIn({ payee_name: 'Maria Souza', cpf });
    expect((await getIdentity(registered.token)).json()).toMatchObject({ payeeName: 'Maria Souza', cpf: masked(cpf), complete: true, locked: true });
    expect((await putIdentity(registered.token, { payeeName: 'Maria Souza', cpf: newCpf() })).json().error.code).toBe('accounts.identity_locked');

    const ownCpf = newCpf();
    const partial = await loggedIn({ cpf: ownCpf });
    expect((await getIdentity(partial.token)).json()).toMatchObject({ payeeName: null, cpf: masked(ownCpf), complete: false, locked: false });
    const saved = await putIdentity(partial.token, { payeeName: 'Ana Lima', cpf: ownCpf });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ complete: true, locked: true });
  });

  it('keeps a birthday already on file', async () => {
    const member = await loggedIn({ birthday: '1980-01-31' });
    expect((await getIdentity(member.token)).json().birthday).toBe('1980-01-31');
    const saved = await putIdentity(member.token, { payeeName: 'Pedro Alves', cpf: newCpf(), birthday: '1999-12-12' });
    expect(saved.json().birthday).toBe('1980-01-31');
    expect((await getIdentity(member.token)).json().birthday).toBe('1980-01-31');
  });

  it('refuses a CPF another account has, saves nothing, and tells the holder', async () => {
    const cpf = newCpf();
    const holderEmail = `holder-${cpf}@example.com`;
    await loggedIn({ cpf, email: holderEmail });
    const member = await loggedIn();
    const taken = await putIdentity(member.token, { payeeName: 'Carla Dias', cpf: formatCpf(cpf) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('accounts.cpf_taken');
    expect(fieldsOf(taken.json())).toEqual(['body.cpf:cpf_taken']);
    expect(await row(member.account)).toMatchObject({ payee_name: null, cpf: null });
    // Whoever tries someone else's CPF, the holder learns of it (as with a registration).
    const mail = await ctx.core.db.selectFrom('accounts_email_outbox').select('body').where('email', '=', holderEmail).execute();
    expect(mail).toHaveLength(1);
  });

  it('lets only one of two members racing for one CPF have it, and one save of a member win', async () => {
    const cpf = newCpf();
    const [first, second] = await Promise.all([loggedIn(), loggedIn()]);
    const answers = await Promise.all([putIdentity(first.token, { payeeName: 'Rui Costa', cpf }), putIdentity(second.token, { payeeName: 'Rita Costa', cpf })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().error.code).toBe('accounts.cpf_taken');

    const member = await loggedIn();
    const saves = await Promise.all([putIdentity(member.token, { payeeName: 'Caio Prado', cpf: newCpf() }), putIdentity(member.token, { payeeName: 'Caio Prado', cpf: newCpf() })]);
    expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 409]);
    expect(saves.find((save) => save.statusCode === 409)?.json().error.code).toBe('accounts.identity_locked');
  });

  it('refuses invalid CPFs, repdigits, one-word and malformed names with field messages', async () => {
    const member = await loggedIn();
    const cases: [unknown, string[]][] = [
      [{ payeeName: 'Luana Reis', cpf: '529.982.247-24' }, ['body.cpf:reg_pattern_22']],
      [{ payeeName: 'Luana Reis', cpf: '111.111.111-11' }, ['body.cpf:reg_pattern_22']],
      [{ payeeName: 'Luana Reis', cpf: '00000000000' }, ['body.cpf:reg_pattern_22']],
      [{ payeeName: 'Luana', cpf: formatCpf(newCpf()) }, ['body.payeeName:reg_pattern_19']],
      [{ payeeName: 'Luana R2D2', cpf: formatCpf(newCpf()) }, ['body.payeeName:reg_pattern_19']],
      [{ payeeName: '', cpf: '' }, ['body.payeeName:required', 'body.cpf:required']],
      [{ payeeName: 'Luana Reis', cpf: formatCpf(newCpf()), birthday: '1990-02-30' }, ['body.birthday:reg_pattern_11']],
    ];
    for (const [payload, fields] of cases) {
      const response = await putIdentity(member.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
      expect(fieldsOf(response.json()), JSON.stringify(payload)).toEqual(fields);
    }
    expect(await row(member.account)).toMatchObject({ payee_name: null, cpf: null, birthday: null });
  });

  it('answers hostile values with 400, never 500, and changes nothing', async () => {
    const member = await loggedIn();
    const before = await row(member.account);
    const cpf = formatCpf(newCpf());
    const payloads: unknown[] = [
      { payeeName: 'a'.repeat(10_000), cpf },
      { payeeName: 'Ana Souza', cpf: '1'.repeat(10_000) },
      { payeeName: 'Ana Souza', cpf, birthday: '1'.repeat(10_000) },
      { payeeName: '<script>alert(1)</script> Souza', cpf },
      { payeeName: '<b>Ana</b> <i>Souza</i>', cpf },
      { payeeName: "Robert'); DROP TABLE accounts_member;--", cpf },
      { payeeName: "Ana' OR '1'='1", cpf },
      { payeeName: 'Ana Souza', cpf: "' OR 1=1 --" },
      { payeeName: 'Ana Souza', cpf, birthday: "1990-01-01' --" },
      { payeeName: 'Ana\u0000 Souza', cpf },
      { payeeName: '\u202eAna Souza', cpf },
      { payeeName: 'Ana\u200b Souza', cpf },
      { payeeName: 'Анна Соуза', cpf },
      { payeeName: 12345, cpf: 52998224725 },
      { payeeName: 'Ana Souza', cpf: 52998224725 },
      { payeeName: 'Ana Souza', cpf, birthday: 19900101 },
      { payeeName: null, cpf: null },
      { payeeName: ['Ana', 'Souza'], cpf },
      { payeeName: { $ne: null }, cpf },
      { payeeName: 'Ana Souza' },
      {},
      [],
    ];
    for (const payload of payloads) {
      const response = await putIdentity(member.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    for (const raw of ['{"payeeName": "Ana Souza", "cpf": ', 'not json', '{"payeeName":"Ana Souza","cpf":"529.982.247-25"}}']) {
      const response = await ctx.app.inject({ method: 'PUT', url: '/api/member/identity', headers: { ...bearer(member.token), 'content-type': 'application/json' }, payload: raw });
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().error.code, raw).toBe('request.malformed');
    }
    expect(await row(member.account)).toEqual(before);
  });

  it('refuses a birthday under 18 (and in the future), and accepts the 18th birthday itself', async () => {
    const member = await loggedIn();
    const eighteenToday = latestOldEnoughBirthday(today());
    const dayAfter = new Date(`${eighteenToday}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    for (const birthday of [dayAfter.toISOString().slice(0, 10), '2099-01-01', today()]) {
      const response = await putIdentity(member.token, { payeeName: 'Lucas Neves', cpf: newCpf(), birthday });
      expect(response.statusCode, birthday).toBe(400);
      expect(response.json().error.code).toBe('accounts.underage');
    }
    expect(await row(member.account)).toMatchObject({ payee_name: null, cpf: null, birthday: null });
    const adult = await putIdentity(member.token, { payeeName: 'Lucas Neves', cpf: newCpf(), birthday: eighteenToday });
    expect(adult.statusCode, adult.body).toBe(200);
    expect(adult.json().birthday).toBe(eighteenToday);
  });

  it('refuses trial accounts and visitors', async () => {
    const trial = await ctx.app.inject({ method: 'POST', url: '/api/session/trial', remoteAddress: randomClientIp() });
    const trialToken = trial.json().token as string;
    for (const response of [await getIdentity(trialToken), await putIdentity(trialToken, { payeeName: 'Teste Grátis', cpf: newCpf() })]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('auth.trial_refused');
    }
    for (const response of [await getIdentity(), await putIdentity(undefined, { payeeName: 'Sem Login', cpf: newCpf() }), await getIdentity('not-a-token')]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('auth.required');
    }
  });
});
