import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import '@app/ui/tokens.css';
import './admin.css';
import { createI18n } from '../shared/i18n.ts';
import { SessionProvider } from '../shared/session.tsx';
import { createAdminRouter } from './router.tsx';

const i18n = createI18n();
const queryClient = new QueryClient({
  defaultOptions: {
    // Operators act on what they see: refetch on focus, keep answers fresh for a short while only.
    queries: { staleTime: 10_000, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <SessionProvider>
          <RouterProvider router={createAdminRouter()} />
        </SessionProvider>
      </I18nextProvider>
    </QueryClientProvider>
  </StrictMode>,
);
