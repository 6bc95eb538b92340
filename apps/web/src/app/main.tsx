import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@app/ui/tokens.css';
import '../shared/components/page.css';
import '../shared/styles/index.css';
import { takeHandoffFromUrl } from '../shared/session-token.ts';
import { rememberHandoff } from '../features/account/index.ts';
import { siteContentQueryOptions } from '../features/content/index.ts';
import { bootQueryOptions } from '../features/system/index.ts';
import { createI18n, loadLanguage, resolveStoredLanguage } from '../shared/i18n.ts';
import { applyTheme } from '../shared/theme.ts';
import { Providers } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { RootView } from './root-view.tsx';

// First of all, a hand-off code (or a legacy ?token=) leaves the address and its history entry,
// so nothing later can log, share or replay it; HandoffGate redeems the code after mounting.
rememberHandoff(takeHandoffFromUrl());
// Before the first render: theme (no flash); the boot info and the operator's content (home
// banners, side-menu banner, announcements) are asked for while the language's texts load.
applyTheme();
const language = resolveStoredLanguage();
const queryClient = createQueryClient();
void queryClient.prefetchQuery(bootQueryOptions());
void queryClient.prefetchQuery(siteContentQueryOptions(language));

const container = document.getElementById('root');
if (!container) throw new Error('#root element missing from index.html');
const root = container;

// Only the active language's texts ship with the page (their own chunk); <html lang> is set here.
// A chunk that fails to arrive (a flaky network, a deploy in between) is asked for once more; after
// that the page says so in both languages rather than stay blank.
const retryOnce = () => new Promise((resolve) => setTimeout(resolve, 1000)).then(() => loadLanguage(language));
void loadLanguage(language).catch(retryOnce).then(() => {
  const i18n = createI18n(language);
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient} i18n={i18n}>
        <RootView />
      </Providers>
    </StrictMode>,
  );
}, () => {
  root.textContent = 'Não foi possível carregar o site: recarregue a página. · The site could not load: reload the page.';
});
