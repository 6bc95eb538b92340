import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../../test/builders.ts';
import { live } from '../live.tables.ts';
import { createTestContext, type TestContext } from '../../../../test/test-context.ts';
import { cleanText, filterProfanity } from '../chat/profanity.ts';
import { livePlayer, LIVE_TEST_ENV } from './live-fixture.ts';

describe('live tables: chat', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: LIVE_TEST_ENV });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('masks profanity whatever the case, accents or leetspeak', () => {
    expect(filterProfanity('que PORRA é essa')).toEqual({ text: 'que ***** é essa', filtered: true });
    expect(filterProfanity('p0rr4 de m3rd4, caralhoooo').text).toBe('***** de *****, **********');
    expect(filterProfanity('what the FuCk, $hit').text).toBe('what the ****, ****');
    expect(filterProfanity('sh!t!!').text).toBe('****!!');
    expect(filterProfanity('desgraçado').filtered).toBe(true);
    expect(filterProfanity('boa sorte a todos, banca forte!')).toEqual({ text: 'boa sorte a todos, banca forte!', filtered: false });
    expect(cleanText('  oi\u0000\u0007  tudo\n\tbem  ')).toBe('oi tudo bem');
    expect([...cleanText('a'.repeat(300))]).toHaveLength(200);
  });

  it('stores and shows a filtered message with a masked name, one per 2 s, and refuses a muted member', async () => {
    const player = await livePlayer(ctx);
    const send = (text: string, who = player) => ctx.app.inject({ method: 'POST', url: '/api/live/tables/bacara-rio/chat', headers: bearer(who.token), payload: { text } });
    const first = await send('  vai banca, porra!  ');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ text: 'vai banca, *****!', mine: true });
    expect(first.json().name).not.toBe(player.account);
    const stored = await live(ctx.core.db).selectFrom('live_chat_message').selectAll().where('member_id', '=', player.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ original: 'vai banca, porra!', shown: 'vai banca, *****!', filtered: true });

    const tooFast = await send('de novo');
    expect(tooFast.statusCode).toBe(429);
    expect(tooFast.json().error.code).toBe('live.chat_too_fast');

    const state = (await ctx.app.inject({ method: 'GET', url: '/api/live/tables/bacara-rio' })).json();
    expect(state.chat.map((m: { text: string }) => m.text)).toContain('vai banca, *****!');

    const muted = await livePlayer(ctx);
    await ctx.core.db.executeQuery(sql`insert into live_chat_mute (member_id, until, reason, operator_id) values (${muted.id}, clock_timestamp() + interval '10 minutes', 'spam', 1)`.compile(ctx.core.db));
    const refused = await send('olá', muted);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('live.chat_muted');
    expect(refused.json().error.details?.until ?? refused.json().error.until).toBeTruthy();

    for (const text of ['   ', '\u0000\u0001']) expect((await send(text, await livePlayer(ctx))).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/live/tables/nao-existe/chat', headers: bearer(player.token), payload: { text: 'oi' } })).statusCode).toBe(404);
  });
});
