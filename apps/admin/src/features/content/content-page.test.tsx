import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentItem } from '@app/contracts';
import { fakeApi, json, renderConsole } from '../../test/render.tsx';
import { bodyFieldsOf } from './content-kinds.ts';
import { previewHtml } from './preview-html.ts';

const operator = { id: '3', username: 'conteudo', displayName: 'Conteúdo', role: 'content' };

const banner = (overrides: Partial<ContentItem> = {}): ContentItem => ({
  id: '41',
  kind: 'banner',
  language: 'pt',
  sortOrder: 10,
  startsAt: null,
  endsAt: null,
  enabled: true,
  body: { group: 'w_home', title: 'Crash ao vivo', imageUrl: '/media/content/crash-pt.svg', width: 1200, height: 400, link: { linkageType: 'ROUTE', target: '/crash' } },
  updatedAt: '2025-03-01T12:00:00.000Z',
  updatedBy: 'seed',
  ...overrides,
});

/** The Idempotency-Key of every POST (fakeApi records the token only). */
function recordIdempotencyKeys(): (string | null)[] {
  const keys: (string | null)[] = [];
  const inner = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'POST') keys.push(new Headers(init.headers).get('idempotency-key'));
    return inner(input, init);
  }) as typeof fetch;
  return keys;
}

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('content: banners', () => {
  it('checks the form with the shared schema before sending, then shows a refusal from the server translated, under the field it names', async () => {
    let stored = banner();
    let refuse = true;
    const calls = fakeApi((method, path, body) => {
      if (path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: false });
      if (method === 'GET' && path.startsWith('/api/backoffice/content/banner')) return json(200, { content: [stored] });
      if (method === 'PUT' && path === '/api/backoffice/content/banner/41') {
        if (refuse) return json(400, { error: { code: 'validation.failed', message: 'invalid banner', details: { fields: [{ path: 'body.imageUrl', message: 'Invalid input' }] } } });
        stored = { ...stored, ...(body as Partial<ContentItem>), updatedBy: 'conteudo' };
        return json(200, stored);
      }
      return json(404, { error: { code: 'route.not_found', message: 'nf' } });
    });
    sessionStorage.setItem('backoffice.token', 'tok');
    renderConsole('/content/banners');
    const row = await screen.findByTestId('content-row-41');
    expect(within(row).getByText('Crash ao vivo')).toBeTruthy();
    fireEvent.click(screen.getByTestId('content-edit-41'));

    // The preview draws the banner and says where a tap leads, as the operator types.
    expect(screen.getByTestId('preview-link').textContent).toBe('Ao tocar: abre a página /crash.');
    fill('content-field-title', '   ');
    fill('content-field-linkageType', 'URL');
    fill('content-field-target', 'javascript:alert(1)');
    expect(screen.getByTestId('preview-link').textContent).toBe('Ao tocar: nada — o destino ainda não é válido.');
    fireEvent.click(screen.getByTestId('content-save'));
    expect((await screen.findByTestId('content-error-title')).textContent).toBe('Preencha este campo.');
    expect(screen.getByTestId('content-error-target').textContent).toBe('Endereço completo começando com https:// (abre em nova aba).');
    expect(screen.getByTestId('content-form-invalid')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fill('content-field-title', 'Crash: rodadas a cada 10 s');
    fill('content-field-linkageType', 'ROUTE');
    fill('content-field-target', '/crash');
    fireEvent.click(screen.getByTestId('content-save'));
    expect((await screen.findByTestId('content-error')).textContent).toBe('Alguns dados estão inválidos. Verifique e tente novamente.');
    expect(screen.getByText('O servidor recusou este valor.')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByTestId('content-save'));
    await screen.findByTestId('content-saved');
    const put = calls.filter((call) => call.method === 'PUT').at(-1);
    expect(put?.body).toEqual({
      language: 'pt',
      sortOrder: 10,
      startsAt: null,
      endsAt: null,
      enabled: true,
      body: { group: 'w_home', title: 'Crash: rodadas a cada 10 s', imageUrl: '/media/content/crash-pt.svg', width: 1200, height: 400, link: { linkageType: 'ROUTE', target: '/crash' } },
    });
    await waitFor(() => expect(screen.getByTestId('content-title-41').textContent).toBe('Crash: rodadas a cada 10 s'));
  });

  it('refuses an end before the start, and creates with one Idempotency-Key however often the operator presses save', async () => {
    const calls = fakeApi((method, path) => {
      if (path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: false });
      if (method === 'GET' && path.startsWith('/api/backoffice/content/notice')) return json(200, { content: [] });
      if (method === 'POST') return json(500, { error: { code: 'system.internal', message: 'boom' } });
      return json(404, { error: { code: 'route.not_found', message: 'nf' } });
    });
    const keys = recordIdempotencyKeys();
    sessionStorage.setItem('backoffice.token', 'tok');
    renderConsole('/content/notices', 'en');
    fireEvent.click(await screen.findByTestId('content-new'));
    fill('content-field-title', 'PIX deposits are instant');
    fill('content-field-startsAt', '2030-01-02T10:00');
    fill('content-field-endsAt', '2030-01-01T10:00');
    fireEvent.click(screen.getByTestId('content-save'));
    expect((await screen.findByTestId('content-error-endsAt')).textContent).toBe('The end must come after the start.');
    fill('content-field-endsAt', '');
    fireEvent.click(screen.getByTestId('content-save'));
    expect((await screen.findByTestId('content-error')).textContent).toBe('A server error occurred. Please try again.');
    fireEvent.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(screen.getByTestId('preview-notice').textContent).toContain('PIX deposits are instant');
  });
});

describe('content forms come from the schemas', () => {
  it('has a field for every key of each kind’s body schema', () => {
    expect(bodyFieldsOf('banner').map((field) => [field.key, field.widget])).toEqual([
      ['group', 'select'], ['title', 'text'], ['imageUrl', 'text'], ['width', 'number'], ['height', 'number'], ['link', 'link'],
    ]);
    expect(bodyFieldsOf('popup').filter((field) => field.nullable).map((field) => field.key)).toEqual(['imageUrl', 'width', 'height']);
    expect(bodyFieldsOf('notice')[0]?.maxLength).toBe(300);
    expect(bodyFieldsOf('announcement').find((field) => field.key === 'execution')?.options).toEqual(['A', 'B', 'F']);
  });

  it('previews operator HTML as the server will keep it, and never runs it', () => {
    expect(previewHtml('<p onclick="x()">Oi<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a> <a href="https://example.org">ok</a><iframe src="https://evil"></iframe><style>*{}</style></p>')).toBe(
      '<p>Oi<a>x</a> <a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a></p>',
    );
    expect(previewHtml('<div><h2>T</h2><table><tr><td colspan="2">a</td></tr></table></div>')).toBe('<h2>T</h2><table><tbody><tr><td colspan="2">a</td></tr></tbody></table>');
  });
});
