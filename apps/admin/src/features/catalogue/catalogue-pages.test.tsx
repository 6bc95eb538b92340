import type { ReactNode } from 'react';
import { renderPages, stubOperatorApi } from '../../test/render.tsx';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CatalogueImportReport, OperatorVendor } from '@app/contracts';
import ImportPage from './import-page.tsx';
import VendorsPage from './vendors-page.tsx';

const vendor = (overrides: Partial<OperatorVendor> = {}): OperatorVendor => ({
  code: 'PG',
  displayName: 'PG Soft',
  gameTypes: ['RNG'],
  sortOrder: 10,
  walletMode: 'seamless',
  enabled: true,
  maintenance: false,
  isDemo: false,
  games: { total: 120, enabled: 118, maintenance: 0 },
  fundsHeld: { members: 0, total: '0.00' },
  provider: { hasSecret: true, rotatedAt: '2025-01-02T03:04:05.000Z', ipAllowList: [], managedByServer: false },
  ...overrides,
});

const stubApi = stubOperatorApi;
const renderPage = (page: ReactNode) => renderPages('/', [{ path: '/', element: page }]);

describe('catalogue vendors page', () => {
  it('switches maintenance with one click and shows the vendor as the server answers it', async () => {
    let current = vendor();
    const calls = stubApi('content', (call) => {
      if (call.method === 'PATCH') current = { ...current, ...(call.body as Partial<OperatorVendor>) };
      return { body: call.method === 'PATCH' ? current : { content: [current] } };
    });
    renderPage(<VendorsPage />);
    const toggle = await screen.findByTestId('vendor-maintenance-PG');
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect((screen.getByTestId('vendor-maintenance-PG') as HTMLInputElement).checked).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({ url: '/api/backoffice/catalogue/vendors/PG', body: { maintenance: true } });
    // The content role manages the display, not the integration: no secret or allow-list buttons.
    expect(screen.queryByTestId('vendor-rotate-PG')).toBeNull();
    expect(screen.queryByTestId('vendor-wallet-mode-PG')).toBeNull();
  });

  const pendingRequest = (kind: string, payload: object) => ({
    id: '9', kind, target: 'PG', payload, reason: 'novo contrato', status: 'pending', requestedBy: { id: '1', username: 'dono' }, requestedAt: '2026-01-01T00:00:00.000Z',
    decidedBy: null, decidedAt: null, decisionNote: null, result: null, canDecide: false,
  });

  it('proposes a wallet mode with a reason, shows the translated refusal when members hold money at the vendor', async () => {
    const calls = stubApi('owner', (call) =>
      call.method === 'POST'
        ? { status: 409, body: { error: { code: 'catalogue.vendor_funds_held', message: 'held', details: { members: 1, total: '50.00' } } } }
        : call.url.startsWith('/api/backoffice/approvals') ? { body: { content: [], total: 0 } } : { body: { content: [vendor({ walletMode: 'transfer', fundsHeld: { members: 1, total: '50.00' } })] } },
    );
    renderPage(<VendorsPage />);
    fireEvent.change(await screen.findByTestId('vendor-wallet-mode-PG'), { target: { value: 'seamless' } });
    const dialog = await screen.findByTestId('vendor-mode-dialog');
    expect((within(dialog).getByTestId('vendor-mode-dialog-send') as HTMLButtonElement).disabled).toBe(true); // a reason first
    fireEvent.change(within(dialog).getByTestId('vendor-mode-dialog-reason'), { target: { value: 'fim da integração' } });
    fireEvent.click(within(dialog).getByTestId('vendor-mode-dialog-send'));
    expect((await screen.findByTestId('vendor-mode-dialog-error')).textContent).toContain('Members still hold money at this vendor');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/backoffice/catalogue/vendors/PG/wallet-mode', body: { walletMode: 'seamless', reason: 'fim da integração' } });
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    expect(screen.getByTestId('vendor-funds-PG').textContent).toContain('1 member');
  });

  it('a new secret is proposed, never shown here: the page says the change awaits approval', async () => {
    let proposed = false;
    const request = pendingRequest('catalogue.vendor_secret', { vendor: 'PG', vendorName: 'PG Soft' });
    const calls = stubApi('owner', (call) => {
      if (call.method === 'POST') {
        proposed = true;
        return { status: 202, body: request };
      }
      if (call.url.startsWith('/api/backoffice/approvals')) return { body: { content: proposed && call.url.includes('catalogue.vendor_secret') ? [request] : [], total: proposed ? 1 : 0 } };
      return { body: { content: [vendor()] } };
    });
    renderPage(<VendorsPage />);
    fireEvent.click(await screen.findByTestId('vendor-rotate-PG'));
    fireEvent.change(await screen.findByTestId('vendor-rotate-dialog-reason'), { target: { value: 'rotação trimestral' } });
    fireEvent.click(screen.getByTestId('vendor-rotate-dialog-send'));
    expect((await screen.findByTestId('vendor-rotate-dialog-sent')).textContent).toContain('takes effect when another operator approves it');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/backoffice/catalogue/vendors/PG/secret', body: { reason: 'rotação trimestral' } });
    fireEvent.click(screen.getByTestId('vendor-rotate-dialog-done'));
    expect((await screen.findByTestId('pending-approvals-catalogue.vendor_secret')).textContent).toContain('PG Soft (PG): generate a new provider-API secret');
  });
});

describe('catalogue import page', () => {
  it('uploads the file as text/csv and lists the refused rows first', async () => {
    const report: CatalogueImportReport = {
      bytes: 120,
      sha256: 'a'.repeat(64),
      vendors: { added: 0, updated: 0, unchanged: 1, refused: 0 },
      games: { added: 1, updated: 0, unchanged: 0, refused: 1 },
      rows: [
        { section: 'vendors', line: 2, key: 'PG', outcome: 'unchanged', reasons: [] },
        { section: 'games', line: 5, key: 'PG/tiger', outcome: 'added', reasons: [] },
        { section: 'games', line: 6, key: 'PG/bad', outcome: 'refused', reasons: ['minBet: must be a decimal amount with at most 2 places, like 0.20 (got "0.001")'] },
      ],
      rowsTruncated: false,
      ignoredColumns: [],
    };
    const calls = stubApi('owner', () => ({ body: report }));
    renderPage(<ImportPage />);
    const file = new File(['vendor,gameCode,gameType,name_en\n'], 'catalogue.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByTestId('catalogue-import-file'), { target: { files: [file] } });
    fireEvent.click(screen.getByTestId('catalogue-import-submit'));
    const rows = await screen.findByTestId('catalogue-import-rows');
    expect(within(rows).getAllByRole('row')).toHaveLength(2);
    expect(rows.textContent).toContain('PG/bad');
    expect(rows.textContent).toContain('minBet');
    expect(screen.getByTestId('import-count-games-added').textContent).toContain('1');
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: '/api/backoffice/catalogue/import', contentType: 'text/csv' });
  });

  it('refuses a file over the limit before sending it', async () => {
    const calls = stubApi('owner', () => ({ body: {} }));
    renderPage(<ImportPage />);
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    fireEvent.change(await screen.findByTestId('catalogue-import-file'), { target: { files: [big] } });
    expect((screen.getByTestId('catalogue-import-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('at most 5 MB');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });
});
