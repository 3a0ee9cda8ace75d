import type { Endpoint } from './endpoints';

/**
 * The content module's calls (docs/content.md), zod-free like ENDPOINTS so the web's first
 * chunk (the announcement popup, the notices) may import them. Listed in ENDPOINTS as `content`.
 */
export const CONTENT_ENDPOINTS = {
  /** Banners, notices, the arrival popup and promotion titles (execution B on the web). */
  notices: { method: 'GET', path: '/wps/notice' },
  /** The announcement popup's list for an execution (A logged in, B anonymous, F first login), 9 a page. */
  announcements: { method: 'GET', path: '/wps/announcements' },
  /** Feedback and complaints: a signed-in member's message with an optional image. */
  sendFeedback: { method: 'PUT', path: '/wps/feedback' },
  /** The member's feedback, newest first, with the operators' answers. */
  feedbackHistory: { method: 'GET', path: '/wps/feedback' },
  /** The image the member attached to one of their feedbacks (the image itself). */
  feedbackImage: { method: 'GET', path: '/wps/feedback/:id/image' },
  /** Winners ranking (biggest wins) and latest winners, from real rounds only. */
  winners: { method: 'GET', path: '/wps/winners' },
  /** A banner image uploaded from the console (public, like the banner that shows it). */
  bannerImage: { method: 'GET', path: '/wps/banner-images/:month/:name' },
} as const satisfies Record<string, Endpoint>;

/** The console's content desk (operator scope, docs/content.md "Console"). */
export const CONTENT_ADMIN_ENDPOINTS = {
  /** Everything the desk edits for one brand: banners, announcements, help, channels. */
  overview: { method: 'GET', path: '/admin/api/content' },
  createBanner: { method: 'POST', path: '/admin/api/content/banners' },
  updateBanner: { method: 'PUT', path: '/admin/api/content/banners/:id' },
  deleteBanner: { method: 'DELETE', path: '/admin/api/content/banners/:id' },
  /** Stores an uploaded banner image; answers the site address a banner's `imageUrl` takes. */
  uploadBannerImage: { method: 'POST', path: '/admin/api/content/banner-images' },
  createAnnouncement: { method: 'POST', path: '/admin/api/content/announcements' },
  updateAnnouncement: { method: 'PUT', path: '/admin/api/content/announcements/:id' },
  deleteAnnouncement: { method: 'DELETE', path: '/admin/api/content/announcements/:id' },
  /** Creates or replaces the help topic of a key and language. */
  saveHelpTopic: { method: 'PUT', path: '/admin/api/content/help' },
  deleteHelpTopic: { method: 'DELETE', path: '/admin/api/content/help/:id' },
  /** Mirror domains, customer-service channels and social channels of a brand. */
  saveChannels: { method: 'PUT', path: '/admin/api/content/channels/:merchantCode' },
  /** The feedback queue by status, oldest first. */
  feedback: { method: 'GET', path: '/admin/api/content/feedback' },
  feedbackImage: { method: 'GET', path: '/admin/api/content/feedback/:id/image' },
  /** Answers a feedback: the reply reaches the member's inbox. */
  replyFeedback: { method: 'POST', path: '/admin/api/content/feedback/:id/reply' },
  /** Takes a feedback in hand, or closes it without a reply. */
  setFeedbackStatus: { method: 'POST', path: '/admin/api/content/feedback/:id/status' },
} as const satisfies Record<string, Endpoint>;
