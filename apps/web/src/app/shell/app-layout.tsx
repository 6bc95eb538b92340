import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AccountModalsProvider, AccountEffects, AccountModalsHost, WelcomeToast, useAccountModals, useSession } from '../../features/account/index.ts';
import { ContentPopups } from '../../features/content/index.ts';
import { loadFeedbackModal } from '../../features/feedback/index.ts';
import { GameToasts } from '../../features/games/index.ts';
import { ReferralEdgeLink } from '../../features/referral/index.ts';
import { ResponsibleGamingWatch } from '../../features/limits/index.ts';
import { SupportEdgeButton, SupportModalHost } from '../../features/support/index.ts';
import { withNamespaces } from '../../shared/i18n-namespaces.tsx';
import { contentKeyOf } from '../paths.ts';
import { ChunkErrorBoundary } from './lazy-page.tsx';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { ScrollTopButton } from './scroll-top-button.tsx';
import { SideMenu } from './side-menu.tsx';
import { SideMenuProvider, useSideMenu } from './side-menu-context.tsx';
import './app-shell.css';
import { loadContractModal } from '../../features/agent/index.ts';

/** The player layout for every path except /agent and /agentHome. */
export function AppLayout() {
  return (
    <SideMenuProvider>
      <AccountModalsProvider>
        <ShellFrame />
        <AccountModalsHost />
        <ContentPopups />
        <AgentContractModal />
        <FeedbackModalHost />
        <ChunkErrorBoundary>
          <SupportModalHost />
        </ChunkErrorBoundary>
        <AccountEffects />
        <WelcomeToast />
        <GameToasts />
        <ResponsibleGamingWatch />
      </AccountModalsProvider>
    </SideMenuProvider>
  );
}

// Offers only ever go to agents: players and visitors never download the modal or its texts.
const ContractModal = lazy(() =>
  loadContractModal().then((m) => ({ default: withNamespaces(m.ContractModal, ['contracts']) })),
);

// The footer's feedback modal (issue 26): its code and texts arrive when it is first opened.
const FeedbackModal = lazy(() => loadFeedbackModal().then((m) => ({ default: withNamespaces(m.FeedbackModal, ['feedback']) })));

function FeedbackModalHost() {
  const { modal } = useAccountModals();
  if (modal?.kind !== 'feedback') return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <FeedbackModal />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

function AgentContractModal() {
  const session = useSession();
  if (!session.member || !session.isAgent) return null;
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={null}>
        <ContractModal />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

function ShellFrame() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const { open, compact, close } = useSideMenu();
  const state = [compact ? 'is-compact' : 'is-wide', open ? 'is-menu-open' : 'is-menu-collapsed'].join(' ');
  return (
    <div className={`app-shell ${state}`} data-testid="app-shell">
      <a className="skip-link" href="#main-content">
        {t('skipToContent')}
      </a>
      <Header />
      <SideMenu />
      {compact && open ? <div className="drawer-backdrop" onClick={close} aria-hidden="true" data-testid="drawer-backdrop" /> : null}
      <div className="app-shell__body">
        {/* Re-created on each path (spec §2), except home and its modal entry points. */}
        <main className="app-content" id="main-content" key={contentKeyOf(pathname)}>
          <Outlet />
        </main>
        <Footer />
      </div>
      <ScrollTopButton />
      <ReferralEdgeLink />
      <SupportEdgeButton />
    </div>
  );
}
