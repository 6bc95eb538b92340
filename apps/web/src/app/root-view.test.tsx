import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import type { BootInfo } from '@app/contracts';
import { bootFixture } from '../test/fixtures.ts';
import { createI18n } from '../shared/i18n.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RootView } from './root-view.tsx';
import { appRoutes } from './routes.tsx';

class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {}
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function renderRoot(bootResponses: (() => Response)[]) {
  let call = 0;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('fetch', async (url: string) => {
    // Only boot answers follow the script; the shell's other reads (the games menu) get a 404.
    if (url !== '/api/system/boot') return new Response(JSON.stringify({ error: { code: 'not_found', message: 'not found' } }), { status: 404 });
    const next = bootResponses[Math.min(call, bootResponses.length - 1)];
    call += 1;
    return next ? next() : new Response(null, { status: 500 });
  });
  const queryClient = createQueryClient();
  render(
    <Providers queryClient={queryClient} i18n={createI18n('pt')}>
      <RootView createRouter={() => createMemoryRouter(appRoutes, { initialEntries: ['/'] })} />
    </Providers>,
  );
}

const boot = (overrides: Partial<BootInfo>) => () => new Response(JSON.stringify(bootFixture(overrides)), { status: 200 });

describe('root view by system status', () => {
  it('shows the maintenance page with the operator message in the current language', async () => {
    renderRoot([boot({ status: 1, maintenanceMessage: { pt: 'Voltamos às 14h', en: 'Back at 2 pm' } })]);
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    expect(screen.getByTestId('page-title').textContent).toBe('Em manutenção');
    expect(screen.getByTestId('maintenance-message').textContent).toBe('Voltamos às 14h');
  });

  it('shows the region-blocked page with the IP, and the customer-service button only when configured', async () => {
    renderRoot([boot({ status: 2, customerService: [{ type: 'WHATSAPP', url: 'https://wa.example.test/1' }] })]);
    expect(await screen.findByTestId('blocked-page')).toBeTruthy();
    expect(screen.getByTestId('blocked-ip').textContent).toBe('203.0.113.7');
    const button = screen.getByTestId('customer-service-button');
    expect(button.getAttribute('href')).toBe('https://wa.example.test/1');
    expect(button.getAttribute('target')).toBe('_blank');
  });

  it('hides the customer-service button when none is configured', async () => {
    renderRoot([boot({ status: 2 })]);
    await screen.findByTestId('blocked-page');
    expect(screen.queryByTestId('customer-service-button')).toBeNull();
  });

  it('shows a translated error with retry when boot fails, never a blank page', async () => {
    const failure = () => new Response('oops', { status: 500 });
    renderRoot([failure, failure, failure, boot({})]);
    // The query retries twice before giving up; then the error page offers a manual retry.
    const retry = await screen.findByTestId('boot-retry', {}, { timeout: 10_000 });
    fireEvent.click(retry);
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
  }, 15_000);

  it('switches to the maintenance page live on a system.status push, and back', async () => {
    renderRoot([boot({}), boot({ status: 1 }), boot({ status: 0 })]);
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
    act(() => FakeSocket.last?.push({ type: 'system.status', status: 1 }));
    expect(await screen.findByTestId('maintenance-page')).toBeTruthy();
    act(() => FakeSocket.last?.push({ type: 'system.status', status: 0 }));
    expect(await screen.findByTestId('app-shell')).toBeTruthy();
  });
});
