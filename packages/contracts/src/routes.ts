import { z } from 'zod';
import {
  freePlayRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginVerificationRequestSchema,
  loginVerificationSendSchema,
  rsaKeyResponseSchema,
  smsSendRequestSchema,
  smsSendResponseSchema,
} from './auth';
import {
  betRecordPageSchema,
  betRecordQuerySchema,
  profitQuerySchema,
  profitReportSchema,
} from './bets';
import { CONTENT_ROUTES } from './content';
import {
  messageDeleteRequestSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageReadRequestSchema,
  unreadCountSchema,
} from './messages';
import { defineRoute, type RouteDescriptor } from './define-route';
import { doneSchema } from './envelope';
import { ENDPOINTS } from './endpoints';
import { AGENT_CONTRACT_ROUTES } from './agent-contracts';
import { AGENT_ROUTES } from './agents';
import { HOUSE_ROUTES } from './house';
import { LOTTERY_ROUTES } from './lottery';
import { MISSION_ROUTES, REFERRAL_ROUTES } from './missions';
import { BONUS_ROUTES } from './bonus';
import { SUPPORT_ROUTES } from './support';
import { PROMOTION_ROUTES } from './promotions';
import { TICKET_ROUTES } from './tickets';
import { LOYALTY_ROUTES } from './loyalty';
import {
  confirmWithdrawalRequestSchema,
  createPixKeyRequestSchema,
  createWithdrawalRequestSchema,
  identityStatusSchema,
  pendingConfirmationsSchema,
  pixKeyIdParamsSchema,
  pixKeySchema,
  setIdentityRequestSchema,
  withdrawalIdParamsSchema,
  withdrawalPageSchema,
  withdrawalSchema,
  withdrawalsQuerySchema,
  withdrawOverviewSchema,
} from './withdrawals';
import {
  favouriteChangeSchema,
  favouriteListSchema,
  gameCardSchema,
  gameListQuerySchema,
  gameListSchema,
  gameMenusSchema,
  hotGamesQuerySchema,
  lanesSchema,
  LOBBY_PAGE_SIZE,
  MAX_PAGE_SIZE,
  gameCategorySchema,
  launchGameRequestSchema,
  launchGameResponseSchema,
  recentListSchema,
  winnerSchema,
  winnersQuerySchema,
} from './games';
import {
  affiliateCheckSchema,
  changePasswordSchema,
  contactCodeRequestSchema,
  forgotPasswordEmailSchema,
  languageUpdateSchema,
  memberIconSchema,
  memberInfoSchema,
  memberSessionSchema,
  paymentPasswordSchema,
  profileSchema,
  profileUpdateSchema,
  reauthCodeRequestSchema,
  reauthRequestSchema,
  reauthResponseSchema,
  registerRequestSchema,
  resetPasswordSchema,
  resetPasswordSmsSchema,
  totpCodeSchema,
  totpSetupSchema,
} from './members';
import {
  clientErrorReportSchema,
  countrySchema,
  domainRouteEntrySchema,
  helpCenterQuerySchema,
  helpTopicSchema,
  registerSettingsSchema,
  systemStatusSchema,
  whitelabelSchema,
} from './system';
import {
  createDepositRequestSchema,
  depositChannelsSchema,
  depositIdParamsSchema,
  depositPageSchema,
  depositSchema,
  depositsQuerySchema,
} from './payments';
import { serverText, text } from './text';
import {
  balancesSchema,
  collectAllResponseSchema,
  consolidatedFundsSchema,
  transactionsPageSchema,
  transactionsQuerySchema,
  walletTransferRequestSchema,
  walletTransferResponseSchema,
} from './wallet';

export { defineRoute, type RouteDescriptor, type RouteSchemas } from './define-route';

/** Query of the member's own lists (favourites, recent games). */
export const memberGamesQuerySchema = z.object({
  gameType: gameCategorySchema.optional(),
  vassalage: text(16).trim().optional(),
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: text(32).optional(),
  language: text(16).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  /** The recent-games call names it `page`. */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LOBBY_PAGE_SIZE),
});

export { doneSchema } from './envelope';

const E = ENDPOINTS;

export const ROUTES = {
  auth: {
    rsaKey: defineRoute(E.auth.rsaKey, { response: rsaKeyResponseSchema }),
    /** The image as a data URL; its id travels in the `captchaIdHeader` header. */
    captcha: defineRoute(E.auth.captcha, { response: serverText() }),
    login: defineRoute(E.auth.login, {
      body: loginRequestSchema,
      encrypted: true,
      response: loginResponseSchema,
    }),
    loginV2: defineRoute(E.auth.loginV2, {
      body: loginRequestSchema,
      encrypted: true,
      response: loginResponseSchema,
    }),
    sendLoginVerification: defineRoute(E.auth.sendLoginVerification, {
      body: loginVerificationSendSchema,
      response: smsSendResponseSchema,
    }),
    verifyLogin: defineRoute(E.auth.verifyLogin, {
      body: loginVerificationRequestSchema,
      response: loginResponseSchema,
    }),
    sendLoginSms: defineRoute(E.auth.sendLoginSms, {
      body: smsSendRequestSchema,
      response: smsSendResponseSchema,
    }),
    logout: defineRoute(E.auth.logout, { response: doneSchema }),
    changePassword: defineRoute(E.auth.changePassword, {
      body: changePasswordSchema,
      encrypted: true,
      response: doneSchema,
    }),
    /** Form-encoded, as the original client sends it. */
    sendResetEmail: defineRoute(E.auth.sendResetEmail, {
      body: forgotPasswordEmailSchema,
      response: smsSendResponseSchema,
    }),
    sendResetSms: defineRoute(E.auth.sendResetSms, {
      body: resetPasswordSmsSchema,
      response: smsSendResponseSchema,
    }),
    resetPassword: defineRoute(E.auth.resetPassword, {
      body: resetPasswordSchema,
      encrypted: true,
      response: loginResponseSchema,
    }),
    setPaymentPassword: defineRoute(E.auth.setPaymentPassword, {
      body: paymentPasswordSchema,
      encrypted: true,
      response: doneSchema,
    }),
    startTotpSetup: defineRoute(E.auth.startTotpSetup, { response: totpSetupSchema }),
    enableTotp: defineRoute(E.auth.enableTotp, { body: totpCodeSchema, response: doneSchema }),
    disableTotp: defineRoute(E.auth.disableTotp, { body: totpCodeSchema, response: doneSchema }),
    reauthenticate: defineRoute(E.auth.reauthenticate, {
      body: reauthRequestSchema,
      encrypted: true,
      response: reauthResponseSchema,
    }),
    sendReauthCode: defineRoute(E.auth.sendReauthCode, {
      body: reauthCodeRequestSchema,
      response: smsSendResponseSchema,
    }),
    sendContactCode: defineRoute(E.auth.sendContactCode, {
      body: contactCodeRequestSchema,
      response: smsSendResponseSchema,
    }),
    sessions: defineRoute(E.auth.sessions, { response: z.array(memberSessionSchema) }),
    endSession: defineRoute(E.auth.endSession, {
      params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      response: doneSchema,
    }),
  },
  members: {
    register: defineRoute(E.members.register, {
      body: registerRequestSchema,
      encrypted: true,
      response: loginResponseSchema,
    }),
    registerMobile: defineRoute(E.members.registerMobile, {
      body: registerRequestSchema,
      encrypted: true,
      response: loginResponseSchema,
    }),
    sendRegisterSms: defineRoute(E.members.sendRegisterSms, {
      body: smsSendRequestSchema,
      response: smsSendResponseSchema,
    }),
    checkAffiliate: defineRoute(E.members.checkAffiliate, {
      body: affiliateCheckSchema,
      response: z.object({ valid: z.literal(true), agent: serverText() }),
    }),
    freePlay: defineRoute(E.members.freePlay, {
      body: freePlayRequestSchema.optional(),
      response: loginResponseSchema,
    }),
    info: defineRoute(E.members.info, { response: memberInfoSchema }),
    icon: defineRoute(E.members.icon, { response: memberIconSchema }),
    setLanguage: defineRoute(E.members.setLanguage, {
      body: languageUpdateSchema,
      response: z.object({ language: serverText() }),
    }),
    profile: defineRoute(E.members.profile, { response: profileSchema }),
    updateProfile: defineRoute(E.members.updateProfile, {
      body: profileUpdateSchema,
      response: profileSchema,
    }),
  },
  system: {
    status: defineRoute(E.system.status, { response: systemStatusSchema }),
    whitelabel: defineRoute(E.system.whitelabel, { response: whitelabelSchema }),
    registerSettings: defineRoute(E.system.registerSettings, { response: registerSettingsSchema }),
    country: defineRoute(E.system.country, { response: countrySchema }),
    domainRoute: defineRoute(E.system.domainRoute, { response: z.array(domainRouteEntrySchema) }),
    helpCenter: defineRoute(E.system.helpCenter, {
      query: helpCenterQuerySchema,
      response: z.array(helpTopicSchema),
    }),
    clientError: defineRoute(E.system.clientError, {
      body: clientErrorReportSchema,
      response: z.object({ received: z.literal(true) }),
    }),
  },
  content: CONTENT_ROUTES,
  games: {
    menus: defineRoute(E.games.menus, { response: gameMenusSchema }),
    list: defineRoute(E.games.list, { query: gameListQuerySchema, response: gameListSchema }),
    lanes: defineRoute(E.games.lanes, { response: lanesSchema }),
    hot: defineRoute(E.games.hot, {
      query: hotGamesQuerySchema,
      response: z.array(gameCardSchema),
    }),
    winners: defineRoute(E.games.winners, {
      query: winnersQuerySchema,
      response: z.array(winnerSchema),
    }),
    favourites: defineRoute(E.games.favourites, {
      query: memberGamesQuerySchema,
      response: favouriteListSchema,
    }),
    addFavourite: defineRoute(E.games.addFavourite, {
      body: favouriteChangeSchema,
      response: doneSchema,
    }),
    removeFavourite: defineRoute(E.games.removeFavourite, {
      body: favouriteChangeSchema,
      response: doneSchema,
    }),
    recent: defineRoute(E.games.recent, {
      query: memberGamesQuerySchema,
      response: recentListSchema,
    }),
    /** Registered by the vendors module, which owns game sessions. */
    launch: defineRoute(E.games.launch, {
      body: launchGameRequestSchema,
      response: launchGameResponseSchema,
    }),
  },
  wallet: {
    balances: defineRoute(E.wallet.balances, { response: balancesSchema }),
    /** Amount in major units; an `Idempotency-Key` header applies a retry once. */
    transfer: defineRoute(E.wallet.transfer, {
      body: walletTransferRequestSchema,
      response: walletTransferResponseSchema,
    }),
    collectAll: defineRoute(E.wallet.collectAll, { response: collectAllResponseSchema }),
    consolidatedFunds: defineRoute(E.wallet.consolidatedFunds, {
      response: consolidatedFundsSchema,
    }),
    transactions: defineRoute(E.wallet.transactions, {
      query: transactionsQuerySchema,
      response: transactionsPageSchema,
    }),
    /** A CSV file, not an envelope; the same filters as the account record, without the page. */
    transactionsCsv: defineRoute(E.wallet.transactionsCsv, {
      query: transactionsQuerySchema.omit({ pageNo: true, pageSize: true }),
    }),
    bets: defineRoute(E.wallet.bets, {
      query: betRecordQuerySchema,
      response: betRecordPageSchema,
    }),
    profit: defineRoute(E.wallet.profit, {
      query: profitQuerySchema,
      response: profitReportSchema,
    }),
  },
  messages: {
    list: defineRoute(E.messages.list, {
      query: messageListQuerySchema,
      response: messagePageSchema,
    }),
    unreadCount: defineRoute(E.messages.unreadCount, { response: unreadCountSchema }),
    /** Answers the inbox's unread count after the change. */
    setRead: defineRoute(E.messages.setRead, {
      body: messageReadRequestSchema,
      response: unreadCountSchema,
    }),
    remove: defineRoute(E.messages.remove, {
      body: messageDeleteRequestSchema,
      response: unreadCountSchema,
    }),
  },
  payments: {
    channels: defineRoute(E.payments.channels, { response: depositChannelsSchema }),
    /** Amount in major units; answers the deposit with its PIX charge (or bank details). */
    createDeposit: defineRoute(E.payments.createDeposit, {
      body: createDepositRequestSchema,
      response: depositSchema,
    }),
    deposits: defineRoute(E.payments.deposits, {
      query: depositsQuerySchema,
      response: depositPageSchema,
    }),
    deposit: defineRoute(E.payments.deposit, {
      params: depositIdParamsSchema,
      response: depositSchema,
    }),
    /** The body is the image itself (not JSON), so no body schema here. */
    uploadReceipt: defineRoute(E.payments.uploadReceipt, {
      params: depositIdParamsSchema,
      response: depositSchema,
    }),
  },
  withdrawals: {
    identity: defineRoute(E.withdrawals.identity, { response: identityStatusSchema }),
    /** Personal data: encrypted. Recorded once; a change goes through customer service. */
    setIdentity: defineRoute(E.withdrawals.setIdentity, {
      body: setIdentityRequestSchema,
      encrypted: true,
      response: identityStatusSchema,
    }),
    overview: defineRoute(E.withdrawals.overview, { response: withdrawOverviewSchema }),
    addPixKey: defineRoute(E.withdrawals.addPixKey, {
      body: createPixKeyRequestSchema,
      response: pixKeySchema,
    }),
    removePixKey: defineRoute(E.withdrawals.removePixKey, {
      params: pixKeyIdParamsSchema,
      response: doneSchema,
    }),
    /** Carries the payment password: encrypted. Amount in major units. */
    create: defineRoute(E.withdrawals.create, {
      body: createWithdrawalRequestSchema,
      encrypted: true,
      response: withdrawalSchema,
    }),
    list: defineRoute(E.withdrawals.list, {
      query: withdrawalsQuerySchema,
      response: withdrawalPageSchema,
    }),
    one: defineRoute(E.withdrawals.one, {
      params: withdrawalIdParamsSchema,
      response: withdrawalSchema,
    }),
    pendingConfirmations: defineRoute(E.withdrawals.pendingConfirmations, {
      response: pendingConfirmationsSchema,
    }),
    /** The body is the image itself (not JSON), so no body schema here. */
    uploadProof: defineRoute(E.withdrawals.uploadProof, {
      params: withdrawalIdParamsSchema,
      response: withdrawalSchema,
    }),
    confirm: defineRoute(E.withdrawals.confirm, {
      params: withdrawalIdParamsSchema,
      body: confirmWithdrawalRequestSchema,
      response: withdrawalSchema,
    }),
  },
  /** SVG images, not envelopes. */
  art: {
    game: defineRoute(E.art.game, {
      params: z.object({ file: text(16).regex(/^\d{1,12}\.svg$/) }),
    }),
    vendor: defineRoute(E.art.vendor, {
      params: z.object({ file: text(20).regex(/^[A-Z0-9_]{2,16}\.svg$/) }),
    }),
    /** `lang` picks the text because <img> requests carry no Language header. */
    banner: defineRoute(E.art.banner, {
      params: z.object({ file: text(8).regex(/^\d{1,4}\.svg$/) }),
      query: z.object({ lang: text(16).optional() }),
    }),
    avatar: defineRoute(E.art.avatar, {
      params: z.object({ file: text(8).regex(/^[0-7]\.svg$/) }),
    }),
  },
  house: HOUSE_ROUTES,
  lottery: LOTTERY_ROUTES,
  agentContracts: AGENT_CONTRACT_ROUTES,
  agents: AGENT_ROUTES,
  promotions: PROMOTION_ROUTES,
  bonus: BONUS_ROUTES,
  tickets: TICKET_ROUTES,
  /** VIP, points and the mall (docs/loyalty.md): loyalty.ts. */
  loyalty: LOYALTY_ROUTES,
  missions: MISSION_ROUTES,
  referral: REFERRAL_ROUTES,
  support: SUPPORT_ROUTES,
} as const satisfies { [Area in keyof typeof ENDPOINTS]: Record<string, RouteDescriptor> };

/** Every route, for checks that walk them all (the server's registration test). */
export function allRoutes(): RouteDescriptor[] {
  return Object.values(ROUTES).flatMap((area) => Object.values<RouteDescriptor>(area));
}

/** The value a route answers, as the web app reads it. */
export type ResponseOf<R extends RouteDescriptor> = R['response'] extends z.ZodType
  ? z.output<R['response']>
  : never;
/** The body (for an encrypted route: the payload) a caller sends. */
export type BodyOf<R extends RouteDescriptor> = R['body'] extends z.ZodType
  ? z.input<R['body']>
  : never;
