import { z } from 'zod';
import { CONTENT_ADMIN_ENDPOINTS as A, CONTENT_ENDPOINTS as E } from './content-endpoints';
import type { Endpoint } from './endpoints';
import { winnerSchema } from './games';
import { languageSchema } from './i18n';
import { PROMOTION_CATEGORIES } from './promotions-endpoints';
import type { RouteDescriptor, RouteSchemas } from './routes';
import { socialChannelSchema } from './system';
import { text, serverText } from './text';

export * from './content-endpoints';

// A route descriptor without importing routes.ts's values (routes.ts imports this file).
const defineRoute = <const P extends Endpoint, const S extends RouteSchemas>(
  endpoint: P,
  schemas: S,
) => ({ ...endpoint, ...schemas }) as P & S;

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const idParamsSchema = z.object({ id: idSchema });
const pageNoSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const instantSchema = text(40).refine((value) => !Number.isNaN(Date.parse(value)), {
  message: 'not a date',
});
const merchantCodeSchema = text(32).trim().min(1);

/** Where a banner shows (docs/product.md §7 "Banner: url, linkageType, groupName"). */
export const bannerGroupSchema = z.enum(['w_home', 'w_login', 'w_register', 'w_forget']);
export type BannerGroup = z.infer<typeof bannerGroupSchema>;

/** What a click on a banner does: nothing, a path of this site, or another site (new tab). */
export const bannerLinkageSchema = z.enum(['none', 'route', 'external']);

export const bannerSchema = z.object({
  id: z.number().int(),
  groupName: bannerGroupSchema,
  /** The image, in the caller's language. */
  url: serverText(),
  alt: serverText(),
  linkageType: bannerLinkageSchema,
  /** A site path for `route`, an https address for `external`, empty for `none`. */
  target: serverText(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  title: serverText(),
  /** HTML reduced to the announcement policy (sanitised on save and again on display). */
  content: serverText(),
  /** ISO 8601: when it started showing. */
  publishedAt: serverText(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/**
 * `GET /wps/notice` (docs/product.md §7 "Notice response: banners, player notices (id, title),
 * popup, promotion (id, title)"), everything in the caller's language: the banners of every group,
 * the player notices (broadcast B and player PL announcements), the popup to show once on arrival
 * (PU) if any, and the promotion titles (PR).
 */
export const noticeResponseSchema = z.object({
  banners: z.array(bannerSchema),
  notices: z.array(announcementSchema),
  popup: announcementSchema.nullable(),
  promotions: z.array(z.object({ id: z.number().int(), title: serverText() })),
});
export type NoticeResponse = z.infer<typeof noticeResponseSchema>;

/** The web's notice call asks for execution B (docs/product.md §7 "Announcements"). */
export const noticeQuerySchema = z.object({
  execution: z.enum(['A', 'B', 'F']).default('B'),
  platform: text(8).optional(),
});

/* ── Announcements (docs/content.md "Announcements") ─────────────────────────────────────── */

/** Announcement types as the spec names them: B broadcast, PL player, PU popup, PR promotion, H help. */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementTypeSchema = z.enum(ANNOUNCEMENT_TYPES);
/** Who an announcement is for: A logged in, B anonymous, F at the first login. */
export const ANNOUNCEMENT_EXECUTIONS = ['A', 'B', 'F'] as const;
export const announcementExecutionSchema = z.enum(ANNOUNCEMENT_EXECUTIONS);
export type AnnouncementExecution = z.infer<typeof announcementExecutionSchema>;
/** The popup's list shows 9 titles a page (docs/product.md §9 "Announcements page size 9"). */
export const ANNOUNCEMENT_PAGE_SIZE = 9;
/** Longest announcement body an operator may save (HTML before sanitising). */
export const ANNOUNCEMENT_BODY_MAX = 20_000;

export const announcementsQuerySchema = z.object({
  execution: announcementExecutionSchema.default('B'),
  /** W, the web (the only platform this site has). */
  platform: text(8).optional(),
  pageNo: pageNoSchema,
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(ANNOUNCEMENT_PAGE_SIZE)
    .default(ANNOUNCEMENT_PAGE_SIZE),
});
export const popupAnnouncementSchema = announcementSchema.extend({
  type: announcementTypeSchema,
  /** A promotion category the go-to-promotion button opens in the reward centre, or null. */
  promotionType: serverText().nullable(),
});
export type PopupAnnouncement = z.infer<typeof popupAnnouncementSchema>;
export const announcementPageSchema = z.object({
  list: z.array(popupAnnouncementSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type AnnouncementPage = z.infer<typeof announcementPageSchema>;

/* ── Feedback (facts.md §1 `PUT /wps/feedback`) ───────────────────────────────────────────── */

export const FEEDBACK_TYPES = [
  'deposit',
  'withdrawal',
  'game',
  'customer',
  'applyAgent',
  'others',
] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;
/** Content between 20 and 1000 characters (facts.md §1). */
export const FEEDBACK_CONTENT_MIN = 20;
export const FEEDBACK_CONTENT_MAX = 1000;
/** How a member signs their feedback. */
export const FEEDBACK_SENDER_MAX = 64;
/** An operator's answer: as long as the feedback may be. */
export const FEEDBACK_REPLY_MAX = 1000;
/** The attached image: PNG or JPEG, at most 5 MB (the server checks the bytes, not the name). */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The image as base64: 5 MB of bytes is ⌈5 MB / 3⌉ × 4 characters; a little more gets through
 * so an image just over 5 MB is answered `feedback_bad_image`, not a bare validation error.
 */
export const FEEDBACK_IMAGE_BASE64_MAX = Math.ceil((FEEDBACK_IMAGE_MAX_BYTES * 1.2) / 3) * 4;
export const FEEDBACK_STATUSES = ['pending', 'in_progress', 'answered', 'closed'] as const;
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

export const feedbackRequestSchema = z
  .object({
    sender: text(FEEDBACK_SENDER_MAX).trim().optional(),
    /**
     * Bounded at twice the limit here so that a text just outside 20–1000 gets the translated
     * `feedback_length`, which says the bounds, from the service.
     */
    content: text(FEEDBACK_CONTENT_MAX * 2, { multiline: true }),
    type: feedbackTypeSchema,
    /** Kept for the original client's payload; a signed-in session stands in for it. */
    captcha: text(16).optional(),
    /** The image, base64 (PNG or JPEG, at most 5 MB). */
    file: text(FEEDBACK_IMAGE_BASE64_MAX)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/)
      .optional(),
  })
  .strict();
export type FeedbackRequest = z.input<typeof feedbackRequestSchema>;

export const feedbackSchema = z.object({
  id: z.number().int(),
  type: feedbackTypeSchema,
  sender: serverText(),
  content: serverText(),
  hasImage: z.boolean(),
  status: feedbackStatusSchema,
  reply: serverText().nullable(),
  repliedAt: serverText().nullable(),
  createdAt: serverText(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackHistoryQuerySchema = z.object({
  pageNo: pageNoSchema,
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export const feedbackPageSchema = z.object({
  list: z.array(feedbackSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

/* ── Winners (docs/content.md "Winners") ──────────────────────────────────────────────────── */

/** Rows of a winners page (docs/product.md §9 "Winner board limit 20"). */
export const WINNERS_PAGE_LIMIT = 20;
export const WINNER_PERIODS = ['day', 'week', 'month'] as const;
export const winnersPageQuerySchema = z.object({
  /** ranking: the biggest wins of the period; latest: the newest. */
  view: z.enum(['ranking', 'latest']).default('ranking'),
  period: z.enum(WINNER_PERIODS).default('week'),
});
export type WinnersView = z.infer<typeof winnersPageQuerySchema>['view'];
export type WinnerPeriod = z.infer<typeof winnersPageQuerySchema>['period'];

/** A banner image's address: the month it was stored and its random name (lib/file-storage keys). */
export const bannerImageParamsSchema = z.object({
  month: text(7).regex(/^\d{4}-\d{2}$/),
  name: text(32).regex(/^[a-f0-9]{32}$/),
});

export const CONTENT_ROUTES = {
  notices: defineRoute(E.notices, { query: noticeQuerySchema, response: noticeResponseSchema }),
  announcements: defineRoute(E.announcements, {
    query: announcementsQuerySchema,
    response: announcementPageSchema,
  }),
  sendFeedback: defineRoute(E.sendFeedback, {
    body: feedbackRequestSchema,
    response: feedbackSchema,
  }),
  feedbackHistory: defineRoute(E.feedbackHistory, {
    query: feedbackHistoryQuerySchema,
    response: feedbackPageSchema,
  }),
  /** The image itself, not an envelope. */
  feedbackImage: defineRoute(E.feedbackImage, { params: idParamsSchema }),
  /** The image itself, not an envelope; cached for good (an address is never reused). */
  bannerImage: defineRoute(E.bannerImage, { params: bannerImageParamsSchema }),
  winners: defineRoute(E.winners, {
    query: winnersPageQuerySchema,
    response: z.array(winnerSchema),
  }),
} as const satisfies Record<string, RouteDescriptor>;

/* ── The console's content desk ───────────────────────────────────────────────────────────── */

/** A site path (`/promotions`) or an https address: what a banner's click opens. */
const bannerTargetSchema = text(512).trim();
export const bannerInputSchema = z
  .object({
    groupName: bannerGroupSchema,
    language: languageSchema,
    /** The image: an https address or a path of this site. */
    imageUrl: text(1024).trim().min(1),
    alt: text(200).trim().default(''),
    linkageType: bannerLinkageSchema.default('none'),
    target: bannerTargetSchema.default(''),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    startsAt: instantSchema.optional(),
    endsAt: instantSchema.nullable().default(null),
  })
  .strict();
export type BannerInput = z.input<typeof bannerInputSchema>;
export const createBannerSchema = bannerInputSchema.extend({ merchantCode: merchantCodeSchema });
export const adminBannerSchema = bannerSchema.extend({
  merchantCode: serverText(),
  language: serverText(),
  sortOrder: z.number().int(),
  startsAt: serverText(),
  endsAt: serverText().nullable(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;

/** A banner image: PNG, JPEG or WebP (the server reads the bytes, not the name), at most 2 MB. */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** The base64 of it, with room so that a file just over is answered `content_bad_image`. */
export const BANNER_IMAGE_BASE64_MAX = Math.ceil((BANNER_IMAGE_MAX_BYTES * 1.2) / 3) * 4;
export const bannerImageUploadSchema = z
  .object({
    file: text(BANNER_IMAGE_BASE64_MAX)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/)
      .min(1),
  })
  .strict();
export const bannerImageUploadedSchema = z.object({
  /** The site address to put in the banner's `imageUrl`. */
  url: serverText(),
  contentType: serverText(),
  bytes: z.number().int(),
});
export type BannerImageUploaded = z.infer<typeof bannerImageUploadedSchema>;

export const announcementInputSchema = z
  .object({
    type: announcementTypeSchema,
    execution: announcementExecutionSchema.default('B'),
    language: languageSchema,
    title: text(200).trim().min(1),
    /** Rich text (HTML): sanitised when saved. */
    content: text(ANNOUNCEMENT_BODY_MAX, { multiline: true }).default(''),
    promotionType: z.enum(PROMOTION_CATEGORIES).nullable().default(null),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
    startsAt: instantSchema.optional(),
    endsAt: instantSchema.nullable().default(null),
  })
  .strict();
export type AnnouncementInput = z.input<typeof announcementInputSchema>;
export const createAnnouncementSchema = announcementInputSchema.extend({
  merchantCode: merchantCodeSchema,
});
export const adminAnnouncementSchema = z.object({
  id: z.number().int(),
  merchantCode: serverText(),
  type: announcementTypeSchema,
  execution: announcementExecutionSchema,
  language: serverText(),
  title: serverText(),
  content: serverText(),
  promotionType: serverText().nullable(),
  sortOrder: z.number().int(),
  startsAt: serverText(),
  endsAt: serverText().nullable(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

/** Help topic keys: the footer, /help#<key> and the registration's links name them. */
export const HELP_TOPIC_KEY_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
export const helpTopicInputSchema = z
  .object({
    merchantCode: merchantCodeSchema,
    key: text(32).regex(HELP_TOPIC_KEY_PATTERN),
    language: languageSchema,
    title: text(200).trim().min(1),
    content: text(ANNOUNCEMENT_BODY_MAX, { multiline: true }),
    sortOrder: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type HelpTopicInput = z.input<typeof helpTopicInputSchema>;
export const adminHelpTopicSchema = z.object({
  id: z.number().int(),
  key: serverText(),
  language: serverText(),
  title: serverText(),
  content: serverText(),
  sortOrder: z.number().int(),
});
export type AdminHelpTopic = z.infer<typeof adminHelpTopicSchema>;

/** A brand's channels: mirror domains (line detection), customer service, social links. */
const httpUrlSchema = text(512)
  .trim()
  .regex(/^https?:\/\/[^\s]+$/);
export const channelsInputSchema = z
  .object({
    domainRoute: z.array(z.object({ name: text(64).trim().min(1), url: httpUrlSchema })).max(20),
    customerService: z
      .array(
        z.object({
          csType: text(32).trim().min(1),
          /**
           * An address, or a path of this site (`/helpmc#contact`); empty for the built-in
           * support chat (csType SUPPORT_CHAT, docs/support.md), which opens no address.
           */
          path: text(512)
            .trim()
            .regex(/^((https?:\/\/|\/)[^\s]*)?$/),
          label: text(64).trim().min(1),
        }),
      )
      .max(10),
    socialChannels: z
      .array(z.object({ channel: socialChannelSchema.shape.channel, url: httpUrlSchema }))
      .max(6),
  })
  .strict();
export type ChannelsInput = z.infer<typeof channelsInputSchema>;

export const contentOverviewQuerySchema = z.object({ merchantCode: text(32).optional() });
export const contentOverviewSchema = z.object({
  brands: z.array(z.object({ merchantCode: serverText(), name: serverText() })),
  merchantCode: serverText(),
  banners: z.array(adminBannerSchema),
  announcements: z.array(adminAnnouncementSchema),
  helpTopics: z.array(adminHelpTopicSchema),
  channels: z.object({
    domainRoute: z.array(z.object({ name: serverText(), url: serverText() })),
    customerService: z.array(
      z.object({ csType: serverText(), path: serverText(), label: serverText() }),
    ),
    socialChannels: z.array(socialChannelSchema),
  }),
});
export type ContentOverview = z.infer<typeof contentOverviewSchema>;

export const adminFeedbackQuerySchema = z.object({
  status: feedbackStatusSchema.optional(),
  merchantCode: text(32).optional(),
  pageNo: pageNoSchema,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminFeedbackSchema = feedbackSchema.extend({
  merchantCode: serverText(),
  memberId: z.number().int(),
  username: serverText(),
});
export type AdminFeedback = z.infer<typeof adminFeedbackSchema>;
export const adminFeedbackPageSchema = z.object({
  rows: z.array(adminFeedbackSchema),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export const feedbackReplySchema = z
  .object({ reply: text(FEEDBACK_REPLY_MAX, { multiline: true }).trim().min(1) })
  .strict();
export const feedbackStatusChangeSchema = z
  .object({ status: z.enum(['in_progress', 'closed']) })
  .strict();
const doneSchema = z.object({ done: z.literal(true) });

export const CONTENT_ADMIN_ROUTES = {
  overview: defineRoute(A.overview, {
    query: contentOverviewQuerySchema,
    response: contentOverviewSchema,
  }),
  createBanner: defineRoute(A.createBanner, {
    body: createBannerSchema,
    response: adminBannerSchema,
  }),
  updateBanner: defineRoute(A.updateBanner, {
    params: idParamsSchema,
    body: bannerInputSchema,
    response: adminBannerSchema,
  }),
  deleteBanner: defineRoute(A.deleteBanner, { params: idParamsSchema, response: doneSchema }),
  uploadBannerImage: defineRoute(A.uploadBannerImage, {
    body: bannerImageUploadSchema,
    response: bannerImageUploadedSchema,
  }),
  createAnnouncement: defineRoute(A.createAnnouncement, {
    body: createAnnouncementSchema,
    response: adminAnnouncementSchema,
  }),
  updateAnnouncement: defineRoute(A.updateAnnouncement, {
    params: idParamsSchema,
    body: announcementInputSchema,
    response: adminAnnouncementSchema,
  }),
  deleteAnnouncement: defineRoute(A.deleteAnnouncement, {
    params: idParamsSchema,
    response: doneSchema,
  }),
  saveHelpTopic: defineRoute(A.saveHelpTopic, {
    body: helpTopicInputSchema,
    response: adminHelpTopicSchema,
  }),
  deleteHelpTopic: defineRoute(A.deleteHelpTopic, { params: idParamsSchema, response: doneSchema }),
  saveChannels: defineRoute(A.saveChannels, {
    params: z.object({ merchantCode: merchantCodeSchema }),
    body: channelsInputSchema,
    response: contentOverviewSchema.shape.channels,
  }),
  feedback: defineRoute(A.feedback, {
    query: adminFeedbackQuerySchema,
    response: adminFeedbackPageSchema,
  }),
  /** The image itself, not an envelope. */
  feedbackImage: defineRoute(A.feedbackImage, { params: idParamsSchema }),
  replyFeedback: defineRoute(A.replyFeedback, {
    params: idParamsSchema,
    body: feedbackReplySchema,
    response: adminFeedbackSchema,
  }),
  setFeedbackStatus: defineRoute(A.setFeedbackStatus, {
    params: idParamsSchema,
    body: feedbackStatusChangeSchema,
    response: adminFeedbackSchema,
  }),
} as const satisfies Record<string, RouteDescriptor>;
