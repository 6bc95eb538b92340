import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HelpCentreSchema, SiteContentSchema, type ContentItemInput } from '@app/contracts';
import { bearer, newOperatorSession } from '../../../test/builders.ts';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { qrSvg } from '../../platform/qr-svg.ts';

let ctx: TestContext;
let editor: string;
let support: string;
let owner: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.core.modules.content.api.seedDemo();
  [editor, support, owner] = await Promise.all([
    newOperatorSession(ctx.core, ctx.app, 'content'),
    newOperatorSession(ctx.core, ctx.app, 'support'),
    newOperatorSession(ctx.core, ctx.app, 'owner'),
  ]);
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const site = async (language = 'pt') => SiteContentSchema.parse((await get(`/api/content/site?language=${language}`)).json());
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = editor, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

function bannerInput(title: string, overrides: Partial<ContentItemInput> = {}, body: Record<string, unknown> = {}): ContentItemInput {
  return {
    language: 'pt',
    sortOrder: 50,
    startsAt: null,
    endsAt: null,
    enabled: true,
    body: { group: 'w_home', title, imageUrl: '/media/content/crash-pt.svg', width: 1200, height: 400, link: { linkageType: 'ROUTE', target: '/crash' }, ...body },
    ...overrides,
  };
}

const auditRows = (targetId: string) =>
  ctx.core.db.selectFrom('backoffice_audit').selectAll().where('target_type', '=', 'content_item').where('target_id', '=', targetId).orderBy('id').execute();

describe('demo content', () => {
  it('gives the home page every block in PT and EN, with art we serve ourselves', async () => {
    const [pt, en] = [await site('pt'), await site('en')];
    for (const content of [pt, en]) {
      expect(content.banners.filter((banner) => banner.groupName === 'w_home').length).toBeGreaterThanOrEqual(3);
      expect(content.banners.some((banner) => banner.groupName === 'w_leftmenu')).toBe(true);
      expect(content.notices.length).toBe(3);
      expect(content.promotions.length).toBe(4);
      expect(content.popups.length).toBe(1);
      expect(content.announcements.map((announcement) => announcement.execution).sort()).toEqual(['A', 'B', 'F']);
      expect(content.help.map((entry) => entry.tag)).toEqual(expect.arrayContaining(['term', 'privacy', 'responsible', 'fairness', 'faq']));
    }
    expect(pt.notices[0]!.title).not.toBe(en.notices[0]!.title);
    const art = await get(pt.banners[0]!.url);
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(art.body).toContain('Crash ao vivo');
    expect((await get('/media/content/crash-en.svg')).body).toContain('Live crash');
    expect((await get('/media/content/nope-pt.svg')).statusCode).toBe(404);
    expect((await get('/media/content/..%2f..%2fetc-pt.svg')).statusCode).toBe(400);
  });

  it('is seeded once: a second start creates nothing and keeps an operator’s edits', async () => {
    const before = await site('pt');
    expect(await ctx.core.modules.content.api.seedDemo()).toBe(0);
    expect(await site('pt')).toEqual(before);
  });

  it('serves the help centre with each article’s HTML', async () => {
    const help = HelpCentreSchema.parse((await get('/api/content/help?language=en')).json());
    const terms = help.articles.find((article) => article.tag === 'term');
    expect(terms?.title).toBe('Terms and conditions');
    expect(terms?.html).toContain('<h3>1. Account</h3>');
    expect((await get('/api/content/help?language=xx')).statusCode).toBe(400);
  });
});

describe('caching', () => {
  it('answers If-None-Match with 304 until an operator changes something, then shows the change without a restart', async () => {
    const first = await get('/api/content/site?language=pt');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect((await get('/api/content/site?language=pt', { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('/api/content/site?language=pt', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

    const title = `Nova ${randomUUID().slice(0, 8)}`;
    expect((await admin('POST', '/api/backoffice/content/banner', bannerInput(title))).statusCode).toBe(201);
    const after = await get('/api/content/site?language=pt', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(SiteContentSchema.parse(after.json()).banners.map((banner) => banner.title)).toContain(title);
  });
});

describe('an operator edits a banner (issue 11: the home page shows it without restart)', () => {
  it('reaches the player’s content endpoint at once in this process, and in another process through the bus', async () => {
    const other = await createTestContext({ databaseUrl: ctx.databaseUrl });
    try {
      const id = (await admin('POST', '/api/backoffice/content/banner', bannerInput('Antes'))).json().id as string;
      const titleIn = async (app: typeof ctx.app) => SiteContentSchema.parse((await app.inject({ method: 'GET', url: '/api/content/site?language=pt' })).json()).banners.find((banner) => banner.id === id)?.title;
      // Both processes have the banner in their caches before the edit.
      await expect.poll(() => titleIn(other.app), { timeout: 5_000 }).toBe('Antes');
      expect(await titleIn(ctx.app)).toBe('Antes');

      const edited = await admin('PUT', `/api/backoffice/content/banner/${id}`, bannerInput('Depois'));
      expect(edited.statusCode).toBe(200);
      expect(await titleIn(ctx.app)).toBe('Depois');
      // The other process hears content.changed (LISTEN/NOTIFY) and drops its cache: no restart, no 60 s wait.
      await expect.poll(() => titleIn(other.app), { timeout: 5_000, interval: 50 }).toBe('Depois');
    } finally {
      await other.close();
    }
  });
});

describe('back-office content API', () => {
  it('creates, replaces and deletes a banner, each change audited with before and after', async () => {
    const created = await admin('POST', '/api/backoffice/content/banner', bannerInput('Original'));
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    expect(created.json().updatedBy).toMatch(/^con/);

    const replaced = await admin('PUT', `/api/backoffice/content/banner/${id}`, bannerInput('Replaced', { language: null }));
    expect(replaced.statusCode).toBe(200);
    expect((await site('en')).banners.find((banner) => banner.id === id)?.title).toBe('Replaced');

    expect((await admin('DELETE', `/api/backoffice/content/banner/${id}`)).statusCode).toBe(204);
    expect((await site('pt')).banners.some((banner) => banner.id === id)).toBe(false);
    expect((await admin('DELETE', `/api/backoffice/content/banner/${id}`)).statusCode).toBe(404);

    const audit = await auditRows(id);
    expect(audit.map((row) => row.action)).toEqual(['content.banner.created', 'content.banner.updated', 'content.banner.deleted']);
    const update = audit[1]!.details as { before: { body: { title: string } }; after: { body: { title: string } } };
    expect([update.before.body.title, update.after.body.title]).toEqual(['Original', 'Replaced']);
  });

  it('shows an item only within its schedule, and a disabled one never', async () => {
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const future = (await admin('POST', '/api/backoffice/content/notice', { ...bannerInput('x'), body: { title: 'Futuro' }, startsAt: soon })).json().id;
    const ended = (await admin('POST', '/api/backoffice/content/notice', { ...bannerInput('x'), body: { title: 'Passado' }, startsAt: new Date(Date.now() - 7_200_000).toISOString(), endsAt: past })).json().id;
    const off = (await admin('POST', '/api/backoffice/content/notice', { ...bannerInput('x'), body: { title: 'Desligado' }, enabled: false })).json().id;
    const now = (await admin('POST', '/api/backoffice/content/notice', { ...bannerInput('x'), body: { title: 'Agora' }, endsAt: soon })).json().id;
    const shown = (await site('pt')).notices.map((notice) => notice.id);
    expect(shown).toContain(now);
    expect(shown).not.toContain(future);
    expect(shown).not.toContain(ended);
    expect(shown).not.toContain(off);
    const listed = (await admin('GET', '/api/backoffice/content/notice')).json().content.map((item: { id: string }) => item.id);
    expect(listed).toEqual(expect.arrayContaining([future, ended, off, now]));
  });

  it('sanitises HTML on save: no scripts, handlers, styles or javascript: links; external links open safely', async () => {
    const hostile = '<p onclick="steal()">Oi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a> <a href="https://example.org">ok</a><iframe src="https://evil"></iframe><style>*{}</style></p>';
    const response = await admin('POST', '/api/backoffice/content/announcement', { ...bannerInput('x'), body: { title: 'Aviso', html: hostile, execution: 'B' } });
    expect(response.statusCode).toBe(201);
    const html = response.json().body.html as string;
    expect(html).toBe('<p>Oi<a>x</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a></p>');
    const shown = (await site('pt')).announcements.find((announcement) => announcement.id === response.json().id);
    expect(shown?.html).toBe(html);
  });

  it('refuses bad input with field paths, and changes nothing', async () => {
    const before = (await admin('GET', '/api/backoffice/content/banner')).json().content.length;
    const cases: { url: string; payload: unknown }[] = [
      { url: '/api/backoffice/content/banner', payload: {} },
      { url: '/api/backoffice/content/banner', payload: bannerInput('') },
      { url: '/api/backoffice/content/banner', payload: bannerInput('x'.repeat(121)) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Mau link', {}, { link: { linkageType: 'URL', target: 'javascript:alert(1)' } }) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Rota externa', {}, { link: { linkageType: 'ROUTE', target: '//evil.example/x' } }) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Imagem http', {}, { imageUrl: 'http://insecure.example/a.png' }) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Grupo', {}, { group: 'w_nope' }) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Datas', { startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }) },
      { url: '/api/backoffice/content/banner', payload: bannerInput('Idioma', { language: 'xx' as 'pt' }) },
      { url: '/api/backoffice/content/nope', payload: bannerInput('Tipo') },
      { url: '/api/backoffice/content/announcement', payload: { ...bannerInput('x'), body: { title: 'A', html: 'x'.repeat(100_001), execution: 'B' } } },
      { url: '/api/backoffice/content/announcement', payload: { ...bannerInput('x'), body: { title: 'A', html: '<p>x</p>', execution: 'Z' } } },
      { url: '/api/backoffice/content/help', payload: { ...bannerInput('x'), body: { tag: 'Bad Tag!', title: 'T', html: '', inFooter: false } } },
    ];
    for (const { url, payload } of cases) {
      const response = await admin('POST', url, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json().error.code).toBe('validation.failed');
    }
    expect((await admin('PUT', '/api/backoffice/content/banner/99999999999999999999', bannerInput('x'))).statusCode).toBe(400);
    expect((await admin('PUT', '/api/backoffice/content/banner/123456789', bannerInput('x'))).json().error.code).toBe('content.not_found');
    expect((await admin('GET', '/api/backoffice/content/banner')).json().content.length).toBe(before);
  });

  it('keeps one help article per tag and language', async () => {
    const article = { ...bannerInput('x'), language: 'en' as const, body: { tag: 'term', title: 'Other terms', html: '<p>x</p>', inFooter: true } };
    const response = await admin('POST', '/api/backoffice/content/help', article);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('content.help_tag_taken');
    // For every language (no language), the language's own article still wins on the site.
    expect((await admin('POST', '/api/backoffice/content/help', { ...article, language: null })).statusCode).toBe(201);
    const help = HelpCentreSchema.parse((await get('/api/content/help?language=en')).json());
    expect(help.articles.filter((entry) => entry.tag === 'term').map((entry) => entry.title)).toEqual(['Terms and conditions']);
  });

  it('creates once per Idempotency-Key: a double click or a retry makes one item and one audit row', async () => {
    const key = randomUUID();
    const title = `Uma vez ${key.slice(0, 6)}`;
    const [first, second] = await Promise.all([
      admin('POST', '/api/backoffice/content/banner', bannerInput(title), editor, { 'idempotency-key': key }),
      admin('POST', '/api/backoffice/content/banner', bannerInput(title), editor, { 'idempotency-key': key }),
    ]);
    const third = await admin('POST', '/api/backoffice/content/banner', bannerInput(title), editor, { 'idempotency-key': key });
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1);
    expect((await site('pt')).banners.filter((banner) => banner.title === title)).toHaveLength(1);
    expect(await auditRows(first.json().id)).toHaveLength(1);
    const otherKind = await admin('POST', '/api/backoffice/content/notice', { ...bannerInput('x'), body: { title: 'n' } }, editor, { 'idempotency-key': key });
    expect(otherKind.statusCode).toBe(409);
    expect((await admin('POST', '/api/backoffice/content/banner', bannerInput(title), editor, { 'idempotency-key': 'short' })).statusCode).toBe(400);
  });

  it('admits only the content role (and the owner)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/backoffice/content/banner' })).statusCode).toBe(401);
    const refused = await admin('POST', '/api/backoffice/content/banner', bannerInput('Suporte'), support);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('backoffice.forbidden');
    expect((await admin('POST', '/api/backoffice/content/banner', bannerInput('Dono'), owner)).statusCode).toBe(201);
  });
});

describe('app download and settings', () => {
  it('draws a QR code of the configured address only, after the content role sets it', async () => {
    expect((await get('/api/content/app-qr/ios.svg')).json().error.code).toBe('content.app_not_configured');
    expect((await get('/api/content/app-qr/windows.svg')).statusCode).toBe(400);
    const links = { ios: 'https://apps.example.com/ios', android: 'https://apps.example.com/app.apk', lite: null };
    const saved = await admin('PUT', '/api/backoffice/settings/appDownload', links);
    expect(saved.statusCode).toBe(200);
    const qr = await get('/api/content/app-qr/android.svg');
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(qr.body).toBe(qrSvg(links.android, { title: links.android, margin: 5 }));
    expect((await get('/api/content/app-qr/android.svg', { 'if-none-match': qr.headers.etag as string })).statusCode).toBe(304);
    expect((await get('/api/content/app-qr/lite.svg')).statusCode).toBe(404);
    expect((await get('/api/system/boot')).json().appDownload).toEqual(links);

    const audit = await ctx.core.db.selectFrom('backoffice_audit').selectAll().where('action', '=', 'system.setting.appDownload.updated').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ before: { ios: null }, after: links });
  });

  it('keeps the owner’s settings from the content role, and refuses a bad value', async () => {
    const maintenance = await admin('PUT', '/api/backoffice/settings/maintenance', { enabled: true, message: null });
    expect(maintenance.statusCode).toBe(403);
    expect((await get('/api/system/status')).json().status).toBe(0);
    const visible = (await admin('GET', '/api/backoffice/settings')).json();
    expect(Object.keys(visible).sort()).toEqual(['appDownload', 'customerService', 'site']);
    expect(Object.keys((await admin('GET', '/api/backoffice/settings', undefined, owner)).json())).toContain('accounts');
    const bad = await admin('PUT', '/api/backoffice/settings/appDownload', { ios: 'javascript:alert(1)', android: null, lite: null });
    expect(bad.statusCode).toBe(400);
    expect((await admin('PUT', '/api/backoffice/settings/nope', {})).statusCode).toBe(400);
  });
});
