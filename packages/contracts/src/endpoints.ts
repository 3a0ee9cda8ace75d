/**
 * Every player-API endpoint by method and address, written once (issue 11 §6). The server
 * registers each route from `ROUTES` (routes.ts: these plus their schemas) and the web app
 * calls them through these, so neither side types an address.
 *
 * Deliberately free of zod: the web app imports this in its first-page chunk, where no schema
 * may land (apps/web/src/api/client.ts, RequestOptions.schema). Keep it plain data.
 *
 * Grouped by the server module that answers them. Parameters use Fastify's syntax
 * (`/wps/member/sessions/:id`); `pathOf` fills them in.
 */
import { AGENT_CONTRACT_ENDPOINTS } from './agent-contracts-endpoints';
import { AGENT_ENDPOINTS } from './agents-endpoints';
import { HOUSE_ENDPOINTS } from './house-endpoints';
import { LOTTERY_ENDPOINTS } from './lottery-endpoints';
import { MISSION_ENDPOINTS, REFERRAL_ENDPOINTS } from './missions-endpoints';
import { BONUS_ENDPOINTS } from './bonus-endpoints';
import { PROMOTION_ENDPOINTS } from './promotions-endpoints';
import { CONTENT_ENDPOINTS } from './content-endpoints';
import { SUPPORT_ENDPOINTS } from './support-endpoints';
import { TICKET_ENDPOINTS } from './tickets-endpoints';
import { LOYALTY_ENDPOINTS } from './loyalty-endpoints';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Endpoint = { readonly method: HttpMethod; readonly path: string };

export const ENDPOINTS = {
  auth: {
    rsaKey: { method: 'GET', path: '/wps/session/key/rsa' },
    captcha: { method: 'GET', path: '/wps/captcha' },
    login: { method: 'POST', path: '/wps/session/login' },
    /** The same login under the address newer original clients use. */
    loginV2: { method: 'POST', path: '/wps/session/loginV2' },
    sendLoginVerification: { method: 'POST', path: '/wps/session/login/verification/send' },
    verifyLogin: { method: 'POST', path: '/wps/session/login/verification' },
    sendLoginSms: { method: 'POST', path: '/wps/verification/sms/noLogin' },
    logout: { method: 'DELETE', path: '/wps/session/logout' },
    changePassword: { method: 'POST', path: '/wps/member/password' },
    sendResetEmail: { method: 'POST', path: '/wps/member/password/email' },
    sendResetSms: { method: 'POST', path: '/wps/member/password/sms' },
    resetPassword: { method: 'POST', path: '/wps/member/password/verification' },
    setPaymentPassword: { method: 'PUT', path: '/wps/member/password/payment' },
    startTotpSetup: { method: 'POST', path: '/wps/member/totp/setup' },
    enableTotp: { method: 'POST', path: '/wps/member/totp/enable' },
    disableTotp: { method: 'POST', path: '/wps/member/totp/disable' },
    reauthenticate: { method: 'POST', path: '/wps/member/reauth' },
    sendReauthCode: { method: 'POST', path: '/wps/member/reauth/code' },
    sendContactCode: { method: 'POST', path: '/wps/member/contact/code' },
    sessions: { method: 'GET', path: '/wps/member/sessions' },
    endSession: { method: 'DELETE', path: '/wps/member/sessions/:id' },
  },
  members: {
    register: { method: 'PUT', path: '/wps/member/register' },
    registerMobile: { method: 'PUT', path: '/wps/member/register/mobile' },
    sendRegisterSms: { method: 'POST', path: '/wps/verification/sms/register' },
    checkAffiliate: { method: 'POST', path: '/wps/agent/affiliate' },
    freePlay: { method: 'POST', path: '/wps/session/login/freeplay' },
    info: { method: 'GET', path: '/wps/member/info' },
    icon: { method: 'GET', path: '/wps/member/info/icon' },
    setLanguage: { method: 'PUT', path: '/wps/member/language' },
    profile: { method: 'GET', path: '/wps/member/profile' },
    updateProfile: { method: 'PUT', path: '/wps/member/profile' },
  },
  system: {
    status: { method: 'GET', path: '/wps/system/status' },
    whitelabel: { method: 'GET', path: '/wps/system/whitelabel' },
    registerSettings: { method: 'GET', path: '/wps/system/setting/register' },
    country: { method: 'GET', path: '/wps/system/country' },
    domainRoute: { method: 'GET', path: '/wps/system/domainRoute' },
    helpCenter: { method: 'GET', path: '/wps/system/helpCenter' },
    clientError: { method: 'POST', path: '/wps/system/clientError' },
  },
  /** Announcements, feedback, notices (docs/content.md): content-endpoints.ts. */
  content: CONTENT_ENDPOINTS,
  games: {
    menus: { method: 'GET', path: '/lgw/games/game_menus' },
    list: { method: 'GET', path: '/lgw/games/list' },
    lanes: { method: 'GET', path: '/lgw/games/lanes' },
    hot: { method: 'GET', path: '/lgw/games/hot' },
    winners: { method: 'GET', path: '/lgw/games/winners' },
    favourites: { method: 'GET', path: '/wps/games/favorites' },
    addFavourite: { method: 'POST', path: '/wps/games/favorites' },
    removeFavourite: { method: 'DELETE', path: '/wps/games/favorites' },
    recent: { method: 'GET', path: '/wps/games/recent' },
    launch: { method: 'POST', path: '/wps/game/launchGame' },
  },
  wallet: {
    balances: { method: 'GET', path: '/wps/v2/wallets/balance' },
    transfer: { method: 'POST', path: '/wps/relay/GCS_walletTransfer' },
    collectAll: { method: 'POST', path: '/wps/relay/GCS_collectAll' },
    consolidatedFunds: { method: 'GET', path: '/wps/member/info/funds/consolidated' },
    transactions: { method: 'GET', path: '/wps/wallet/transactions' },
    transactionsCsv: { method: 'GET', path: '/wps/wallet/transactions.csv' },
    /** Betting record (member centre personalHistoryCopy): the member's rounds, filtered and totalled. */
    bets: { method: 'GET', path: '/wps/member/bets' },
    /** Profit and loss (member centre personalProfit): per day and per category. */
    profit: { method: 'GET', path: '/wps/member/profit' },
  },
  /** The member inbox (member centre messageV2) and its unread badge. */
  messages: {
    list: { method: 'GET', path: '/wps/member/messages' },
    unreadCount: { method: 'GET', path: '/wps/member/messages/unreadCount' },
    setRead: { method: 'PUT', path: '/wps/member/messages/read' },
    remove: { method: 'DELETE', path: '/wps/member/messages' },
  },
  /** Money in (docs/payments.md): the deposit page (member centre depositv2) and its records. */
  payments: {
    channels: { method: 'GET', path: '/wps/payments/channels' },
    createDeposit: { method: 'POST', path: '/wps/payments/deposits' },
    deposits: { method: 'GET', path: '/wps/payments/deposits' },
    deposit: { method: 'GET', path: '/wps/payments/deposits/:id' },
    /** The receipt of a manual bank transfer: the image's bytes as the body (image/png or image/jpeg). */
    uploadReceipt: { method: 'PUT', path: '/wps/payments/deposits/:id/receipt' },
  },
  /**
   * Money out (docs/payments.md "Withdrawals"): the member's identity (CPF), PIX keys, the
   * withdraw page (member centre withdraw), withdrawal records and the payout confirmation.
   */
  withdrawals: {
    identity: { method: 'GET', path: '/wps/payments/identity' },
    setIdentity: { method: 'PUT', path: '/wps/payments/identity' },
    overview: { method: 'GET', path: '/wps/payments/withdraw' },
    addPixKey: { method: 'POST', path: '/wps/payments/pix-keys' },
    removePixKey: { method: 'DELETE', path: '/wps/payments/pix-keys/:id' },
    create: { method: 'POST', path: '/wps/payments/withdrawals' },
    list: { method: 'GET', path: '/wps/payments/withdrawals' },
    one: { method: 'GET', path: '/wps/payments/withdrawals/:id' },
    pendingConfirmations: { method: 'GET', path: '/wps/payments/withdrawals/confirmations' },
    /** A proof that the payout did not arrive: the image's bytes as the body (image/png or image/jpeg). */
    uploadProof: { method: 'PUT', path: '/wps/payments/withdrawals/:id/proofs' },
    confirm: { method: 'POST', path: '/wps/payments/withdrawals/:id/confirmation' },
  },
  /** Generated artwork (SVG), drawn by the demo's art routes. */
  art: {
    game: { method: 'GET', path: '/lgw/art/game/:file' },
    vendor: { method: 'GET', path: '/lgw/art/vendor/:file' },
    banner: { method: 'GET', path: '/lgw/art/banner/:file' },
    avatar: { method: 'GET', path: '/lgw/art/avatar/:file' },
  },
  /** House games (docs/house.md): house-endpoints.ts. */
  house: HOUSE_ENDPOINTS,
  /** The e-lottery (docs/lottery.md): lottery-endpoints.ts. */
  lottery: LOTTERY_ENDPOINTS,
  /** Agents' contracts and settlements (docs/agents.md): agent-contracts-endpoints.ts. */
  agentContracts: AGENT_CONTRACT_ENDPOINTS,
  agents: AGENT_ENDPOINTS,
  /** Promotions (docs/rewards.md): promotions-endpoints.ts. */
  promotions: PROMOTION_ENDPOINTS,
  /** The bonus wallet (docs/bonus.md): bonus-endpoints.ts. */
  bonus: BONUS_ENDPOINTS,
  /** Reward tickets (docs/rewards.md "Tickets"): tickets-endpoints.ts. */
  tickets: TICKET_ENDPOINTS,
  /** VIP, points and the mall (docs/loyalty.md): loyalty-endpoints.ts. */
  loyalty: LOYALTY_ENDPOINTS,
  /** Missions and their leaderboard (docs/missions.md): missions-endpoints.ts. */
  missions: MISSION_ENDPOINTS,
  /** Invite a friend (docs/missions.md): missions-endpoints.ts. */
  referral: REFERRAL_ENDPOINTS,
  /** The built-in support chat (docs/support.md): support-endpoints.ts. */
  support: SUPPORT_ENDPOINTS,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** `/wps/member/sessions/:id` → `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;
export type PathParams<P extends string> = Record<PathParamNames<P>, string | number>;

/**
 * An endpoint's address with its parameters filled in, each URL-encoded:
 * `pathOf(ENDPOINTS.auth.endSession, { id: 7 })` → `/wps/member/sessions/7`.
 */
export function pathOf<P extends string>(endpoint: { path: P }, params: PathParams<P>): string {
  const values = params as Record<string, string | number>;
  return endpoint.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
