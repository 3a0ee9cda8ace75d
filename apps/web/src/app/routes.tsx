import type { GameCategory } from '@banca/contracts';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyArea } from '@/components/lazy-area';
import { PageLoader } from '@/components/spinner';
import { DownloadPage } from '@/features/download';
import { NotFoundPage } from '@/features/shell';
import { loadCataloguePart } from '@/i18n';
import { CATEGORY_ROUTES } from '@/lib/game-categories';
import { RequireAgent } from './guards/require-agent';
import { RequireMember } from './guards/require-member';
import { RequireSession } from './guards/require-session';
import { AgentLayout } from './layouts/agent-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteErrorPage } from './route-error';
import { HomeRoute, MemberCentreRoute, RootRoute } from './route-elements';

/*
 * The route table of spec §2, in one place. Areas owned by later issues are split chunks
 * (lazyArea: 120 s timeout, visible error with Retry); the home route stays in the main
 * bundle so the first page is fast.
 */

const Promotions = lazyArea(
  'Promotions',
  () => import('@/features/promotions/components/promotions-page'),
);
const Lottery = lazyArea('Lottery', () => import('@/features/lottery/components/lottery-page'));
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
  withLobbyTexts(() => import('@/features/games/components/seamless-page')),
);

const MemberCenter = lazyArea(
  'MemberCenter',
  withAccountsTexts(() => import('@/features/member/components/member-centre-page')),
);
const PointMall = lazyArea(
  'PointMall',
  () => import('@/features/points/components/point-mall-page'),
);
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
const AgentLogin = lazyArea(
  'Agent',
  withAccountsTexts(() => import('./pages/agent-login-route')),
);
const AgentHome = lazyArea('Agent', () => import('@/features/agent/components/agent-home-page'));
const HelpCentre = lazyArea(
  'HelpCenter',
  () => import('@/features/content/components/help-centre-page'),
);

/**
 * Vendors launched into their own lobby (spec §2: "Game centre"). COCKFIGHT has no route in
 * the spec and gets /cockfight here; its vendors are lobbies too.
 */
const GAME_CENTER_CATEGORIES: GameCategory[] = ['SPORTS', 'ESPORTS', 'LOTT', 'ELOTT', 'COCKFIGHT'];
/**
 * Categories browsed as game lists (spec §2: "Game list centre"); BGS has no route in the
 * spec and gets /house here.
 */
const GAME_LIST_CATEGORIES: GameCategory[] = ['LIVE', 'FISH', 'RNG', 'PVP', 'BGS'];

const categoryPath = (category: GameCategory) => CATEGORY_ROUTES[category].slice(1);

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <MainLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'index', element: <HomeRoute /> },
          { path: 'index.html', element: <HomeRoute /> },
          { path: 'home', element: <HomeRoute /> },
          { path: 'login', element: <HomeRoute dialog="login" /> },
          { path: 'register', element: <HomeRoute dialog="register" /> },
          { path: 'help', element: <HomeRoute dialog="help" /> },
          { path: 'download', element: <DownloadPage /> },
          { path: 'member', element: <MemberCentreRoute area={MemberCenter} /> },
          { path: 'helpmc', element: <HelpCentre /> },
          ...GAME_CENTER_CATEGORIES.map((category) => ({
            path: categoryPath(category),
            element: <GameCenter key={category} category={category} />,
          })),
          ...GAME_LIST_CATEGORIES.map((category) => ({
            path: categoryPath(category),
            element: <GameListCenter key={category} category={category} />,
          })),
          // A player's own games need a login (spec §4 "FAV or RECENT when logged out").
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
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Game pages: the main layout without the side menu.
        element: <MainLayout gamePage />,
        children: [
          { path: 'seamless', element: <Seamless /> },
          {
            element: <RequireSession />,
            children: [
              { path: 'lottery', element: <Lottery variant="lottery" /> },
              { path: 'seaLottery', element: <Lottery variant="seaLottery" /> },
              { path: 'vnLottery', element: <Lottery variant="vnLottery" /> },
            ],
          },
        ],
      },
      {
        element: <AgentLayout />,
        children: [
          { path: 'agent', element: <AgentLogin /> },
          { element: <RequireAgent />, children: [{ path: 'agentHome', element: <AgentHome /> }] },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
