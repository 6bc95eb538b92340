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
    withdrawal: { min: '20.00', max: '50000.00', autoApproveUpTo: '0.00', receiptTimeoutMinutes: 60, kycRequiredAbove: '2000.00' },
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

function serve(operator: typeof owner, put: (key: string, body: unknown) => Response, propose?: (body: unknown) => Response) {
  sessionStorage.setItem('backoffice.token', 'tok');
  return fakeApi((method, path, body) => {
    if (path === '/api/backoffice/session') return json(200, { operator, mustChangePassword: false });
    if (path === '/api/system/status') return json(200, { status: 0, ip: '203.0.113.9' });
    if (method === 'GET' && path === '/api/backoffice/settings') return json(200, operator.role === 'owner' ? settings : { site: settings.site, appDownload: settings.appDownload, customerService: settings.customerService });
    if (method === 'PUT' && path.startsWith('/api/backoffice/settings/')) return put(path.slice('/api/backoffice/settings/'.length), body);
    if (method === 'POST' && path === '/api/backoffice/settings/payments/proposal' && propose) return propose(body);
    if (method === 'GET' && path.startsWith('/api/backoffice/approvals')) return json(200, { content: [], total: 0 });
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
    expect(calls.some((call) => call.method === 'PUT' || call.method === 'POST')).toBe(false);
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
    let refuse = true;
    const calls = serve(
      owner,
      () => json(409, { error: { code: 'system.setting_needs_approval', message: 'propose' } }),
      (body) =>
        refuse
          ? json(400, { error: { code: 'validation.failed', message: 'invalid', details: { fields: [{ path: 'payments.withdrawal.autoApproveUpTo', message: 'x' }] } } })
          : json(202, { id: '5', kind: 'system.payment_limits', target: 'payments', payload: { before: settings.payments, after: (body as { value: unknown }).value }, reason: 'x', status: 'pending', requestedBy: { id: '1', username: 'dono' }, requestedAt: '2026-01-01T00:00:00.000Z', decidedBy: null, decidedAt: null, decisionNote: null, result: null, canDecide: false }),
    );
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
    // A change of the limits waits for a second operator: it needs a reason.
    fireEvent.click(screen.getByTestId('settings-save-payments'));
    expect((await screen.findByTestId('settings-reason-payments-error')).textContent).toBe('Enter the reason (up to 500 characters).');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fill('settings-reason-payments', 'limite de aprovação automática');
    fireEvent.click(screen.getByTestId('settings-save-payments'));
    expect((await screen.findByTestId('settings-error-payments')).textContent).toBe('Some details are invalid. Please check and try again.');
    expect(screen.getByTestId('settings-limits-autoApproveUpTo-error').textContent).toBe('The server refused this value.');
    const value = {
      deposit: { presets: ['20.00', '50.00'], min: '10.00', max: '50000.00', expiresInMinutes: 15, maxPending: 3 },
      withdrawal: { min: '50.00', max: '800.00', autoApproveUpTo: '100.50', receiptTimeoutMinutes: 60, kycRequiredAbove: '2000.00' },
    };
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ value, reason: 'limite de aprovação automática' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    // Accepted: the change awaits approval; the form keeps the proposed values.
    refuse = false;
    fireEvent.click(screen.getByTestId('settings-save-payments'));
    expect((await screen.findByTestId('settings-proposed-payments')).textContent).toBe('Request sent: the change takes effect when another operator approves it in Approvals.');
    expect((screen.getByTestId('settings-limits-autoApproveUpTo') as HTMLInputElement).value).toBe('100,5');
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
