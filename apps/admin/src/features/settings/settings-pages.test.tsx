import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, renderConsole } from '../../test/render.tsx';

const owner = { id: '1', username: 'dono', displayName: 'Dono', role: 'owner' };
const content = { id: '2', username: 'conteudo', displayName: 'Conteúdo', role: 'content' };

const settings = {
  maintenance: { enabled: false, message: null },
  locale: { defaultLanguage: 'pt', timeZone: 'America/Sao_Paulo' },
  whitelabel: { USERNAMEREG3: true, MOBILENUMREG3: false, MOBILENUMPASSREG3: false, REGMOBVERF3: false, CHNGPASSVERIF3: true, AGENTPOLICY3: true },
  payments: {
    deposit: { presets: ['20.00', '50.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 },
    withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '0.00', receiptTimeoutMinutes: 60 },
  },
  backoffice: { ipAllowList: [] },
  region: { enabled: false, blockedIps: [], allowedIps: [], blockedCountries: [] },
  accounts: { defaultPassword: null, passwordExpiryDays: null },
  site: { name: 'Bet Platform', licenceLines: { pt: [], en: [] }, licenceValidatorUrl: null, affiliateServiceUrl: null, social: [] },
  appDownload: { ios: null, android: null, lite: null },
  customerService: [],
};

function fill(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function serve(operator: typeof owner, put: (key: string, body: unknown) => Response) {
  sessionStorage.setItem('backoffice.token', 'tok');
  return fakeApi((method, path, body) => {
    if (path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: false });
    if (path === '/api/system/status') return json(200, { status: 0, ip: '203.0.113.9' });
    if (method === 'GET' && path === '/api/backoffice/settings') return json(200, operator.role === 'owner' ? settings : { site: settings.site, appDownload: settings.appDownload, customerService: settings.customerService });
    if (method === 'PUT' && path.startsWith('/api/backoffice/settings/')) return put(path.slice('/api/backoffice/settings/'.length), body);
    return json(404, { error: { code: 'route.not_found', message: 'nf' } });
  });
}

describe('settings: maintenance', () => {
  it('asks before turning maintenance on, sends the message, and shows a server refusal translated', async () => {
    let answer: Response | null = json(403, { error: { code: 'backoffice.forbidden', message: 'only the owner may change maintenance' } });
    const calls = serve(owner, (_key, body) => answer ?? json(200, body));
    renderConsole('/settings/general');
    await screen.findByTestId('settings-card-maintenance');
    fireEvent.click(screen.getByTestId('settings-maintenance-enabled'));
    fill('settings-maintenance-pt', 'Voltamos às 10h');
    fill('settings-maintenance-en', 'Back at 10');
    fireEvent.click(screen.getByTestId('settings-save-maintenance'));

    const dialog = await screen.findByTestId('settings-confirm-maintenance');
    expect(within(dialog).getByText('Colocar o site em manutenção?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('settings-confirm-maintenance')).toBeNull());
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fireEvent.click(screen.getByTestId('settings-save-maintenance'));
    fireEvent.click(within(await screen.findByTestId('settings-confirm-maintenance')).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('settings-error-maintenance')).textContent).toBe('Seu perfil não tem permissão para esta ação.');
    expect(calls.filter((call) => call.method === 'PUT').at(-1)).toMatchObject({ path: '/api/backoffice/settings/maintenance', body: { enabled: true, message: { pt: 'Voltamos às 10h', en: 'Back at 10' } } });

    answer = null;
    fireEvent.click(screen.getByTestId('settings-save-maintenance'));
    fireEvent.click(within(await screen.findByTestId('settings-confirm-maintenance')).getByTestId('confirm-ok'));
    await screen.findByTestId('settings-saved-maintenance');
    await waitFor(() => expect(screen.getByTestId('settings-maintenance-state').textContent).toBe('Em manutenção'));
  });
});

describe('settings: limits', () => {
  it('refuses a minimum above the maximum and a malformed amount before sending, then the field the server names', async () => {
    const calls = serve(owner, () => json(400, { error: { code: 'validation.failed', message: 'invalid', details: { fields: [{ path: 'payments.withdrawal.autoApproveUpTo', message: 'x' }] } } }));
    renderConsole('/settings/limits', 'en');
    await screen.findByTestId('settings-card-payments');
    fill('settings-limits-withdrawalMin', '900');
    fill('settings-limits-withdrawalMax', '800,00');
    fill('settings-limits-depositMax', '12abc');
    fireEvent.click(screen.getByTestId('settings-save-payments'));
    expect((await screen.findByTestId('settings-limits-withdrawalMin-error')).textContent).toBe('The minimum cannot exceed the maximum.');
    expect(screen.getByTestId('settings-limits-depositMax-error').textContent).toBe('Use an amount in reais, e.g. 10.00.');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    fill('settings-limits-withdrawalMin', '50');
    fill('settings-limits-depositMax', '50000');
    fill('settings-limits-autoApproveUpTo', '100,5');
    fireEvent.click(screen.getByTestId('settings-save-payments'));
    expect((await screen.findByTestId('settings-error-payments')).textContent).toBe('Some details are invalid. Please check and try again.');
    expect(screen.getByTestId('settings-limits-autoApproveUpTo-error').textContent).toBe('The server refused this value.');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      deposit: { presets: ['20.00', '50.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 },
      withdrawal: { min: '50.00', max: '800.00', autoApproveUpTo: '100.50', receiptTimeoutMinutes: 60 },
    });
  });
});

describe('settings: the content role', () => {
  it('sees only the site page, and a javascript: contact is refused before it is sent', async () => {
    const calls = serve(content, (_key, body) => json(200, body));
    renderConsole('/settings/site');
    await screen.findByTestId('settings-card-customerService');
    expect(screen.queryByTestId('menu-settings-general')).toBeNull();
    expect(screen.getByTestId('menu-settings-site')).toBeTruthy();
    fireEvent.click(screen.getByTestId('settings-contacts-add'));
    fill('settings-contacts-url-0', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('settings-save-customerService'));
    expect((await screen.findByTestId('settings-contacts-error-0')).textContent).toBe('Use um endereço completo começando com https:// ou http://.');
    fill('settings-contacts-url-0', 'https://t.me/suporte');
    fireEvent.click(screen.getByTestId('settings-save-customerService'));
    await screen.findByTestId('settings-saved-customerService');
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/backoffice/settings/customerService', body: [{ type: 'TELEGRAM', url: 'https://t.me/suporte' }] });
  });
});
