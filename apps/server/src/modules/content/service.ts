import type { Language, NoticeResponse } from '@banca/contracts';
import { refreshingValues } from '../../lib/refreshing-value';
import type { Brand } from '../system';
import type { ContentRepository } from './repository';

/**
 * Banners and notices change when an operator edits them, and every home page asks for them:
 * each brand, language and execution is remembered this long.
 */
const NOTICE_CACHE_TTL_MS = 30_000;

export function createContentService(deps: { repo: ContentRepository; now?: () => number }) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  // Never older than the TTL; read again in the background from half of it, so no home page waits.
  const cache = refreshingValues({
    maxAgeMs: NOTICE_CACHE_TTL_MS,
    refreshAfterMs: NOTICE_CACHE_TTL_MS / 2,
    now,
  });

  async function read(
    brand: Brand,
    language: Language,
    execution: string,
  ): Promise<NoticeResponse> {
    const at = new Date(now());
    const [banners, announcements] = await Promise.all([
      repo.liveBanners(brand.merchantCode, language, at),
      repo.liveAnnouncements(brand.merchantCode, language, execution, at),
    ]);
    const asNotice = (row: (typeof announcements)[number]) => ({
      id: row.id,
      title: row.title,
      content: row.content,
      publishedAt: row.starts_at.toISOString(),
    });
    const popup = announcements.find((row) => row.type === 'PU');
    return {
      banners: banners.map((row) => ({
        id: row.id,
        groupName: row.group_name,
        url: row.image_url,
        alt: row.alt,
        linkageType: row.linkage_type,
        target: row.target,
      })),
      notices: announcements.filter((row) => row.type === 'B' || row.type === 'PL').map(asNotice),
      popup: popup ? asNotice(popup) : null,
      promotions: announcements
        .filter((row) => row.type === 'PR')
        .map((row) => ({ id: row.id, title: row.title })),
    };
  }

  /** The notice payload for a brand and language; the same object while it is cached. */
  async function notices(
    brand: Brand,
    language: Language,
    execution: string,
  ): Promise<NoticeResponse> {
    return cache.get(`${brand.merchantCode}:${language}:${execution}`, () =>
      read(brand, language, execution),
    );
  }

  return { notices, invalidate: () => cache.invalidate() };
}
export type ContentService = ReturnType<typeof createContentService>;
