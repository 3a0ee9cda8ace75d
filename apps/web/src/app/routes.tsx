import type { GameCategory } from '@banca/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createElement, useRef } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { noticesQueryOptions } from '@/api/notices';
import { lazyArea } from '@/components/lazy-area';
import type { LotteryVariant } from '@/features/lottery/components/lottery-page';
import { PageLoader } from '@/components/spinner';
import { AGENT_CENTRE_PAGES } from '@/features/agents/centre-pages';
import { DepositTutorialPage, FeedbackPage, HelpCentrePage, WinnersPage } from '@/features/content';
import { gameMenusQueryOptions, prefetchCategoryLobby } from '@/features/lobby';
import { VipArea } from '@/features/rewards/vip';
import { NotFoundPage } from '@/features/shell';
import { currentLanguage, loadCataloguePart } from '@/i18n';
import {
  CATEGORY_ROUTES,
  GAME_CENTER_CATEGORIES,
  GAME_LIST_CATEGORIES,
} from '@/lib/game-categories';
import { RequireAgent } from './guards/require-agent';
import { RequireMember } from './guards/require-member';
import { RequireSession } from './guards/require-session';
import { MainLayout } from './layouts/main-layout';
import { DownloadRoute, LinesRoute } from './pages/content-routes';
import { RouteErrorBoundary } from './route-error';
import { HomeRoute, MemberCentreRoute, RootRoute } from './route-elements';

/*
 * The route table of docs/product.md §2, in one place. Areas owned by later issues are split chunks
 * (lazyArea: 120 s timeout, visible error with Retry); the home route stays in the main
 * bundle so the first page is fast.
 */

const Promotions = lazyArea<object>('Promotions', () => {
  const page = import('@/features/rewards/components/promotions-page');
  // The promotions texts (a catalogue part) load with the page's code.
  return loadCataloguePart('rewards').then(() => page);
});
/** The lottery pages (docs/lottery.md) with their texts and the page's socket for live draws. */
const Lottery = lazyArea<{ variant: LotteryVariant }>('Lottery', () =>
  Promise.all([import('./pages/lottery-route'), loadCataloguePart('lottery')]).then(
    ([module]) => module,
  ),
);
/** An area whose screens use the accounts texts (forms): the part loads with its code. */
const withAccountsTexts =
  <M,>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('accounts')]).then(([module]) => module);
/** An area that shows games (cards, lists, the game page): the lobby texts load with its code. */
const withLobbyTexts =
  <M,>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('lobby')]).then(([module]) => module);

const Seamless = lazyArea(
  'Seamless',
  withLobbyTexts(() => import('./seamless-route')),
);

const MemberCenter = lazyArea(
  'MemberCenter',
  withAccountsTexts(() => import('@/features/member/components/member-centre-page')),
);
const PointMall = lazyArea('PointMall', () => import('@/features/rewards/points/point-mall-page'));
const AccountGame = lazyArea(
  'AccountGame',
  withLobbyTexts(() => import('@/features/lobby/components/account-games/account-game-page')),
);
const GameListCenter = lazyArea(
  'GameListCenter',
  withLobbyTexts(() => import('@/features/lobby/components/game-list/game-list-center-page')),
  // A screen-tall loader: the footer must not show and then jump away (CLS).
  { fallback: () => <PageLoader fill /> },
);
const GameCenter = lazyArea(
  'GameCenter',
  withLobbyTexts(() => import('@/features/lobby/components/game-center/game-center-page')),
  // A screen-tall loader: the footer must not show and then jump away (CLS).
  { fallback: () => <PageLoader fill /> },
);
const AgentLogin = lazyArea<object>(
  'Agent',
  // The agents' texts too: a signed-in player applies to become an agent here.
  withAccountsTexts(() =>
    loadCataloguePart('agents').then(() => import('./pages/agent-login-route')),
  ),
);
/** The agent centre (/agentHome): its frame with the agents' texts, then one chunk per page. */
const withAgentsTexts =
  <M,>(importer: () => Promise<M>) =>
  () =>
    Promise.all([
      importer(),
      loadCataloguePart('agents'),
      // The one table's texts and the report periods' names.
      loadCataloguePart('admin'),
      loadCataloguePart('wallet'),
    ]).then(([module]) => module);
const AgentCentre = lazyArea<object>(
  'Agent',
  withAgentsTexts(() => import('./pages/agent-centre-route')),
);
const agentCentrePages: RouteObject[] = AGENT_CENTRE_PAGES.flatMap((page) => {
  const Page = lazyArea<object>('Agent', withAgentsTexts(page.load));
  const route = {
    handle: { prefetch: Page.preload } satisfies RouteHandle,
    element: createElement(Page),
  };
  return page.index
    ? [
        { index: true, ...route },
        { path: page.path, ...route },
      ]
    : [{ path: page.path, ...route }];
});
/** The agent centre's frame: few visitors need it, so it is not in everybody's first download. */
const AgentLayout = lazyArea<object>('Agent', () =>
  import('./layouts/agent-layout').then((module) => ({ default: module.AgentLayout })),
);

/** The house games (Originals, docs/house.md): the game pages, fairness and verification, one area with its texts. */
const withHouseTexts =
  <M,>(importer: () => Promise<M>) =>
  () =>
    Promise.all([importer(), loadCataloguePart('house')]).then(([module]) => module);
const HouseGame = lazyArea(
  'House',
  withHouseTexts(() => import('./pages/house-game-route')),
  { fallback: () => <PageLoader fill /> },
);
const HouseFairness = lazyArea(
  'House',
  withHouseTexts(() => import('@/features/house/components/fairness-page')),
);
const HouseVerify = lazyArea(
  'House',
  withHouseTexts(() => import('@/features/house/components/verify-page')),
);

/** The operator console (docs/admin-console.md): its own frame, texts and desks, one chunk. */
const AdminConsole = lazyArea<object>('Admin', () =>
  Promise.all([import('./admin-route'), loadCataloguePart('admin')]).then(([module]) => module),
);

const categoryPath = (category: GameCategory) => CATEGORY_ROUTES[category].slice(1);

/**
 * What a route starts fetching the moment it is matched (its `handle`): at boot, alongside the
 * site status, and when a link is followed, alongside the page's code, instead of once that
 * code has arrived and rendered. Nothing waits for it: the pages keep their own loading states
 * and queries, which find the answers already on their way.
 */
type RouteHandle = {
  /** Returns the page's own code on its way, when the route has a split chunk. */
  prefetch: (queryClient: QueryClient, location: { search: string }) => Promise<void> | void;
};

/** The route table of docs/product.md §2. */
const routes: RouteObject[] = [
  // Outside the player site's frame (and, in app.tsx, its boot gate): the operator console.
  {
    path: 'admin/*',
    handle: { prefetch: AdminConsole.preload } satisfies RouteHandle,
    element: <AdminConsole />,
  },
  {
    element: <RootRoute />,
    children: [
      {
        element: <MainLayout />,
        // The header's navigation and the footer list the game menus on every page; the
        // notices (with the home banners) show in the layout and on home. Started with the
        // app's code so the first render usually has them (index.html has already asked).
        handle: {
          prefetch: (queryClient) => {
            void queryClient.prefetchQuery(gameMenusQueryOptions(currentLanguage()));
            void queryClient.prefetchQuery(noticesQueryOptions(currentLanguage()));
          },
        } satisfies RouteHandle,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'index', element: <HomeRoute /> },
          { path: 'index.html', element: <HomeRoute /> },
          { path: 'home', element: <HomeRoute /> },
          { path: 'login', element: <HomeRoute dialog="login" /> },
          { path: 'register', element: <HomeRoute dialog="register" /> },
          { path: 'help', element: <HomeRoute dialog="help" /> },
          { path: 'download', element: <DownloadRoute /> },
          { path: 'member', element: <MemberCentreRoute area={MemberCenter} /> },
          { path: 'helpmc', element: <HelpCentrePage /> },
          {
            path: 'feedback',
            element: (
              <RequireMember>
                <FeedbackPage />
              </RequireMember>
            ),
          },
          { path: 'winners', element: <WinnersPage /> },
          { path: 'depositTutorial', element: <DepositTutorialPage /> },
          { path: 'lines', element: <LinesRoute /> },
          ...GAME_CENTER_CATEGORIES.map((category) => ({
            path: categoryPath(category),
            handle: { prefetch: GameCenter.preload } satisfies RouteHandle,
            element: <GameCenter key={category} category={category} />,
          })),
          ...GAME_LIST_CATEGORIES.map((category) => ({
            path: categoryPath(category),
            handle: {
              prefetch: (queryClient, { search }) => {
                prefetchCategoryLobby(
                  queryClient,
                  category,
                  new URLSearchParams(search),
                  currentLanguage(),
                );
                return GameListCenter.preload();
              },
            } satisfies RouteHandle,
            element: <GameListCenter key={category} category={category} />,
          })),
          // A player's own games need a login (docs/product.md §4 "FAV or RECENT when logged out").
          {
            path: 'favorite',
            element: (
              <RequireMember allowTrial>
                <AccountGame list="favorite" />
              </RequireMember>
            ),
          },
          {
            path: 'recent',
            element: (
              <RequireMember allowTrial>
                <AccountGame list="recent" />
              </RequireMember>
            ),
          },
          { path: 'promotions', element: <Promotions /> },
          { path: 'pointMall', element: <PointMall /> },
          { path: 'vip', element: <VipArea /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Game pages: the main layout without the side menu.
        element: <MainLayout gamePage />,
        children: [
          { path: 'seamless', element: <Seamless /> },
          // Anyone may verify a round: the page computes in the browser.
          { path: 'originals/verify', element: <HouseVerify /> },
          {
            element: <RequireSession />,
            children: [
              { path: 'originals/fairness', element: <HouseFairness /> },
              { path: 'originals/:gameCode', element: <HouseGame /> },
              { path: 'lottery', element: <Lottery variant="lottery" /> },
              { path: 'seaLottery', element: <Lottery variant="seaLottery" /> },
              { path: 'vnLottery', element: <Lottery variant="vnLottery" /> },
            ],
          },
        ],
      },
      {
        element: <AgentLayout />,
        handle: { prefetch: AgentLayout.preload } satisfies RouteHandle,
        children: [
          { path: 'agent', element: <AgentLogin /> },
          {
            element: <RequireAgent />,
            children: [
              {
                path: 'agentHome',
                handle: { prefetch: AgentCentre.preload } satisfies RouteHandle,
                element: <AgentCentre />,
                children: agentCentrePages,
              },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * Starts what the routes matching `location` need (see RouteHandle). Resolves once the page's
 * own code has arrived (or failed to: the page shows that itself).
 */
export async function prefetchRoutes(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(({ route }) =>
      (route.handle as RouteHandle | undefined)?.prefetch(queryClient, location),
    ),
  );
}

/**
 * The page for the current URL. A page that throws while rendering shows the error page
 * instead of a blank screen, until the player goes elsewhere.
 */
export function AppRoutes() {
  const location = useLocation();
  const queryClient = useQueryClient();
  // A followed link starts the new page's data with its code. During render on purpose: the
  // navigation renders in a transition that waits, uncommitted, until the page's code has
  // arrived, so an effect would only run after it. Prefetching twice costs nothing.
  const prefetched = useRef(location.key);
  if (prefetched.current !== location.key) {
    prefetched.current = location.key;
    void prefetchRoutes(queryClient, location);
  }
  const page = useRoutes(routes);
  return <RouteErrorBoundary resetKey={location.key}>{page}</RouteErrorBoundary>;
}
