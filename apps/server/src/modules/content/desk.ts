import {
  BANNER_IMAGE_MAX_BYTES,
  type AdminAnnouncement,
  type AdminBanner,
  type AnnouncementInput,
  type BannerImageUploaded,
  type BannerInput,
  type ChannelsInput,
  type ContentOverview,
  type HelpTopicInput,
} from '@banca/contracts';
import { announcementInputSchema, bannerInputSchema, helpTopicInputSchema } from '@banca/contracts';
import type { Selectable } from 'kysely';
import { AppError } from '../../http/errors';
import { answeringStorage, sniffWebImage, type FileStorage } from '../../lib/file-storage';
import { sanitizeRichText } from '../../lib/rich-text';
import type { SystemService } from '../system';
import type { ContentRepository } from './repository';
import type { AnnouncementsTable, BannersTable } from './tables';

type BannerRow = Selectable<BannersTable>;
type AnnouncementRow = Selectable<AnnouncementsTable>;

function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    groupName: row.group_name,
    language: row.language,
    url: row.image_url,
    alt: row.alt,
    linkageType: row.linkage_type,
    target: row.target,
    sortOrder: row.sort_order,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

function toAdminAnnouncement(row: AnnouncementRow): AdminAnnouncement {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    type: row.type,
    execution: row.execution,
    language: row.language,
    title: row.title,
    content: row.content,
    promotionType: row.promotion_type,
    sortOrder: row.sort_order,
    startsAt: row.starts_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
  };
}

/** A schedule from the form: start (now when absent) before the end, if any. */
function scheduleOf(input: { startsAt?: string; endsAt: string | null }, now: Date) {
  const startsAt = input.startsAt ? new Date(input.startsAt) : now;
  const endsAt = input.endsAt ? new Date(input.endsAt) : null;
  if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw new AppError('content_bad_schedule');
  return { starts_at: startsAt, ends_at: endsAt };
}

/** What a click on a banner opens must fit its kind (the table's CHECKs say the same, later). */
function linkOf(linkageType: 'none' | 'route' | 'external', target: string) {
  if (linkageType === 'none') return '';
  const ok =
    linkageType === 'route'
      ? /^\/(?!\/)[^\s]*$/.test(target)
      : /^https:\/\/[^\s/]+[^\s]*$/.test(target);
  if (!ok) throw new AppError('content_bad_link');
  return target;
}

/** A banner's image: an https address or a path of this site (the demo's generated art). */
function imageOf(url: string) {
  if (!/^(https:\/\/[^\s/]+|\/(?!\/))[^\s]*$/.test(url)) throw new AppError('content_bad_link');
  return url;
}

/** Where uploaded banner images are stored, and the site path they are served under. */
const BANNER_PREFIX = 'banners/';
const BANNER_PATH = '/wps/banner-images/';

/**
 * The console's content desk (docs/content.md "Console"): banners, announcements, help
 * articles and a brand's channels. Every change forgets the notice cache of this instance;
 * other instances see it within NOTICE_CACHE_TTL_MS (and the brand cache's 5 s for channels).
 */
export function createContentDesk(deps: {
  repo: ContentRepository;
  system: SystemService;
  storage: FileStorage;
  invalidate: () => void;
  now?: () => number;
}) {
  const { repo, system } = deps;
  // A store that did not answer is a 503 with its code (nothing recorded), never a 500.
  const storage = answeringStorage(deps.storage);
  const now = deps.now ?? Date.now;

  async function brandOf(merchantCode: string) {
    const brand = await system.brandByCode(merchantCode);
    if (!brand) throw new AppError('content_unknown_brand');
    return brand;
  }

  async function overview(merchantCode: string | undefined): Promise<ContentOverview> {
    const brands = await system.allBrands();
    const brand = merchantCode
      ? await brandOf(merchantCode)
      : (brands.find((b) => b.merchantCode === 'BANCA') ?? brands[0]);
    if (!brand) throw new AppError('content_unknown_brand');
    const [banners, announcements, helpTopics] = await Promise.all([
      repo.banners(brand.merchantCode),
      repo.announcements(brand.merchantCode),
      system.allHelpTopics(brand.merchantCode),
    ]);
    return {
      brands: brands.map((b) => ({ merchantCode: b.merchantCode, name: b.name })),
      merchantCode: brand.merchantCode,
      banners: banners.map(toAdminBanner),
      announcements: announcements.map(toAdminAnnouncement),
      helpTopics,
      channels: channelsOf(brand.settings),
    };
  }

  function channelsOf(settings: {
    domainRoute: ContentOverview['channels']['domainRoute'];
    customerService: ContentOverview['channels']['customerService'];
    socialChannels: ContentOverview['channels']['socialChannels'];
  }) {
    return {
      domainRoute: settings.domainRoute,
      customerService: settings.customerService,
      socialChannels: settings.socialChannels,
    };
  }

  function bannerRow(raw: BannerInput) {
    const input = bannerInputSchema.parse(raw);
    return {
      group_name: input.groupName,
      language: input.language,
      image_url: imageOf(input.imageUrl),
      alt: input.alt,
      linkage_type: input.linkageType,
      target: linkOf(input.linkageType, input.target),
      sort_order: input.sortOrder,
      ...scheduleOf(input, new Date(now())),
    };
  }

  async function createBanner(merchantCode: string, input: BannerInput) {
    await brandOf(merchantCode);
    const row = await repo.insertBanner({ merchant_code: merchantCode, ...bannerRow(input) });
    deps.invalidate();
    return toAdminBanner(row);
  }

  async function updateBanner(id: number, input: BannerInput) {
    const before = await repo.banner(id);
    if (!before) throw new AppError('content_not_found');
    const row = await repo.updateBanner(id, bannerRow(input));
    if (!row) throw new AppError('content_not_found');
    deps.invalidate();
    return { before: toAdminBanner(before), after: toAdminBanner(row) };
  }

  async function deleteBanner(id: number) {
    const row = await repo.deleteBanner(id);
    if (!row) throw new AppError('content_not_found');
    deps.invalidate();
    return toAdminBanner(row);
  }

  /** The announcement as stored: its body sanitised here, and again whenever it is shown. */
  function announcementRow(raw: AnnouncementInput) {
    const input = announcementInputSchema.parse(raw);
    return {
      type: input.type,
      execution: input.execution,
      language: input.language,
      title: input.title,
      content: sanitizeRichText(input.content),
      promotion_type: input.promotionType,
      sort_order: input.sortOrder,
      ...scheduleOf(input, new Date(now())),
    };
  }

  async function createAnnouncement(merchantCode: string, input: AnnouncementInput) {
    await brandOf(merchantCode);
    const row = await repo.insertAnnouncement({
      merchant_code: merchantCode,
      ...announcementRow(input),
    });
    deps.invalidate();
    return toAdminAnnouncement(row);
  }

  async function updateAnnouncement(id: number, input: AnnouncementInput) {
    const before = await repo.announcement(id);
    if (!before) throw new AppError('content_not_found');
    const row = await repo.updateAnnouncement(id, announcementRow(input));
    if (!row) throw new AppError('content_not_found');
    deps.invalidate();
    return { before: toAdminAnnouncement(before), after: toAdminAnnouncement(row) };
  }

  async function deleteAnnouncement(id: number) {
    const row = await repo.deleteAnnouncement(id);
    if (!row) throw new AppError('content_not_found');
    deps.invalidate();
    return toAdminAnnouncement(row);
  }

  async function saveHelpTopic(raw: HelpTopicInput) {
    const input = helpTopicInputSchema.parse(raw);
    await brandOf(input.merchantCode);
    const content = sanitizeRichText(input.content);
    if (content === '') throw new AppError('content_empty_body');
    return system.saveHelpTopic({ ...input, content });
  }

  async function deleteHelpTopic(id: number) {
    const row = await system.deleteHelpTopic(id);
    if (!row) throw new AppError('content_not_found');
    return row;
  }

  /** Replaces the brand's mirror domains, customer-service and social channels at once. */
  async function saveChannels(merchantCode: string, input: ChannelsInput) {
    const before = channelsOf((await brandOf(merchantCode)).settings);
    await system.updateBrandSettings(merchantCode, (settings) => ({
      ...settings,
      domainRoute: input.domainRoute,
      customerService: input.customerService,
      socialChannels: input.socialChannels,
    }));
    return { before, after: channelsOf((await brandOf(merchantCode)).settings) };
  }

  /**
   * An image uploaded for a banner: PNG, JPEG or WebP by its bytes (the name and declared type
   * are never asked), at most BANNER_IMAGE_MAX_BYTES; stored under a generated key and answered
   * as the site path a banner's `imageUrl` takes. Nothing is stored for a refused file.
   */
  async function uploadBannerImage(base64: string): Promise<BannerImageUploaded> {
    const bytes = Buffer.from(base64, 'base64');
    const type = bytes.length <= BANNER_IMAGE_MAX_BYTES ? sniffWebImage(bytes) : null;
    if (!type)
      throw new AppError('content_bad_image', {
        params: { maxMb: BANNER_IMAGE_MAX_BYTES / (1024 * 1024) },
      });
    const key = await storage.put(BANNER_PREFIX, bytes, type);
    return {
      url: `${BANNER_PATH}${key.slice(BANNER_PREFIX.length)}`,
      contentType: type,
      bytes: bytes.length,
    };
  }

  /** A stored banner image by its address's month and name (only banners: never another upload). */
  async function bannerImage(month: string, name: string) {
    const file = await storage.get(`${BANNER_PREFIX}${month}/${name}`);
    if (!file) throw new AppError('content_not_found');
    return file;
  }

  return {
    uploadBannerImage,
    bannerImage,
    overview,
    createBanner,
    updateBanner,
    deleteBanner,
    createAnnouncement,
    updateAnnouncement,
    deleteAnnouncement,
    saveHelpTopic,
    deleteHelpTopic,
    saveChannels,
  };
}
export type ContentDesk = ReturnType<typeof createContentDesk>;
