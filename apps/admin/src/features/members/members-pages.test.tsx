import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Adjustment, MemberDetail, OperatorRole } from '@app/contracts';
import AdjustmentsPage from './adjustments-page.tsx';
import { centsToDecimal, toSignedCents } from './amount.ts';
import MemberPage from './member-page.tsx';
import SearchPage from './search-page.tsx';

const renderAt = (path: string) =>
  renderPages(
    path,
    [
      { path: '/members', element: <SearchPage /> },
      { path: '/balance-adjustments', element: <AdjustmentsPage /> },
      { path: '/members/:id', element: <MemberPage /> },
    ],
    'pt',
  );
const stubApi = (role: OperatorRole, answer: Parameters<typeof stubOperatorApi>[1]) => stubOperatorApi(role, answer, { id: '7', username: 'op7' });

const member = (overrides: Partial<MemberDetail> = {}): MemberDetail => ({
  id: '42',
  account: 'maria88',
  nickname: 'Maria',
  name: 'Maria da Silva',
  type: 0,
  status: 'active',
  statusReason: null,
  statusChangedAt: null,
  cpf: '***.982.247-**',
  mobile: '+5511*****567',
  email: 'ma***@exemplo.com.br',
  piiMasked: true,
  birthday: '1990-04-01',
  language: 'pt',
  referralCode: null,
  registeredAt: '2025-01-02T03:04:05.000Z',
  registrationIp: '203.0.113.9',
  lastLoginAt: '2025-03-01T10:00:00.000Z',
  mustChangePassword: false,
  hasPaymentPassword: true,
  upline: [{ id: '9', account: 'agente1', type: 1, status: 'active' }],
  directDownlines: 0,
  sessions: [{ startedAt: '2025-03-01T10:00:00.000Z', lastSeenAt: '2025-03-01T10:05:00.000Z', ip: '198.51.100.4', userAgent: 'Firefox' }],
  logins: [{ at: '2025-03-01T10:00:00.000Z', ip: '198.51.100.4', userAgent: 'Firefox' }],
  knownIps: [{ ip: '198.51.100.4', firstSeenAt: '2025-01-02T03:04:05.000Z' }],
  notes: [],
  ...overrides,
});

const adjustment = (overrides: Partial<Adjustment> = {}): Adjustment => ({
  id: '5',
  member: { id: '42', account: 'maria88' },
  amount: '150.00',
  reason: 'Bônus não creditado',
  status: 'pending',
  requestedBy: { id: '3', username: 'fin3' },
  requestedAt: '2025-03-01T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  journalId: null,
  ...overrides,
});

describe('members search', () => {
  it('searches with the one box and links each member to their page', async () => {
    const calls = stubApi('support', () => ({
      body: { total: 1, truncated: false, content: [{ id: '42', account: 'maria88', nickname: 'Maria', type: 0, status: 'locked', cpf: '***.982.247-**', mobile: null, email: null, registeredAt: '2025-01-02T03:04:05.000Z', lastLoginAt: null, matchedBy: ['cpf'] }] },
    }));
    renderAt('/members');
    fireEvent.change(await screen.findByTestId('members-search-input'), { target: { value: ' 529.982.247-25 ' } });
    fireEvent.click(screen.getByTestId('members-search-submit'));
    const link = await screen.findByTestId('member-link-42');
    expect(link.getAttribute('href')).toBe('/members/42');
    const row = screen.getByTestId('members-results-row-42');
    expect(within(row).getByText('Bloqueado')).toBeTruthy();
    expect(within(row).getByText('CPF')).toBeTruthy();
    expect(calls.find((call) => call.url.startsWith('/api/backoffice/members?'))?.url).toBe('/api/backoffice/members?q=529.982.247-25&pageNo=1&pageSize=20');
  });
});

describe('member page', () => {
  it('locks after a confirmation with a reason; support sees no lock button and no money tabs', async () => {
    let current = member();
    const calls = stubApi('risk', (call) => {
      if (call.url === '/api/backoffice/members/42/lock') {
        current = member({ status: 'locked', statusReason: (call.body as { reason: string }).reason });
        return { body: { id: '42', status: 'locked', sessionsEnded: 1 } };
      }
      return { body: current };
    });
    renderAt('/members/42');
    fireEvent.click(await screen.findByTestId('member-lock'));
    const dialog = await screen.findByTestId('member-status-dialog');
    const confirm = within(dialog).getByTestId('member-status-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('member-status-reason'), { target: { value: 'Fraude de bônus' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.getByTestId('member-status').textContent).toBe('Bloqueado'));
    expect(screen.queryByTestId('member-status-dialog')).toBeNull();
    expect(screen.getByTestId('member-lock-reason').textContent).toContain('Fraude de bônus');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/backoffice/members/42/lock', body: { reason: 'Fraude de bônus' } });
    expect(screen.getByTestId('member-unlock')).toBeTruthy();
  });

  it('shows support the profile masked, without lock, money or payment tabs', async () => {
    stubApi('support', () => ({ body: member() }));
    renderAt('/members/42');
    expect((await screen.findByTestId('member-cpf')).textContent).toBe('***.982.247-**');
    expect(screen.getByTestId('member-pii-masked')).toBeTruthy();
    expect(screen.queryByTestId('member-lock')).toBeNull();
    expect(screen.queryByTestId('member-adjust')).toBeNull();
    expect(screen.getByTestId('member-reset-password')).toBeTruthy();
    for (const tab of ['balances', 'ledger', 'deposits', 'withdrawals']) expect(screen.queryByTestId(`member-tab-${tab}`)).toBeNull();
    for (const tab of ['profile', 'bets', 'sessions', 'upline', 'notes']) expect(screen.getByTestId(`member-tab-${tab}`)).toBeTruthy();
  });

  it('shows the temporary password once, then forgets it', async () => {
    stubApi('support', (call) => (call.method === 'POST' ? { body: { temporaryPassword: 'Xk7mPq2RtZ9a', sessionsEnded: 2 } } : { body: member() }));
    renderAt('/members/42');
    fireEvent.click(await screen.findByTestId('member-reset-password'));
    fireEvent.click(await screen.findByTestId('member-password-confirm'));
    expect((await screen.findByTestId('member-temporary-password')).textContent).toBe('Xk7mPq2RtZ9a');
    expect(screen.getByText('2 sessões encerradas.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('member-password-done'));
    await waitFor(() => expect(screen.queryByTestId('member-password-result')).toBeNull());
    fireEvent.click(screen.getByTestId('member-reset-password'));
    expect(await screen.findByTestId('member-password-dialog')).toBeTruthy();
    expect(screen.queryByText('Xk7mPq2RtZ9a')).toBeNull();
  });

  it('asks for an adjustment with signed centavos and one Idempotency-Key per form', async () => {
    const calls = stubApi('finance', (call) => (call.method === 'POST' ? { status: 201, body: adjustment({ amount: '-12.34' }) } : { body: member() }));
    renderAt('/members/42');
    fireEvent.click(await screen.findByTestId('member-adjust'));
    fireEvent.change(screen.getByTestId('member-adjust-amount'), { target: { value: '-12,34' } });
    fireEvent.change(screen.getByTestId('member-adjust-reason'), { target: { value: 'Estorno de bônus' } });
    fireEvent.click(screen.getByTestId('member-adjust-submit'));
    expect((await screen.findByTestId('member-adjust-sent-text')).textContent).toContain('nº 5');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post).toMatchObject({ url: '/api/backoffice/balance-adjustments', body: { memberId: '42', amountCents: '-1234', reason: 'Estorno de bônus' } });
    expect(post.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('adjustments queue', () => {
  it('lets the checker approve another operator’s request after a confirmation, never their own', async () => {
    const calls = stubApi('finance', (call) => {
      if (call.method === 'POST') return { body: adjustment({ status: 'approved', decidedBy: { id: '7', username: 'op7' }, journalId: '99' }) };
      return { body: { total: 2, content: [adjustment(), adjustment({ id: '6', requestedBy: { id: '7', username: 'op7' } })] } };
    });
    renderAt('/balance-adjustments');
    expect(await screen.findByTestId('adjustment-own-6')).toBeTruthy();
    expect(screen.queryByTestId('adjustment-approve-6')).toBeNull();
    fireEvent.click(screen.getByTestId('adjustment-approve-5'));
    const dialog = await screen.findByTestId('adjustment-approve-dialog');
    expect(dialog.textContent).toContain('maria88');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.url === '/api/backoffice/balance-adjustments/5/approve')).toBe(true));
  });

  it('shows the server refusal translated (a debit larger than the balance)', async () => {
    stubApi('owner', (call) =>
      call.method === 'POST'
        ? { status: 409, body: { error: { code: 'wallet.adjustment_overdraw', message: 'x', details: { balance: '10.00' } } } }
        : { body: { total: 1, content: [adjustment({ amount: '-150.00' })] } },
    );
    renderAt('/balance-adjustments');
    fireEvent.click(await screen.findByTestId('adjustment-approve-5'));
    fireEvent.click(within(await screen.findByTestId('adjustment-approve-dialog')).getByTestId('confirm-ok'));
    expect((await screen.findByTestId('adjustments-error')).textContent).toBe('O débito é maior que o saldo do membro: ele ficaria negativo.');
  });
});

describe('adjustment amounts', () => {
  it('reads what operators type as signed centavos', () => {
    expect(toSignedCents('50')).toBe('5000');
    expect(toSignedCents('-12,34')).toBe('-1234');
    expect(toSignedCents('R$ 1.234,5')).toBe('123450');
    expect(toSignedCents('+99.90')).toBe('9990');
    expect(toSignedCents('1.000')).toBe('100000');
    expect(toSignedCents('1000000000')).toBe('100000000000');
    for (const bad of ['', '0', '-0,00', 'abc', '1,234', '1.2.3', '1e5', '--5', '1000000000,01', '12,345']) expect(toSignedCents(bad), bad).toBeNull();
    expect(centsToDecimal('-1234')).toBe('-12.34');
    expect(centsToDecimal('5')).toBe('0.05');
  });
});
