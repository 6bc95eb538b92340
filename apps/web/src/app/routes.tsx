import type { RouteObject } from 'react-router';
import type { WebAppPath } from '@app/contracts';
import { LoginRoute, RegisterRoute, RequireSession } from '../features/account/index.ts';
import { HomePage } from '../features/home/index.ts';
import { NotFoundPage } from '../features/system/index.ts';
import { AppLayout } from './shell/app-layout.tsx';
import { lazyPage } from './shell/lazy-page.tsx';
import { withNamespaces } from '../shared/i18n-namespaces.tsx';
import { RouteEffects } from './shell/route-effects.tsx';
import { RouteErrorPage } from './shell/route-error-page.tsx';
import { loadAgentLoginPage, loadAgentHomePage } from '../features/agent/index.ts';
import { loadFairnessPage } from '../features/fairness/index.ts';
import { loadGamePages } from '../features/games/index.ts';
import { loadLotteryPage } from '../features/lottery/index.ts';
import { loadLivePages } from '../features/live/index.ts';
import { loadPointMallPage } from '../features/points/index.ts';
import { loadPromotionsPage } from '../features/promotions/index.ts';
import { loadHelpPage } from '../features/help/index.ts';
import { loadMemberPage } from '../features/member/index.ts';
import { loadSportsbookPages } from '../features/sportsbook/index.ts';
import { loadLimitsPage } from '../features/limits/index.ts';
import { loadMyDataPage } from '../features/compliance/index.ts';
import { loadKycPage } from '../features/kyc/index.ts';
import { loadExclusionPage, loadWithdrawBalancePage } from '../features/exclusion/index.ts';

// Spec §2 "sections loaded on demand": each feature's pages are their own chunk. Home is the
// exception: most visits land on it, and a lazy landing page costs a chunk round trip and a
// suspended render before the largest paint (measured in e2e/specs/content.spec.ts).
// The member centre's betting record shows round details in the fairness texts; its missions tab
// and badge read the missions texts.
const MemberPage = lazyPage(() => loadMemberPage().then((m) => withNamespaces(m.MemberPage, ['fairness', 'payments', 'missions', 'referral', 'messages'])));
const HelpPage = lazyPage(() => loadHelpPage().then((m) => m.HelpPage));
const PromotionsPage = lazyPage(() => loadPromotionsPage().then((m) => m.PromotionsPage));
const PointMallPage = lazyPage(() => loadPointMallPage().then((m) => m.PointMallPage));
const LotteryPage = lazyPage(() => loadLotteryPage().then((m) => withNamespaces(m.LotteryPage, ['lottery'])));
const LotteryCentrePage = lazyPage(() => loadLotteryPage().then((m) => withNamespaces(m.LotteryCentrePage, ['lottery'])));
// The house's live tables (issue 25): the lobby above the live vendors, a table, a round's proof.
const LiveLobbyPage = lazyPage(() => loadLivePages().then((m) => withNamespaces(m.LiveLobbyPage, ['live'])));
const LiveTablePage = lazyPage(() => loadLivePages().then((m) => withNamespaces(m.LiveTablePage, ['live'])));
const LiveRoundPage = lazyPage(() => loadLivePages().then((m) => withNamespaces(m.LiveRoundPage, ['live'])));
const gamePages = () => loadGamePages();
const GameListPage = lazyPage(() => gamePages().then((m) => m.GameListPage));
const GameCentrePage = lazyPage(() => gamePages().then((m) => m.GameCentrePage));
const GameLaunchPage = lazyPage(() => gamePages().then((m) => m.GameLaunchPage));
const PlayerGamesPage = lazyPage(() => gamePages().then((m) => m.PlayerGamesPage));
const SlotPage = lazyPage(() => gamePages().then((m) => m.SlotPage));
const sportsbookPages = () => loadSportsbookPages();
const SportsbookPage = lazyPage(() => sportsbookPages().then((m) => withNamespaces(m.SportsbookPage, ['sportsbook'])));
const SportsbookEventPage = lazyPage(() => sportsbookPages().then((m) => withNamespaces(m.EventPage, ['sportsbook'])));
const FairnessPage = lazyPage(() => loadFairnessPage().then((m) => withNamespaces(m.FairnessPage, ['fairness'])));
// Responsible-gaming limits (issue 27): its texts are in the bundled account namespace.
const LimitsPage = lazyPage(() => loadLimitsPage().then((m) => m.LimitsPage));
// Transparency (issue 27): CSV history and the LGPD export; texts in the bundled account namespace.
const MyDataPage = lazyPage(() => loadMyDataPage().then((m) => m.MyDataPage));
// Identity verification (issue 27): texts in the bundled account namespace.
const KycPage = lazyPage(() => loadKycPage().then((m) => m.KycPage));
// Cool-off, self-exclusion, closure and the withdraw-only path (issue 27); texts in the bundled account namespace.
const ExclusionPage = lazyPage(() => loadExclusionPage().then((m) => m.ExclusionPage));
const WithdrawBalancePage = lazyPage(() => loadWithdrawBalancePage().then((m) => m.WithdrawBalancePage));
const AgentLoginPage = lazyPage(() => loadAgentLoginPage().then((m) => withNamespaces(m.AgentLoginPage, ['agent'])));
const AgentHomePage = lazyPage(() => loadAgentHomePage().then((m) => withNamespaces(m.AgentHomePage, ['agent', 'contracts'])));

/**
 * Paths are matched case-sensitively: the spec has both /vnLottery and /vnlottery. Each is one of
 * WEB_APP_PATHS, which the server reads to answer any other path with 404 (routes.test.tsx).
 */
function page(path: WebAppPath, element: RouteObject['element']): RouteObject {
  return { path, element, caseSensitive: true };
}

const home = <HomePage />;

export const appRoutes: RouteObject[] = [
  {
    element: <RouteEffects />,
    errorElement: <RouteErrorPage />,
    children: [
      // Agent pages use their own layout: no player header, side menu or footer.
      page('/agent', <AgentLoginPage />),
      page('/agentHome', <AgentHomePage />),
      {
        element: <AppLayout />,
        children: [
          page('/', home),
          page('/index', home),
          page('/index.html', home),
          page('/home', home),
          page('/login', <LoginRoute />),
          page('/register', <RegisterRoute>{home}</RegisterRoute>),
          page('/help', <HelpPage kind="help" />),
          page('/helpmc', <HelpPage kind="helpmc" />),
          page('/promotions', <PromotionsPage />),
          page('/esports', <SportsbookPage centre="esports" vendors={<GameCentrePage kind="esports" />} />),
          // The house lottery's lobby first, the lottery vendors' tiles below it (issue 24).
          page('/lott', <LotteryCentrePage centre="lott" vendors={<GameCentrePage kind="lott" />} />),
          page('/elott', <LotteryCentrePage centre="elott" vendors={<GameCentrePage kind="elott" />} />),
          page('/cockfight', <SportsbookPage centre="cockfight" vendors={<GameCentrePage kind="cockfight" />} />),
          // The house's live tables first, the live vendors' games below them (issue 25).
          page('/live', <LiveLobbyPage vendors={<GameListPage kind="live" />} />),
          page('/live/table/:code', <LiveTablePage />),
          page('/live/round/:id', <LiveRoundPage />),
          page('/fish', <GameListPage kind="fish" />),
          page('/rng', <GameListPage kind="rng" />),
          page('/pvp', <GameListPage kind="pvp" />),
          page('/crash', <GameListPage kind="crash" />),
          // The house book first, the sports vendors' games below it (issue 23).
          page('/sports', <SportsbookPage vendors={<GameListPage kind="sports" />} />),
          page('/sports/event/:id', <SportsbookEventPage />),
          page('/withdraw-balance', <WithdrawBalancePage />),
          {
            // Spec §2 login-required routes: a visitor without a token goes to /login.
            element: <RequireSession />,
            children: [
              page('/member', <MemberPage />),
              page('/pointMall', <PointMallPage />),
              page('/favorite', <PlayerGamesPage kind="favorite" />),
              page('/recent', <PlayerGamesPage kind="recent" />),
              page('/lottery', <LotteryPage kind="lottery" />),
              page('/seaLottery', <LotteryPage kind="seaLottery" />),
              page('/vnLottery', <LotteryPage kind="vnLottery" />),
              page('/seamless', <GameLaunchPage kind="seamless" />),
              // The house game server's slots (HOUSE and the demo vendors' games) on their own page.
              page('/slot/:vendor/:gameCode', <SlotPage />),
              // The lottery's game pages: the same pages without the side menu (paths.ts GAME_PAGE_PATHS).
              page('/lottert', <LotteryPage kind="lottert" />),
              page('/vnlottery', <LotteryPage kind="vnlottery" />),
              page('/sealottery', <LotteryPage kind="sealottery" />),
              page('/fairness', <FairnessPage />),
              page('/limits', <LimitsPage />),
              page('/my-data', <MyDataPage />),
              page('/kyc', <KycPage />),
              page('/exclusion', <ExclusionPage />),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Every path the spec lists; used by tests to prove none falls through to the 404 page. */
export const SPEC_PATHS: readonly string[] = [
  '/', '/index', '/index.html', '/home', '/login', '/register', '/agent', '/agentHome', '/member', '/help', '/helpmc',
  '/promotions', '/pointMall', '/seamless', '/esports', '/lott', '/elott', '/cockfight', '/live', '/fish', '/rng', '/pvp',
  '/crash', '/sports', '/favorite', '/recent', '/lottery', '/seaLottery', '/vnLottery', '/lottert', '/vnlottery', '/sealottery',
];
