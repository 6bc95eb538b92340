import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@app/ui/tokens.css';
import '../shared/components/page.css';
import { adoptTokenFromUrl } from '../shared/session-token.ts';
import { createI18n } from '../shared/i18n.ts';
import { applyTheme } from '../shared/theme.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RootView } from './root-view.tsx';

// Before the first render: theme (no flash), language (<html lang>), and a hand-off token.
applyTheme();
adoptTokenFromUrl();
const i18n = createI18n();
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n}>
      <RootView />
    </Providers>
  </StrictMode>,
);
