import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeCpf, MemberDetailSchema, MemberSearchPageSchema } from '@app/contracts';
import { bearer, newOperator, newPlayer, type TestOperator, type TestPlayer } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { planSearch } from './members.admin-search.ts';
import { searchHitsQuery } from './members.admin-repository.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('back office: members', () => {
  let ctx: TestContext;
  const ops = {} as Record<'owner' | 'risk' | 'support' | 'finance' | 'content', TestOperator>;

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const role of ['owner', 'risk', 'support', 'finance', 'content'] as const) ops[role] = await newOperator(ctx.core, ctx.app, role);
  });
  afterAll(async () => ctx.close());

  const call = (operator: TestOperator | undefined, method: Method, url: string, payload?: unknown, remoteAddress?: string) =>
    ctx.app.inject({ method, url, headers: operator ? bearer(operator.token) : {}, ...(payload === undefined ? {} : { payload: payload as object }), ...(remoteAddress ? { remoteAddress } : {}) });

  const search = async (q: string, operator = ops.support) => {
    const response = await call(operator, 'GET', `/api/backoffice/members?q=${encodeURIComponent(q)}`);
    expect(response.statusCode, response.body).toBe(200);
    return MemberSearchPageSchema.parse(response.json());
  };

  const memberLogin = (player: { account: string; password: string }, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/session/login', payload: { username: player.account, password: player.password, type: 'username' }, remoteAddress });

  /** A member with contacts on file, logged in once from `ip`. */
  async function profiledMember(options: { upline?: string; ip?: string } = {}) {
    const player = await newPlayer(ctx.core, { upline: options.upline });
    const ip = options.ip ?? `198.18.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    const login = await memberLogin(player, ip);
    expect(login.statusCode, login.body).toBe(200);
    const cpf = completeCpf(String(randomInt(100_000_000, 999_999_999)));
    const mobile = `+5511${randomInt(900_000_000, 999_999_999)}`;
    const email = `${player.account}@exemplo.com.br`;
    // Contacts after the login: with a mobile on file, a login from a new address asks for an SMS code.
    await sql`update accounts_member set cpf = ${cpf}, mobile = ${mobile}, email = ${email}, payee_name = ${'Maria da Silva'}, registration_ip = ${'203.0.113.9'} where id = ${player.id}`.execute(ctx.core.db);
    return { ...player, cpf, mobile, email, ip, token: login.json().token as string };
  }

  describe('search', () => {
    let member: Awaited<ReturnType<typeof profiledMember>>;
    beforeAll(async () => {
      member = await profiledMember({ ip: '10.77.3.21' });
    });

    it('finds by account, exact or by prefix, whatever the case', async () => {
      const exact = await search(member.account.toUpperCase());
      expect(exact.content.map((row) => row.id)).toEqual([member.id.toString()]);
      expect(exact.content[0]).toMatchObject({ account: member.account, status: 'active' });
      // The e-mail on file starts with the account name, so it matches too.
      expect(exact.content[0]!.matchedBy).toEqual(['account', 'email']);
      const prefix = await search(member.account.slice(0, 8));
      expect(prefix.content.map((row) => row.account)).toContain(member.account);
    });

    it('finds by CPF with or without punctuation; support sees it masked, risk in full', async () => {
      const punctuated = `${member.cpf.slice(0, 3)}.${member.cpf.slice(3, 6)}.${member.cpf.slice(6, 9)}-${member.cpf.slice(9)}`;
      for (const q of [member.cpf, punctuated]) {
        const page = await search(q);
        expect(page.content.map((row) => row.id)).toEqual([member.id.toString()]);
        expect(page.content[0]!.matchedBy).toContain('cpf');
        expect(page.content[0]!.cpf).toBe(`***.${member.cpf.slice(3, 6)}.${member.cpf.slice(6, 9)}-**`);
        expect(page.content[0]!.email).toMatch(/^\w{2}\*\*\*@exemplo\.com\.br$/);
      }
      const full = await search(member.cpf, ops.risk);
      expect(full.content[0]!.cpf).toBe(punctuated);
      expect(full.content[0]!.mobile).toBe(member.mobile);
    });

    it('finds by mobile typed with or without +55 and punctuation', async () => {
      const local = member.mobile.slice(3);
      for (const q of [member.mobile, local, `(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`, `+55 ${local.slice(0, 2)} ${local.slice(2)}`]) {
        const page = await search(q);
        expect(page.content.map((row) => row.id), q).toContain(member.id.toString());
        expect(page.content.find((row) => row.id === member.id.toString())!.matchedBy, q).toContain('mobile');
      }
    });

    it('finds by e-mail, exact or prefix', async () => {
      expect((await search(member.email.toUpperCase())).content.map((row) => row.id)).toEqual([member.id.toString()]);
      expect((await search(member.email.slice(0, 12))).content.map((row) => row.id)).toContain(member.id.toString());
    });

    it('finds by login address (exact, CIDR, leading octets) and registration address', async () => {
      for (const q of ['10.77.3.21', '10.77.3.0/24', '10.77.', '10.77.3']) {
        const page = await search(q);
        expect(page.content.map((row) => row.id), q).toContain(member.id.toString());
        expect(page.content.find((row) => row.id === member.id.toString())!.matchedBy, q).toEqual(['ip']);
      }
      expect((await search('10.77.4.0/24')).content.map((row) => row.id)).not.toContain(member.id.toString());
      expect((await search('203.0.113.9')).content.map((row) => row.id)).toContain(member.id.toString());
    });

    it('takes hostile text literally and answers nothing rather than everything', async () => {
      for (const q of ['%', '_', '%%%', '\\', "' or 1=1 --", '"; drop table accounts_member; --', '<script>alert(1)</script>', 'a\u202eb', '🎰🎰🎰', '999.999.999.999', '10.0.0.0/99', '::1/200']) {
        const page = await search(q);
        expect(page.total, q).toBe(0);
        expect(page.truncated).toBe(false);
      }
    });

    it('refuses empty, oversized and malformed queries with 400', async () => {
      for (const url of ['/api/backoffice/members', '/api/backoffice/members?q=', '/api/backoffice/members?q=%20%20', `/api/backoffice/members?q=${'a'.repeat(101)}`, '/api/backoffice/members?q=%00abc', '/api/backoffice/members?q=abc&pageSize=0', '/api/backoffice/members?q=abc&pageSize=1000', '/api/backoffice/members?q=abc&pageNo=-1', '/api/backoffice/members?q=abc&pageNo=x']) {
        const response = await call(ops.support, 'GET', url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.code).toBe('validation.failed');
      }
    });

    it('pages by account name and counts every match', async () => {
      const prefix = `pg${randomBytes(3).toString('hex')}`;
      for (let index = 0; index < 5; index += 1) await ctx.core.modules.accounts.api.ensureMember({ account: `${prefix}${index}`, nickname: 'x', type: 0, password: 'Pw-not-used-1' });
      const first = await call(ops.support, 'GET', `/api/backoffice/members?q=${prefix}&pageSize=2`);
      expect(first.json()).toMatchObject({ total: 5, truncated: false });
      expect(first.json().content.map((row: { account: string }) => row.account)).toEqual([`${prefix}0`, `${prefix}1`]);
      const third = await call(ops.support, 'GET', `/api/backoffice/members?q=${prefix}&pageSize=2&pageNo=3`);
      expect(third.json().content.map((row: { account: string }) => row.account)).toEqual([`${prefix}4`]);
    });

    it('plans only index look-ups: no sequential scan of members, known addresses or logins', async () => {
      for (const q of ['someaccount', 'joao@exemplo', '529.982.247-25', '(11) 96123-4567', '10.1.', '2001:db8::/32']) {
        const query = searchHitsQuery(planSearch(q))!;
        const plan = await ctx.core.db.transaction().execute(async (tx) => {
          await sql`set local enable_seqscan = off`.execute(tx);
          return (await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(tx)).rows.map((row) => row['QUERY PLAN']).join('\n');
        });
        expect(plan, q).not.toMatch(/Seq Scan on (accounts_member|accounts_known_ip)/);
      }
    });

    it('is for operators with members.read', async () => {
      expect((await call(undefined, 'GET', '/api/backoffice/members?q=abc')).statusCode).toBe(401);
      const content = await call(ops.content, 'GET', '/api/backoffice/members?q=abc');
      expect(content.statusCode).toBe(403);
      expect(content.json().error.code).toBe('backoffice.forbidden');
      // A member's session is not an operator's.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/members?q=abc', headers: bearer(member.token) })).statusCode).toBe(401);
    });
  });

  describe('member page', () => {
    it('shows profile, upline chain, sessions, logins, addresses and notes', async () => {
      const top = await newPlayer(ctx.core, { type: 1 });
      const agent = await newPlayer(ctx.core, { type: 1, upline: top.account });
      const member = await profiledMember({ upline: agent.account, ip: '198.51.100.44' });
      await call(ops.support, 'POST', `/api/backoffice/members/${member.id}/notes`, { body: 'Ligou pedindo ajuda com PIX' });
      const response = await call(ops.support, 'GET', `/api/backoffice/members/${member.id}`);
      expect(response.statusCode, response.body).toBe(200);
      const detail = MemberDetailSchema.parse(response.json());
      expect(detail).toMatchObject({
        id: member.id.toString(),
        account: member.account,
        name: 'Maria da Silva',
        type: 0,
        status: 'active',
        piiMasked: true,
        cpf: `***.${member.cpf.slice(3, 6)}.${member.cpf.slice(6, 9)}-**`,
        registrationIp: '203.0.113.9',
        mustChangePassword: false,
        directDownlines: 0,
      });
      expect(detail.upline.map((row) => row.account)).toEqual([agent.account, top.account]);
      expect(detail.sessions).toHaveLength(1);
      expect(detail.sessions[0]!.ip).toBe('198.51.100.44');
      expect(detail.logins[0]).toMatchObject({ ip: '198.51.100.44' });
      expect(detail.knownIps.map((row) => row.ip)).toEqual(['198.51.100.44']);
      expect(detail.notes).toMatchObject([{ body: 'Ligou pedindo ajuda com PIX', operator: { username: ops.support.username } }]);

      const agentPage = MemberDetailSchema.parse((await call(ops.risk, 'GET', `/api/backoffice/members/${agent.id}`)).json());
      expect(agentPage).toMatchObject({ directDownlines: 1, piiMasked: false });
      expect(agentPage.upline.map((row) => row.account)).toEqual([top.account]);
    });

    it('answers 400 for ids that are not ids and 404 for unknown members', async () => {
      for (const id of ['abc', '0', '-1', '1e3', '1.5', '12345678901234567890', '%27%20or%201%3D1']) {
        const response = await call(ops.support, 'GET', `/api/backoffice/members/${id}`);
        expect(response.statusCode, id).toBe(400);
      }
      const unknown = await call(ops.support, 'GET', '/api/backoffice/members/999999999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('members.not_found');
    });
  });

  describe('lock and unlock', () => {
    it('locks: the member is logged out and cannot log in; audited with before and after; unlock restores', async () => {
      const member = await profiledMember();
      const reason = 'Suspeita de fraude <b>multi-conta</b>';
      const locked = await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/lock`, { reason });
      expect(locked.statusCode, locked.body).toBe(200);
      expect(locked.json()).toEqual({ id: member.id.toString(), status: 'locked', sessionsEnded: 1 });

      const info = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(member.token) });
      expect(info.statusCode).toBe(401);
      const login = await memberLogin(member, member.ip);
      expect(login.statusCode).toBe(403);
      expect(login.json().error.code).toBe('auth.account_locked');

      const page = MemberDetailSchema.parse((await call(ops.support, 'GET', `/api/backoffice/members/${member.id}`)).json());
      expect(page).toMatchObject({ status: 'locked', statusReason: reason, sessions: [] });

      const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('target_type', '=', 'member').where('target_id', '=', member.id.toString()).orderBy('id').execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ operator_id: ops.risk.id, action: 'members.lock' });
      expect(audit[0]!.details).toMatchObject({ before: { status: 'active' }, after: { status: 'locked', reason }, sessionsEnded: 1 });

      // A second lock (double click, retry) changes nothing and writes nothing.
      const again = await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/lock`, { reason });
      expect(again.json()).toEqual({ id: member.id.toString(), status: 'locked', sessionsEnded: 0 });

      const unlocked = await call(ops.owner, 'POST', `/api/backoffice/members/${member.id}/unlock`, { reason: 'Documentos conferidos' });
      expect(unlocked.json()).toMatchObject({ status: 'active' });
      expect((await memberLogin(member, member.ip)).statusCode).toBe(200);
      const actions = await ctx.core.db.selectFrom('backoffice_audit').select('action').where('target_type', '=', 'member').where('target_id', '=', member.id.toString()).orderBy('id').execute();
      expect(actions.map((row) => row.action)).toEqual(['members.lock', 'members.unlock']);
    });

    it('needs a reason of at most 500 characters, members.lock, and a known member', async () => {
      const member = await newPlayer(ctx.core);
      for (const payload of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 42 }, [{ reason: 'x' }]]) {
        const response = await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/lock`, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      // Not JSON at all.
      expect((await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/lock`, 'reason')).statusCode).toBe(415);
      for (const operator of [ops.support, ops.finance, ops.content]) {
        const response = await call(operator, 'POST', `/api/backoffice/members/${member.id}/lock`, { reason: 'x' });
        expect(response.statusCode, operator.role).toBe(403);
      }
      expect((await call(ops.risk, 'POST', '/api/backoffice/members/999999999999/lock', { reason: 'x' })).statusCode).toBe(404);
      expect((await call(ops.risk, 'POST', '/api/backoffice/members/abc/unlock', { reason: 'x' })).statusCode).toBe(400);
    });

    it('leaves a closed account closed', async () => {
      const member = await newPlayer(ctx.core);
      await sql`update accounts_member set status = 'closed' where id = ${member.id}`.execute(ctx.core.db);
      const response = await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/unlock`, { reason: 'x' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.code).toBe('members.status_invalid');
    });
  });

  describe('password reset', () => {
    it('gives a temporary password once; sessions end; the next login must set a new password', async () => {
      const member = await profiledMember();
      const reset = await call(ops.support, 'POST', `/api/backoffice/members/${member.id}/password-reset`);
      expect(reset.statusCode, reset.body).toBe(200);
      expect(reset.headers['cache-control']).toBe('no-store');
      const { temporaryPassword, sessionsEnded } = reset.json();
      expect(temporaryPassword).toMatch(/^[a-km-np-zA-HJ-NP-Z2-9]{12}$/);
      expect(sessionsEnded).toBe(1);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(member.token) })).statusCode).toBe(401);
      expect((await memberLogin(member, member.ip)).statusCode).toBe(401);

      const login = await memberLogin({ account: member.account, password: temporaryPassword }, member.ip);
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json().passwordExpired).toBe(true);
      const token = login.json().token as string;
      const info = await ctx.app.inject({ method: 'GET', url: '/api/member/info', headers: bearer(token) });
      expect(info.json().passwordExpired).toBe(true);
      const blocked = await ctx.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: bearer(token) });
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json().error.code).toBe('auth.password_change_required');

      const changed = await ctx.app.inject({ method: 'PUT', url: '/api/member/password', headers: bearer(token), payload: { currentPassword: temporaryPassword, newPassword: 'uma senha nova e longa' } });
      expect(changed.statusCode, changed.body).toBe(204);
      const after = await memberLogin({ account: member.account, password: 'uma senha nova e longa' }, member.ip);
      expect(after.json().passwordExpired).toBe(false);

      // Audited without the password.
      const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', 'members.password.reset').where('target_id', '=', member.id.toString()).executeTakeFirstOrThrow();
      expect(audit.operator_id).toBe(ops.support.id);
      expect(JSON.stringify(audit.details)).not.toContain(temporaryPassword);
      expect(MemberDetailSchema.parse((await call(ops.support, 'GET', `/api/backoffice/members/${member.id}`)).json()).mustChangePassword).toBe(false);
    });

    it('draws a different password each time, and only for members.password.reset', async () => {
      const member = await newPlayer(ctx.core);
      const first = (await call(ops.owner, 'POST', `/api/backoffice/members/${member.id}/password-reset`)).json().temporaryPassword;
      const second = (await call(ops.owner, 'POST', `/api/backoffice/members/${member.id}/password-reset`)).json().temporaryPassword;
      expect(first).not.toBe(second);
      for (const operator of [ops.risk, ops.finance, ops.content]) {
        expect((await call(operator, 'POST', `/api/backoffice/members/${member.id}/password-reset`)).statusCode, operator.role).toBe(403);
      }
      expect((await call(ops.support, 'POST', '/api/backoffice/members/999999999999/password-reset')).statusCode).toBe(404);
    });
  });

  describe('notes', () => {
    it('appends notes with author and time, newest first; text kept verbatim; the table refuses edits', async () => {
      const member = await newPlayer(ctx.core);
      const hostile = `<img src=x onerror=alert(1)> '; drop table accounts_member; -- ${'ç'.repeat(10)}`;
      const first = await call(ops.support, 'POST', `/api/backoffice/members/${member.id}/notes`, { body: 'primeira' });
      expect(first.statusCode, first.body).toBe(201);
      const second = await call(ops.risk, 'POST', `/api/backoffice/members/${member.id}/notes`, { body: `  ${hostile}  ` });
      expect(second.json()).toMatchObject({ body: hostile, operator: { id: ops.risk.id.toString(), username: ops.risk.username } });
      const page = MemberDetailSchema.parse((await call(ops.support, 'GET', `/api/backoffice/members/${member.id}`)).json());
      expect(page.notes.map((note) => note.body)).toEqual([hostile, 'primeira']);
      await expect(sql`update accounts_member_note set body = 'edited' where member_id = ${member.id}`.execute(ctx.core.db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from accounts_member_note where member_id = ${member.id}`.execute(ctx.core.db)).rejects.toThrow(/append-only/);
      const audit = await ctx.core.db.selectFrom('backoffice_audit').select('action').where('target_id', '=', member.id.toString()).where('action', '=', 'members.note.add').execute();
      expect(audit).toHaveLength(2);
    });

    it('refuses empty or oversized notes, and roles without members.notes', async () => {
      const member = await newPlayer(ctx.core);
      for (const payload of [{}, { body: '' }, { body: ' \n ' }, { body: 'x'.repeat(2001) }, { body: ['a'] }]) {
        expect((await call(ops.support, 'POST', `/api/backoffice/members/${member.id}/notes`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      for (const operator of [ops.finance, ops.content]) {
        expect((await call(operator, 'POST', `/api/backoffice/members/${member.id}/notes`, { body: 'x' })).statusCode, operator.role).toBe(403);
      }
      expect((await call(ops.support, 'POST', '/api/backoffice/members/999999999999/notes', { body: 'x' })).statusCode).toBe(404);
    });
  });

  describe("the member's money, bets and payments (their own modules)", () => {
    let player: TestPlayer;
    beforeAll(async () => {
      player = await newPlayer(ctx.core, { balance: 12_345n });
      await ctx.core.db
        .insertInto('provider_round')
        .values([
          { vendor_code: 'HOUSE', member_id: player.id, round_id: 'r-1', game_code: 'fruits', game_type: 'SLOT', bet: 500n, win: 0n, status: 'settled', opened_at: new Date('2024-05-01T10:00:00Z'), closed_at: new Date('2024-05-01T10:00:01Z') },
          { vendor_code: 'HOUSE', member_id: player.id, round_id: 'r-2', game_code: 'fruits', game_type: 'SLOT', bet: 500n, win: 1500n, status: 'settled', opened_at: new Date('2024-05-01T10:01:00Z'), closed_at: new Date('2024-05-01T10:01:01Z') },
        ])
        .execute();
    });

    it('balances and ledger: members.wallet.read (not support)', async () => {
      const balances = await call(ops.finance, 'GET', `/api/backoffice/members/${player.id}/balances`);
      expect(balances.statusCode, balances.body).toBe(200);
      expect(balances.json()).toEqual({ cash: '123.45', bonus: '0.00', points: '0', vendors: [] });
      const ledger = await call(ops.risk, 'GET', `/api/backoffice/members/${player.id}/ledger`);
      expect(ledger.json()).toMatchObject({ hasMore: false, content: [{ type: 'adjustment', pocket: 'cash', amount: '123.45', balanceAfter: '123.45' }] });
      expect((await call(ops.risk, 'GET', `/api/backoffice/members/${player.id}/ledger?type=bet`)).json().content).toEqual([]);
      for (const url of [`/api/backoffice/members/${player.id}/balances`, `/api/backoffice/members/${player.id}/ledger`]) {
        expect((await call(ops.support, 'GET', url)).statusCode, url).toBe(403);
        expect((await call(ops.content, 'GET', url)).statusCode, url).toBe(403);
      }
      expect((await call(ops.finance, 'GET', '/api/backoffice/members/999999999999/balances')).statusCode).toBe(404);
      expect((await call(ops.finance, 'GET', `/api/backoffice/members/${player.id}/ledger?type=nonsense`)).statusCode).toBe(400);
      expect((await call(ops.finance, 'GET', `/api/backoffice/members/${player.id}/ledger?pageNo=101`)).statusCode).toBe(400);
    });

    it('bets: members.read, newest first, paged', async () => {
      const first = await call(ops.support, 'GET', `/api/backoffice/members/${player.id}/bets?pageSize=1`);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        hasMore: true,
        content: [{ vendor: 'HOUSE', roundId: 'r-2', gameCode: 'fruits', gameType: 'SLOT', bet: '5.00', win: '15.00', status: 'settled', openedAt: '2024-05-01T10:01:00.000Z', closedAt: '2024-05-01T10:01:01.000Z' }],
      });
      const second = await call(ops.support, 'GET', `/api/backoffice/members/${player.id}/bets?pageSize=1&pageNo=2`);
      expect(second.json()).toMatchObject({ hasMore: false, content: [{ roundId: 'r-1' }] });
      expect((await call(ops.content, 'GET', `/api/backoffice/members/${player.id}/bets`)).statusCode).toBe(403);
      expect((await call(ops.support, 'GET', '/api/backoffice/members/999999999999/bets')).statusCode).toBe(404);
      expect((await call(ops.support, 'GET', '/api/backoffice/members/x/bets')).statusCode).toBe(400);
    });

    it('deposits and withdrawals stay with payments.read: support cannot see them', async () => {
      for (const url of [`/api/backoffice/payments/deposits?member=${player.account}`, `/api/backoffice/payments/withdrawals?member=${player.account}`]) {
        expect((await call(ops.support, 'GET', url)).statusCode, url).toBe(403);
        expect((await call(ops.finance, 'GET', url)).statusCode, url).toBe(200);
      }
    });
  });
});
