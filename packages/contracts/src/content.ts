import { z } from 'zod';
import { text, serverText } from './text';

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
