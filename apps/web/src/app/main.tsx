import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@app/ui/tokens.css';
import '../shared/components/page.css';
import '../shared/styles/index.css';
import { takeHandoffFromUrl } from '../shared/session-token.ts';
import { rememberHandoff } from '../features/account/index.ts';
import { siteContentQueryOptions } from '../features/content/index.ts';
import { bootQueryOptions } from '../features/system/index.ts';
import { createI18n, currentLanguage } from '../shared/i18n.ts';
import { applyTheme } from '../shared/theme.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RootView } from './root-view.tsx';

// First of all, a hand-off code (or a legacy ?token=) leaves the address and its history entry,
// so nothing later can log, share or replay it; HandoffGate redeems the code after mounting.
rememberHandoff(takeHandoffFromUrl());
// Before the first render: theme (no flash) and language (<html lang>).
applyTheme();
const i18n = createI18n();
const queryClient = createQueryClient();
// Nothing mounts before the boot info, so it is asked for now rather than on the first render.
// The first screen also shows the operator's content (home banners, side-menu banner,
// announcements): it is public, so it is asked for beside the boot info instead of after it.
void queryClient.prefetchQuery(bootQueryOptions());
void queryClient.prefetchQuery(siteContentQueryOptions(currentLanguage(i18n)));


const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n}>
      <RootView />
    </Providers>
  </StrictMode>,
);
