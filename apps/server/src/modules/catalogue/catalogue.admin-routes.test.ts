import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_IMPORT_MAX_BYTES } from '@app/contracts';
import { bearer, loginAs, newOperator, newPlayer, type TestOperatorRole } from '../../../test/builders.ts';
import { insertFixtureCatalogue } from '../../../test/catalogue-fixture.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { signBody } from '../provider/index.ts';

/** Retries an assertion until it passes or `withinMs` runs out (cross-process notifications). */
async function eventually(check: () => Promise<void>, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The back office's catalogue: vendors, games, provider access and the CSV upload. */
describe('back-office catalogue', () => {
  let ctx: TestContext;
  let ids: Map<string, number>;
  const tokens = {} as Record<TestOperatorRole, string>;
  const operatorIds = {} as Record<TestOperatorRole, bigint>;
  /** A second owner: the checker of the owner's maker-checker requests. */
  let checker: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    ids = await insertFixtureCatalogue(ctx.core.db);
    // A real (not demo) seamless vendor: its provider secret and allow-list are the operator's.
    await ctx.core.db.insertInto('catalogue_vendor').values({ code: 'TREAL', display_name: 'Real Vendor', game_types: ['RNG'], sort_order: 9, wallet_mode: 'seamless', is_demo: false }).execute();
    ctx.core.modules.catalogue.api.invalidate();
    for (const role of ['owner', 'content', 'support', 'finance', 'risk'] as const) {
      const operator = await newOperator(ctx.core, ctx.app, role);
      tokens[role] = operator.token;
      operatorIds[role] = operator.id;
    }
    checker = (await newOperator(ctx.core, ctx.app, 'owner')).token;
  });
  afterAll(() => ctx.close());

  const call = (role: TestOperatorRole | null, method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    ctx.app.inject({ method, url, headers: role ? bearer(tokens[role]) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = (role: TestOperatorRole, body: string | Buffer, contentType = 'text/csv') =>
    ctx.app.inject({ method: 'POST', url: '/api/backoffice/catalogue/import', headers: { ...bearer(tokens[role]), 'content-type': contentType }, payload: body });
  const auditRows = (action: string, targetId?: string) => {
    let query = ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', action);
    if (targetId !== undefined) query = query.where('target_id', '=', targetId);
    return query.orderBy('id').execute();
  };
  const vendorOf = async (code: string) => {
    const list = (await call('owner', 'GET', '/api/backoffice/catalogue/vendors')).json().content as Array<{ code: string } & Record<string, unknown>>;
    return list.find((vendor) => vendor.code === code)!;
  };
  async function player(balance?: bigint) {
    const member = await newPlayer(ctx.core, { balance });
    return { ...member, token: await loginAs(ctx.app, member) };
  }
  const approve = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/backoffice/approvals/${id}/approve`, headers: bearer(checker) });
  /** The owner proposes, the second owner approves: answers the approval (or its refusal). */
  async function proposedAndApproved(url: string, payload: object) {
    const proposal = await call('owner', 'POST', url, payload);
    expect(proposal.statusCode, proposal.body).toBe(202);
    expect(proposal.json()).toMatchObject({ status: 'pending', requestedBy: { id: operatorIds.owner.toString() } });
    return approve(proposal.json().id as string);
  }
  const switchMode = (code: string, walletMode: string) => proposedAndApproved(`/api/backoffice/catalogue/vendors/${code}/wallet-mode`, { walletMode, reason: 'integração do fornecedor' });
  /** A new secret through maker-checker: the approver gets it once. */
  const rotate = (code: string) => proposedAndApproved(`/api/backoffice/catalogue/vendors/${code}/secret`, { reason: 'rotação trimestral' });
  const rotatedSecret = async (code: string) => {
    const response = await rotate(code);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().once.secret as string;
  };
  const launch = (token: string, gameId: number) => ctx.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { gameId } });
  /** A provider-API call as the vendor signs it; answers the wire error code (or 'ok'). */
  async function providerCall(vendor: string, secret: string, remoteAddress = '127.0.0.1') {
    const body = JSON.stringify({ playerId: '1' });
    const response = await ctx.app.inject({ method: 'POST', url: `/provider/v1/${vendor}/balance`, headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, body) }, payload: body, remoteAddress });
    return response.statusCode === 200 ? 'ok' : (response.json().error.code as string);
  }

  describe('vendors', () => {
    it('lists vendors with switches, counts, money held and provider access, for readers only', async () => {
      const response = await call('support', 'GET', '/api/backoffice/catalogue/vendors');
      expect(response.statusCode, response.body).toBe(200);
      const slots = response.json().content.find((vendor: { code: string }) => vendor.code === 'TSLOT');
      expect(slots).toMatchObject({
        displayName: 'Test Slots',
        walletMode: 'seamless',
        enabled: true,
        maintenance: false,
        isDemo: true,
        games: { total: 5, enabled: 5, maintenance: 1 },
        fundsHeld: { members: 0, total: '0.00' },
        provider: { hasSecret: false, rotatedAt: null, ipAllowList: [], managedByServer: true },
      });
      expect((await call('finance', 'GET', '/api/backoffice/catalogue/vendors')).statusCode).toBe(403);
      expect((await call(null, 'GET', '/api/backoffice/catalogue/vendors')).statusCode).toBe(401);
    });

    it('maintenance: a player launching the vendor’s game gets the alternatives at once, and plays again once it is lifted', async () => {
      const { token } = await player();
      expect((await launch(token, ids.get('TSLOT/tiger')!)).statusCode).toBe(200);

      const patched = await call('content', 'PATCH', '/api/backoffice/catalogue/vendors/TSLOT', { maintenance: true });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().maintenance).toBe(true);
      const refused = await launch(token, ids.get('TSLOT/tiger')!);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('catalogue.game_maintenance');
      const alternatives = refused.json().error.details.alternatives as Array<{ vassalage: string; gameType: string; gameCode: string }>;
      expect(alternatives.map((game) => `${game.vassalage}/${game.gameCode}`)).toEqual(['TFISH/dragon']);
      // The players' list shows it too.
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/games?vassalage=TSLOT' })).json().content as Array<{ maintenance: boolean }>;
      expect(listed.every((game) => game.maintenance)).toBe(true);

      const [audit] = await auditRows('catalogue.vendor.update', 'TSLOT');
      expect(audit).toMatchObject({ operator_id: operatorIds.content, target_type: 'catalogue_vendor', details: { before: { maintenance: false }, after: { maintenance: true } } });

      expect((await call('content', 'PATCH', '/api/backoffice/catalogue/vendors/TSLOT', { maintenance: false })).statusCode).toBe(200);
      const again = await launch(token, ids.get('TSLOT/tiger')!);
      expect(again.statusCode, again.body).toBe(200);
    });

    it('a replayed change writes and audits nothing; sort order and name change together', async () => {
      const patch = { sortOrder: 7, displayName: '  Fish & Co  ' };
      const first = await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TFISH', patch);
      expect(first.json()).toMatchObject({ sortOrder: 7, displayName: 'Fish & Co' });
      const second = await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TFISH', patch);
      expect(second.statusCode).toBe(200);
      const audits = await auditRows('catalogue.vendor.update', 'TFISH');
      expect(audits).toHaveLength(1);
      expect(audits[0]!.details).toEqual({ before: { sort_order: 2, display_name: 'Test Fish' }, after: { sort_order: 7, display_name: 'Fish & Co' } });
      const menu = (await ctx.app.inject({ method: 'GET', url: '/api/games?vassalage=TFISH' })).json().content as Array<{ vendorName: string }>;
      expect(menu[0]!.vendorName).toBe('Fish & Co');
    });

    it('refuses empty, malformed, hostile and unknown changes with 4xx', async () => {
      const bad: unknown[] = [
        {},
        { maintenance: 'yes' },
        { enabled: null },
        { displayName: '' },
        { displayName: '   ' },
        { displayName: '<script>alert(1)</script>' },
        { displayName: 'x'.repeat(81) },
        { displayName: 'line\u0007bell' },
        { sortOrder: 1.5 },
        { sortOrder: 1e12 },
        { walletMode: 'crypto' },
        { code: 'OTHER' },
        { isDemo: false },
        { __proto__: { enabled: false }, maintenance: true, constructor: 1 },
        [],
      ];
      for (const payload of bad) {
        const response = await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TSLOT', payload);
        expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(400);
      }
      expect((await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/NOPE', { enabled: true })).json().error.code).toBe('catalogue.vendor_not_found');
      for (const code of ['a-b', '%3Cb%3E', 'x'.repeat(41), '..%2Fetc']) {
        expect((await call('owner', 'PATCH', `/api/backoffice/catalogue/vendors/${code}`, { enabled: true })).statusCode, code).toBe(400);
      }
      const huge = await ctx.app.inject({ method: 'PATCH', url: '/api/backoffice/catalogue/vendors/TSLOT', headers: { ...bearer(tokens.owner), 'content-type': 'application/json' }, payload: `{"displayName":"${'a'.repeat(2 * 1024 * 1024)}"}` });
      expect(huge.statusCode).toBe(413);
      const text = await ctx.app.inject({ method: 'PATCH', url: '/api/backoffice/catalogue/vendors/TSLOT', headers: { ...bearer(tokens.owner), 'content-type': 'text/plain' }, payload: 'maintenance=true' });
      expect(text.statusCode).toBe(400);
      expect((await vendorOf('TSLOT')).displayName).toBe('Test Slots');
    });

    it('support, finance and risk cannot change vendors; content cannot change the wallet mode', async () => {
      for (const role of ['support', 'finance', 'risk'] as const) {
        const response = await call(role, 'PATCH', '/api/backoffice/catalogue/vendors/TSLOT', { maintenance: true });
        expect(response.statusCode, role).toBe(403);
        expect(response.json().error.code).toBe('backoffice.forbidden');
      }
      expect((await call('content', 'PATCH', '/api/backoffice/catalogue/vendors/TREAL', { walletMode: 'transfer' })).json().error.code).toBe('backoffice.forbidden');
      expect((await call('content', 'POST', '/api/backoffice/catalogue/vendors/TREAL/wallet-mode', { walletMode: 'transfer', reason: 'x' })).json().error.code).toBe('backoffice.forbidden');
      // Not even the owner changes it by a patch: no way round the second operator.
      const direct = await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TREAL', { walletMode: 'transfer' });
      expect(direct.statusCode).toBe(409);
      expect(direct.json().error.code).toBe('catalogue.wallet_mode_needs_approval');
      expect((await vendorOf('TSLOT')).maintenance).toBe(false);
      expect((await vendorOf('TREAL')).walletMode).toBe('seamless');
    });

    it('does not switch the wallet mode while members hold money at the vendor', async () => {
      const member = await player(12_000n);
      expect((await launch(member.token, ids.get('TXFER/poker')!)).json()).toMatchObject({ mode: 'transfer', transferred: '50.00' });
      expect((await vendorOf('TXFER')).fundsHeld).toEqual({ members: 1, total: '50.00' });

      // Refused when proposed…
      const refused = await call('owner', 'POST', '/api/backoffice/catalogue/vendors/TXFER/wallet-mode', { walletMode: 'seamless', reason: 'fim da integração' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'catalogue.vendor_funds_held', details: { members: 1, total: '50.00' } });
      expect(await vendorOf('TXFER')).toMatchObject({ walletMode: 'transfer', maintenance: false });

      // …and when approved, if money arrived at the vendor after the proposal: nothing applies.
      const back = await ctx.app.inject({ method: 'POST', url: '/api/games/vendors/TXFER/transfer', headers: bearer(member.token), payload: { direction: 'out', requestId: randomUUID() } });
      expect(back.statusCode, back.body).toBe(200);
      const proposal = await call('owner', 'POST', '/api/backoffice/catalogue/vendors/TXFER/wallet-mode', { walletMode: 'seamless', reason: 'fim da integração' });
      expect(proposal.statusCode, proposal.body).toBe(202);
      expect((await launch(member.token, ids.get('TXFER/poker')!)).json()).toMatchObject({ mode: 'transfer', transferred: '50.00' });
      const late = await approve(proposal.json().id);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('catalogue.vendor_funds_held');
      expect((await vendorOf('TXFER')).walletMode).toBe('transfer');
      const again = await ctx.app.inject({ method: 'POST', url: '/api/games/vendors/TXFER/transfer', headers: bearer(member.token), payload: { direction: 'out', requestId: randomUUID() } });
      expect(again.statusCode, again.body).toBe(200);

      const switched = await switchMode('TXFER', 'seamless');
      expect(switched.statusCode, switched.body).toBe(200);
      expect(switched.json()).toMatchObject({ status: 'approved', result: { walletMode: 'seamless' } });
      expect(await vendorOf('TXFER')).toMatchObject({ walletMode: 'seamless', fundsHeld: { members: 0 } });
      expect((await switchMode('TXFER', 'transfer')).statusCode).toBe(200);
      expect((await vendorOf('TXFER')).walletMode).toBe('transfer');
      const audits = await auditRows('catalogue.vendor.update', 'TXFER');
      expect(audits.slice(-2).map((row) => row.details)).toEqual([
        { before: { wallet_mode: 'transfer' }, after: { wallet_mode: 'seamless' }, approval: true },
        { before: { wallet_mode: 'seamless' }, after: { wallet_mode: 'transfer' }, approval: true },
      ]);
    });
  });

  describe('provider access', () => {
    it('rotates the secret: shown once, the old one stops working at once, never stored in the audit', async () => {
      expect(await providerCall('TREAL', 'no-secret-yet-0123456789')).toBe('INVALID_SIGNATURE');
      const first = await rotate('TREAL');
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const secret = first.json().once.secret as string;
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Signature accepted: the request then fails on its content, not on the signature.
      expect(await providerCall('TREAL', secret)).not.toBe('INVALID_SIGNATURE');

      const second = await rotatedSecret('TREAL');
      expect(second).not.toBe(secret);
      expect(await providerCall('TREAL', secret)).toBe('INVALID_SIGNATURE');
      expect(await providerCall('TREAL', second)).not.toBe('INVALID_SIGNATURE');

      const listed = await vendorOf('TREAL');
      expect(listed.provider).toMatchObject({ hasSecret: true, managedByServer: false });
      expect(JSON.stringify(listed)).not.toContain(second);
      const audits = await auditRows('catalogue.vendor.secret_rotate', 'TREAL');
      expect(audits).toHaveLength(2);
      expect(audits[0]!.details).toMatchObject({ before: { hasSecret: false }, after: { hasSecret: true } });
      const details = JSON.stringify((await ctx.core.db.selectFrom('backoffice_audit').select('details').execute()).map((row) => row.details));
      expect(details).not.toContain(secret);
      expect(details).not.toContain(second);
      // Nor on the request, nor in the list of requests.
      const stored = JSON.stringify(await ctx.core.db.selectFrom('backoffice_approval_request').select(['payload', 'result']).execute());
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(second);
    });

    it('refuses rotation for vendors the server signs itself, unknown vendors, and roles without catalogue.integration', async () => {
      expect((await call('owner', 'POST', '/api/backoffice/catalogue/vendors/TSLOT/secret', { reason: 'x' })).json().error.code).toBe('catalogue.vendor_managed_by_server');
      expect((await call('owner', 'POST', '/api/backoffice/catalogue/vendors/NOPE/secret', { reason: 'x' })).statusCode).toBe(404);
      expect((await call('owner', 'POST', '/api/backoffice/catalogue/vendors/TREAL/secret', {})).statusCode).toBe(400);
      for (const role of ['content', 'support', 'finance', 'risk'] as const) {
        expect((await call(role, 'POST', '/api/backoffice/catalogue/vendors/TREAL/secret', { reason: 'x' })).statusCode, role).toBe(403);
        expect((await call(role, 'PUT', '/api/backoffice/catalogue/vendors/TREAL/ip-allow-list', { networks: [] })).statusCode, role).toBe(403);
      }
    });

    it('the IP allow-list is checked on provider calls; empty allows any address', async () => {
      await ctx.core.db.insertInto('catalogue_vendor').values({ code: 'TNEW', display_name: 'New Vendor', game_types: ['RNG'], wallet_mode: 'seamless', is_demo: false }).execute();
      expect((await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TNEW/ip-allow-list', { networks: ['10.0.0.0/8'] })).json().error.code).toBe('catalogue.provider_secret_missing');

      const secret = await rotatedSecret('TNEW');
      const set = await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TNEW/ip-allow-list', { networks: [' 203.0.113.0/24 ', '2001:db8::1', '10.1.2.3/8', '203.0.113.0/24'] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().provider.ipAllowList).toEqual(['10.0.0.0/8', '203.0.113.0/24', '2001:db8::1/128']);
      expect(await providerCall('TNEW', secret, '203.0.113.77')).not.toBe('INVALID_SIGNATURE');
      expect(await providerCall('TNEW', secret, '10.200.1.1')).not.toBe('INVALID_SIGNATURE');
      expect(await providerCall('TNEW', secret, '198.51.100.1')).toBe('INVALID_SIGNATURE');
      expect(await providerCall('TNEW', secret, '2001:db8::2')).toBe('INVALID_SIGNATURE');

      // A replay audits nothing more.
      await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TNEW/ip-allow-list', { networks: ['10.0.0.0/8', '203.0.113.0/24', '2001:db8::1'] });
      const audits = await auditRows('catalogue.vendor.ip_allow_list', 'TNEW');
      expect(audits).toHaveLength(1);
      expect(audits[0]!.details).toEqual({ before: [], after: ['10.0.0.0/8', '203.0.113.0/24', '2001:db8::1/128'] });

      const cleared = await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TNEW/ip-allow-list', { networks: [] });
      expect(cleared.json().provider.ipAllowList).toEqual([]);
      expect(await providerCall('TNEW', secret, '198.51.100.1')).not.toBe('INVALID_SIGNATURE');
    });

    it('refuses malformed networks and oversized lists with 4xx', async () => {
      const bad = [
        ['abc'],
        ['10.0.0.0/33'],
        ['10.0.0.1/8/1'],
        ['::1%eth0'],
        ['999.1.1.1'],
        ['10.0.0.0/-1'],
        ['<script>'],
        [''],
        [12],
        Array.from({ length: 51 }, (_, index) => `10.0.${index}.0/24`),
      ];
      for (const networks of bad) {
        const response = await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TREAL/ip-allow-list', { networks });
        expect(response.statusCode, `${JSON.stringify(networks).slice(0, 60)} → ${response.body}`).toBe(400);
      }
      expect((await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TREAL/ip-allow-list', { networks: ['1.2.3.4'], extra: true })).statusCode).toBe(400);
      expect((await call('owner', 'PUT', '/api/backoffice/catalogue/vendors/TREAL/ip-allow-list', {})).statusCode).toBe(400);
      expect((await vendorOf('TREAL')).provider).toMatchObject({ ipAllowList: [] });
    });
  });

  it('another API process drops the old secret and its catalogue snapshot when the change commits', async () => {
    const other = await createTestContext({ databaseUrl: ctx.databaseUrl });
    try {
      await ctx.core.db.insertInto('catalogue_vendor').values({ code: 'TPROC', display_name: 'Process Vendor', game_types: ['RNG'], wallet_mode: 'seamless', is_demo: false }).execute();
      const secret = await rotatedSecret('TPROC');
      const signedOnOther = async (key: string) => {
        const body = JSON.stringify({ playerId: '1' });
        const response = await other.app.inject({ method: 'POST', url: '/provider/v1/TPROC/balance', headers: { 'content-type': 'application/json', 'x-signature': signBody(key, body) }, payload: body });
        return response.statusCode === 200 ? 'ok' : (response.json().error.code as string);
      };
      // The other process caches the vendor's access (for up to 5 s without the event).
      expect(await signedOnOther(secret)).not.toBe('INVALID_SIGNATURE');
      const rotated = await rotatedSecret('TPROC');
      await eventually(async () => expect(await signedOnOther(secret)).toBe('INVALID_SIGNATURE'), 2000);
      expect(await signedOnOther(rotated)).not.toBe('INVALID_SIGNATURE');

      const { token } = await player();
      const gameId = ids.get('TFISH/dragon')!;
      const launchOnOther = () => other.app.inject({ method: 'POST', url: '/api/games/launch', headers: bearer(token), payload: { gameId } });
      expect((await launchOnOther()).statusCode).toBe(200);
      expect((await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TFISH', { maintenance: true })).statusCode).toBe(200);
      await eventually(async () => expect((await launchOnOther()).json().error?.code).toBe('catalogue.game_maintenance'), 2000);
      expect((await call('owner', 'PATCH', '/api/backoffice/catalogue/vendors/TFISH', { maintenance: false })).statusCode).toBe(200);
      await eventually(async () => expect((await launchOnOther()).statusCode).toBe(200), 2000);
    } finally {
      await other.close();
    }
  });

  describe('games', () => {
    it('searches every game with filters and pages', async () => {
      const page = (query: string) => call('risk', 'GET', `/api/backoffice/catalogue/games?${query}`);
      const slots = (await page('vendor=TSLOT')).json();
      expect(slots.total).toBe(5);
      expect(slots.content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['tiger', 'gold', 'heart', 'broken', 'percent']);
      expect(slots.content[0]).toMatchObject({ vendor: 'TSLOT', vendorName: 'Test Slots', gameType: 'RNG', names: { en: 'Fortune Tiger', pt: 'Tigre da Fortuna' }, isHot: true, enabled: true });
      expect((await page('q=CORACAO')).json().content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['heart']);
      expect((await page('q=roulet')).json().content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['roulette']);
      expect((await page('q=100%25')).json().content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['percent']);
      expect((await page('q=_')).json().total).toBe(0);
      expect((await page('maintenance=true&vendor=TSLOT')).json().content.map((game: { gameCode: string }) => game.gameCode)).toEqual(['broken']);
      expect((await page('gameType=FISH')).json().total).toBe(1);
      // Disabled vendors' games are listed too (the players' lists hide them).
      expect((await page('vendor=TOFF')).json().total).toBe(1);
      const paged = (await page('vendor=TSLOT&pageSize=2&pageNo=3')).json();
      expect(paged).toMatchObject({ total: 5 });
      expect(paged.content).toHaveLength(1);
      for (const query of ['pageSize=1000', 'pageNo=0', 'vendor=%3Cb%3E', 'enabled=yes', 'gameType=SLOTS', `q=${'x'.repeat(81)}`]) {
        expect((await page(query)).statusCode, query).toBe(400);
      }
      expect((await call('finance', 'GET', '/api/backoffice/catalogue/games')).statusCode).toBe(403);
    });

    it('changes a game’s switches, order and names; players see it at once; a replay audits nothing', async () => {
      const id = ids.get('TSLOT/gold')!;
      const patch = { isHot: true, isNew: true, sortOrder: -5, names: { pt: 'Ouro Brilhante', en: 'Shiny Gold' } };
      const changed = await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, patch);
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ isHot: true, isNew: true, sortOrder: -5, names: { en: 'Shiny Gold', pt: 'Ouro Brilhante' } });
      expect((await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, patch)).statusCode).toBe(200);
      const audits = await auditRows('catalogue.game.update', String(id));
      expect(audits).toHaveLength(1);
      expect(audits[0]!.details).toMatchObject({ vendor: 'TSLOT', gameCode: 'gold', before: { is_hot: false, is_new: false, rank: 1, names: { en: 'Golden Fortune', pt: 'Fortuna Dourada' } } });

      const found = (await ctx.app.inject({ method: 'GET', url: '/api/games?gameName=brilhante' })).json().content as Array<{ gameCode: string; gameName: string }>;
      expect(found.map((game) => `${game.gameCode}:${game.gameName}`)).toEqual(['gold:Ouro Brilhante']);
      const first = (await ctx.app.inject({ method: 'GET', url: '/api/games?vassalage=TSLOT' })).json().content[0];
      expect(first.gameCode).toBe('gold');

      // An empty Portuguese name removes it: Portuguese players see the English one.
      const english = await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, { names: { pt: '' } });
      expect(english.json().names).toEqual({ en: 'Shiny Gold' });
    });

    it('a game in maintenance answers the alternatives; enabled false hides it', async () => {
      const { token } = await player();
      const id = ids.get('TFISH/shark')!;
      expect((await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, { maintenance: true })).statusCode).toBe(200);
      expect((await launch(token, id)).json().error.code).toBe('catalogue.game_maintenance');
      expect((await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, { maintenance: false, enabled: false })).statusCode).toBe(200);
      expect((await launch(token, id)).json().error.code).toBe('catalogue.game_not_found');
      expect((await call('content', 'PATCH', `/api/backoffice/catalogue/games/${id}`, { enabled: true })).statusCode).toBe(200);
      expect((await launch(token, id)).statusCode).toBe(200);
    });

    it('refuses bad game changes with 4xx, and roles without catalogue.manage', async () => {
      const id = ids.get('TSLOT/heart')!;
      const bad: unknown[] = [
        {},
        { names: {} },
        { names: { en: '' } },
        { names: { en: '<img src=x onerror=alert(1)>' } },
        { names: { pt: 'x'.repeat(121) } },
        { names: { es: 'Hola' } },
        { names: 'Fortune' },
        { isHot: 'true' },
        { sortOrder: '1' },
        { rank: 1 },
        { gameCode: 'other' },
      ];
      for (const payload of bad) {
        const response = await call('owner', 'PATCH', `/api/backoffice/catalogue/games/${id}`, payload);
        expect(response.statusCode, `${JSON.stringify(payload)} → ${response.body}`).toBe(400);
      }
      for (const target of ['abc', '0', '-1', '1.5', '99999999999']) {
        expect((await call('owner', 'PATCH', `/api/backoffice/catalogue/games/${target}`, { isHot: true })).statusCode, target).toBe(400);
      }
      expect((await call('owner', 'PATCH', '/api/backoffice/catalogue/games/999999', { isHot: true })).json().error.code).toBe('catalogue.game_not_found');
      for (const role of ['support', 'finance', 'risk'] as const) {
        expect((await call(role, 'PATCH', `/api/backoffice/catalogue/games/${id}`, { isHot: true })).statusCode, role).toBe(403);
      }
    });
  });

  describe('import', () => {
    const csv = [
      '[vendors]',
      'code,displayName,gameTypes,sortOrder,walletMode',
      'TIMP,Imported Studio,RNG,50,seamless',
      '',
      '[games]',
      'vendor,gameCode,gameType,name_en,name_pt,minBet,isHot',
      'TIMP,lucky-one,RNG,Lucky One,Sortudo Um,0.20,yes',
      'TIMP,lucky-two,RNG,Lucky Two,Sortudo Dois,0.001,no',
      'TIMP,<script>,RNG,Bad,Ruim,0.20,no',
      'NOPE,ghost,RNG,Ghost,Fantasma,0.20,no',
      'TSLOT,tiger,RNG,Fortune Tiger,Tigre da Fortuna,0.20,yes',
      'TIMP,lucky-one,RNG,Duplicate,Duplicado,0.20,no',
    ].join('\r\n');

    it('imports the file in one go and reports every row: added, updated, unchanged, refused with reasons', async () => {
      const response = await upload('content', csv);
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json();
      expect(report.vendors).toEqual({ added: 1, updated: 0, unchanged: 0, refused: 0 });
      expect(report.games).toEqual({ added: 1, updated: 1, unchanged: 0, refused: 4 });
      expect(report.rows.map((row: { section: string; line: number; key: string; outcome: string }) => `${row.section}:${row.line}:${row.key}:${row.outcome}`)).toEqual([
        'vendors:3:TIMP:added',
        'games:7:TIMP/lucky-one:added',
        'games:8:TIMP/lucky-two:refused',
        'games:9:TIMP/<script>:refused',
        'games:10:NOPE/ghost:refused',
        'games:11:TSLOT/tiger:updated',
        'games:12:TIMP/lucky-one:refused',
      ]);
      const reasons = Object.fromEntries(report.rows.map((row: { line: number; reasons: string[] }) => [row.line, row.reasons.join('; ')]));
      expect(reasons[8]).toContain('minBet');
      expect(reasons[9]).toContain('gameCode');
      expect(reasons[10]).toContain('unknown vendor');
      expect(reasons[12]).toContain('duplicate');
      expect(report.sha256).toMatch(/^[0-9a-f]{64}$/);

      // Players see the imported game at once.
      const listed = (await ctx.app.inject({ method: 'GET', url: '/api/games?vassalage=TIMP' })).json().content as Array<{ gameCode: string }>;
      expect(listed.map((game) => game.gameCode)).toEqual(['lucky-one']);
      const [audit] = await auditRows('catalogue.import', report.sha256);
      expect(audit).toMatchObject({ operator_id: operatorIds.content, details: { bytes: Buffer.byteLength(csv), games: { added: 1, updated: 1, refused: 4 } } });
      expect((audit!.details as { after: { games: string[] } }).after.games).toEqual(['added:TIMP/lucky-one', 'updated:TSLOT/tiger']);

      // A replay changes nothing.
      const replay = (await upload('content', csv)).json();
      expect(replay.vendors).toEqual({ added: 0, updated: 0, unchanged: 1, refused: 0 });
      expect(replay.games).toEqual({ added: 0, updated: 0, unchanged: 2, refused: 4 });
    });

    it('never switches a wallet mode by import, whoever uploads it: that waits for a second operator', async () => {
      const file = ['code,displayName,walletMode', 'TREAL,Real Vendor,transfer'].join('\n');
      for (const role of ['content', 'owner'] as const) {
        const refused = (await upload(role, file)).json();
        expect(refused.rows, role).toEqual([{ section: 'vendors', line: 2, key: 'TREAL', outcome: 'refused', reasons: [expect.stringContaining('another operator approves')] }]);
      }
      expect((await vendorOf('TREAL')).walletMode).toBe('seamless');

      const held = (await upload('owner', ['code,displayName,walletMode', 'TXFER,Test Transfer,seamless'].join('\n'))).json();
      expect(held.rows[0]).toMatchObject({ outcome: 'refused' });
      expect((await vendorOf('TXFER')).walletMode).toBe('transfer');
    });

    it('refuses empty, binary, malformed, oversized and non-CSV uploads with a clear 4xx', async () => {
      const cases: Array<[string | Buffer, string, number, string]> = [
        ['', 'text/csv', 400, 'catalogue.import_unreadable'],
        ['vendor,gameCode,gameType,name_en\n', 'text/csv', 400, 'catalogue.import_unreadable'],
        ['hello,world\n1,2\n', 'text/csv', 400, 'catalogue.import_unreadable'],
        ['vendor,gameCode,gameType,name_en\nTSLOT,"unclosed,RNG,Name\n', 'text/csv', 400, 'catalogue.import_unreadable'],
        [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]), 'text/csv', 400, 'catalogue.import_unreadable'],
        [Buffer.from([0x76, 0x65, 0xff, 0xfe, 0x0a]), 'text/csv', 400, 'catalogue.import_unreadable'],
        ['{"games":[]}', 'application/json', 415, 'catalogue.import_type_invalid'],
        ['<xml/>', 'application/xml', 415, 'request.unsupported_media_type'],
        ['x'.repeat(CATALOGUE_IMPORT_MAX_BYTES + 1), 'text/csv', 413, 'catalogue.import_too_large'],
        ['x'.repeat(CATALOGUE_IMPORT_MAX_BYTES + 10), 'text/csv', 413, 'request.too_large'],
      ];
      for (const [body, type, status, code] of cases) {
        const response = await upload('owner', body, type);
        expect(response.statusCode, `${type} ${String(body).slice(0, 30)} → ${response.body.slice(0, 200)}`).toBe(status);
        expect(response.json().error.code).toBe(code);
      }
      expect((await upload('support', csv)).statusCode).toBe(403);
      expect((await upload('finance', csv)).statusCode).toBe(403);
      expect((await sql<{ count: number }>`select count(*)::int as count from backoffice_audit where action = 'catalogue.import' and operator_id = ${operatorIds.owner}`.execute(ctx.core.db)).rows[0]!.count).toBe(2); // the owner's two refused wallet-mode files
    });
  });
});
