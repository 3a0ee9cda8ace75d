import type { Endpoint } from './endpoints';

/**
 * The promotions' calls (docs/rewards.md), zod-free like ENDPOINTS so the web's first chunk
 * (the side menu's promotions list) may import them. Listed in ENDPOINTS as `promotions`.
 */
export const PROMOTION_ENDPOINTS = {
  /** The brand's live promotions with the signed-in member's status in each (public: statuses need a session). */
  list: { method: 'GET', path: '/wps/promotions' },
  /** The banner image of a promotion (public; `lang` is unused: one image per promotion). */
  banner: { method: 'GET', path: '/wps/promotions/:id/banner' },
  /** Opt in to a promotion that asks members to join first. */
  join: { method: 'POST', path: '/wps/promotions/:id/join' },
  /** Take the reward of this period once qualified: exactly one of two claims at once wins. */
  claim: { method: 'POST', path: '/wps/promotions/:id/claim' },
  /** Apply with a comment and up to 3 images (base64 PNG or JPEG, each at most 5 MB). */
  apply: { method: 'POST', path: '/wps/promotions/:id/applications' },
} as const satisfies Record<string, Endpoint>;

/** The console's promotions desks (operator scope). */
export const PROMOTION_ADMIN_ENDPOINTS = {
  list: { method: 'GET', path: '/admin/api/promotions' },
  create: { method: 'POST', path: '/admin/api/promotions' },
  update: { method: 'PUT', path: '/admin/api/promotions/:id' },
  /** The kill switch: off hides the promotion and refuses its claims and applications. */
  setEnabled: { method: 'POST', path: '/admin/api/promotions/:id/enabled' },
  /** The banner: the image's bytes as the body (image/png or image/jpeg, at most 5 MB). */
  uploadBanner: { method: 'PUT', path: '/admin/api/promotions/:id/banner' },
  /** The banner image (the console shows it whether the promotion is on or off). */
  banner: { method: 'GET', path: '/admin/api/promotions/:id/banner' },
  /** The bodies as the server will store them (sanitised), for the editor's preview. */
  preview: { method: 'POST', path: '/admin/api/promotions/preview' },
  applications: { method: 'GET', path: '/admin/api/promotions/applications' },
  /** One proof image of an application (the image itself). */
  proof: { method: 'GET', path: '/admin/api/promotions/applications/:id/proofs/:position' },
  decide: { method: 'POST', path: '/admin/api/promotions/applications/:id/decision' },
  /** Issued rewards per promotion: how many, and what they cost. */
  report: { method: 'GET', path: '/admin/api/promotions/report' },
} as const satisfies Record<string, Endpoint>;

/** The spec's promotion categories, in the page's tab order (`all` is every category). */
export const PROMOTION_CATEGORIES = [
  'other',
  'sports',
  'live',
  'slots',
  'poker',
  'fishing',
  'lottery',
  'cashback',
  'points_shop',
  'vip',
  'deposit',
  'download_app',
  'welcome',
] as const;
export type PromotionCategory = (typeof PROMOTION_CATEGORIES)[number];

/** The statuses a member sees (product-spec: join … closed). */
export const PROMOTION_STATUSES = [
  'join',
  'claim',
  'applying',
  'rejected',
  'issued',
  'claimed',
  'in_process',
  'joined',
  'coming_soon',
  'closed',
] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Promotions the side menu lists (product-spec: "up to 6 promotions with a more link"). */
export const SIDE_MENU_PROMOTIONS = 6;
/** The promotions page asks again this often (facts.md §1: promotions are re-polled every 300 s). */
export const PROMOTIONS_REPOLL_MS = 300_000;
/** An application's comment: at most 140 characters (issue 16 §2). */
export const APPLICATION_COMMENT_MAX = 140;
/** Images one application may carry. */
export const APPLICATION_MAX_PROOFS = 3;
/** Largest proof or banner image: 5 MB (the server checks the bytes, not the name). */
export const PROMOTION_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
