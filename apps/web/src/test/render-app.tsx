import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { BootInfo } from '@app/contracts';
import { appRoutes } from '../app/routes.tsx';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { systemKeys } from '../features/system/index.ts';
import { createTestI18n } from './test-i18n.ts';
import { bootFixture } from './fixtures.ts';

/** Renders the real route tree at `path` with boot info already loaded (as RootView ensures). */
export function renderApp(path: string, boot: BootInfo = bootFixture()) {
  // The responsible-gaming notice after each login (issue 27) stays out of tests about other things.
  localStorage.setItem('rg.notice.skip', '1');
  const queryClient = createQueryClient();
  queryClient.setQueryData(systemKeys.boot(), boot);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const i18n = createTestI18n('pt');
  const utils = render(
    <Providers queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, queryClient, i18n };
}
