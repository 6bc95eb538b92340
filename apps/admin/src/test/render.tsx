import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { adminRoutes } from '../app/router.tsx';
import { createI18n } from '../shared/i18n.ts';
import { SessionProvider } from '../shared/session.tsx';

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
