import {
  CONTENT_ADMIN_ENDPOINTS as A,
  pathOf,
  type AdminAnnouncement,
  type AdminBanner,
  type AdminFeedback,
  type AdminHelpTopic,
  type AnnouncementInput,
  type BannerImageUploaded,
  type BannerInput,
  type ChannelsInput,
  type ContentOverview,
  type FeedbackStatus,
  type HelpTopicInput,
} from '@banca/contracts';
import { adminRequest } from '@/api/admin-client';

export const ADMIN_CONTENT_KEY = ['admin', 'content'] as const;

const withId = (
  endpoint: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string },
  id: number,
) => ({
  method: endpoint.method,
  path: pathOf(endpoint, { id } as never),
});

export const fetchContent = (merchantCode: string | null, signal?: AbortSignal) =>
  adminRequest<ContentOverview>(A.overview, {
    query: merchantCode ? { merchantCode } : {},
    signal,
  });

export const createBanner = (merchantCode: string, body: BannerInput) =>
  adminRequest<AdminBanner>(A.createBanner, { body: { ...body, merchantCode } });
export const updateBanner = (id: number, body: BannerInput) =>
  adminRequest<AdminBanner>(withId(A.updateBanner, id), { body });
export const deleteBanner = (id: number) =>
  adminRequest<{ done: true }>(withId(A.deleteBanner, id));
/** Uploads a banner image (base64); answers the site address to put in `imageUrl`. */
export const uploadBannerImage = (file: string) =>
  adminRequest<BannerImageUploaded>(A.uploadBannerImage, { body: { file }, timeoutMs: 60_000 });

export const createAnnouncement = (merchantCode: string, body: AnnouncementInput) =>
  adminRequest<AdminAnnouncement>(A.createAnnouncement, { body: { ...body, merchantCode } });
export const updateAnnouncement = (id: number, body: AnnouncementInput) =>
  adminRequest<AdminAnnouncement>(withId(A.updateAnnouncement, id), { body });
export const deleteAnnouncement = (id: number) =>
  adminRequest<{ done: true }>(withId(A.deleteAnnouncement, id));

export const saveHelpTopic = (body: HelpTopicInput) =>
  adminRequest<AdminHelpTopic>(A.saveHelpTopic, { body });
export const deleteHelpTopic = (id: number) =>
  adminRequest<{ done: true }>(withId(A.deleteHelpTopic, id));

export const saveChannels = (merchantCode: string, body: ChannelsInput) =>
  adminRequest<ContentOverview['channels']>(
    { method: A.saveChannels.method, path: pathOf(A.saveChannels, { merchantCode }) },
    { body },
  );

export type FeedbackQueuePage = {
  rows: AdminFeedback[];
  pageNo: number;
  pageSize: number;
  total: number;
};
export const fetchFeedbackQueue = (
  query: { status?: FeedbackStatus; pageNo: number; pageSize: number },
  signal?: AbortSignal,
) => adminRequest<FeedbackQueuePage>(A.feedback, { query, signal });
export const replyFeedback = (id: number, reply: string) =>
  adminRequest<AdminFeedback>(withId(A.replyFeedback, id), { body: { reply } });
export const setFeedbackStatus = (id: number, status: 'in_progress' | 'closed') =>
  adminRequest<AdminFeedback>(withId(A.setFeedbackStatus, id), { body: { status } });
export const feedbackImagePath = (id: number) => pathOf(A.feedbackImage, { id });
