import { Suspense, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, Route, RouterProvider, Routes } from 'react-router';
import { vi } from 'vitest';
import type { OperatorRole } from '@app/contracts';
import { adminRoutes } from '../app/router.tsx';
import { createI18n } from '../shared/i18n.ts';
import { SessionProvider } from '../shared/session.tsx';
import { storeToken } from '../shared/session-store.ts';

/** A JSON answer as fetch gives it. */
export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * fetch replaced by `answer(method, path, body)`; every call is recorded. The console's own
 * code runs unchanged above it (the API client, the session, the router).
 */
export function fakeApi(answer: (method: string, path: string, body: unknown) => Response | Promise<Response>) {
  const calls: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, path, body, authorization: headers.get('authorization') });
    return answer(method, path, body);
  }) as typeof fetch;
  return calls;
}

/** The whole console at `path` (under /admin), in Portuguese unless told otherwise. */
export function renderConsole(path: string, language: 'pt' | 'en' = 'pt') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(adminRoutes(), { initialEntries: [path] });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createI18n(language)}>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  ) as ReturnType<typeof render> & { element?: ReactElement };
}

/** A call a page made, as the stubbed API saw it. */
export interface StubbedCall {
  method: string;
  url: string;
  body: unknown;
  headers: Headers;
  contentType: string | null;
}

/**
 * The API as pages see it: a live session of an operator in `role`, then whatever `answer` says
 * per call. Answers the list of calls, for assertions on what was sent.
 */
export function stubOperatorApi(role: OperatorRole, answer: (call: StubbedCall) => { status?: number; body: unknown }, operator: { id: string; username: string } = { id: '1', username: 'op' }) {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      // Headers ride along unenumerated, so a test may compare a whole call to { method, url, body }.
      const call = Object.defineProperties(
        { method: init.method ?? 'GET', url, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body },
        { headers: { value: headers }, contentType: { value: headers.get('content-type') } },
      ) as StubbedCall;
      calls.push(call);
      const reply = url === '/api/backoffice/session' ? { body: { operator: { ...operator, displayName: 'Op', role }, mustChangePassword: false } } : answer(call);
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** Pages under their own routes at `path`, with a stored token and the session provider (no shell). */
export function renderPages(path: string, routes: readonly { path: string; element: ReactNode }[], language: 'pt' | 'en' = 'en') {
  storeToken('token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={createI18n(language)}>
        <SessionProvider>
          <MemoryRouter initialEntries={[path]}>
            <Suspense fallback={null}>
              <Routes>
                {routes.map((route) => (
                  <Route key={route.path} path={route.path} element={route.element} />
                ))}
              </Routes>
            </Suspense>
          </MemoryRouter>
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
