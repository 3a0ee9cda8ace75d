import {
  WINNERS_PAGE_LIMIT,
  type AnnouncementExecution,
  type AnnouncementPage,
  type Language,
  type NoticeResponse,
  type WinnerPeriod,
  type Winner,
  type WinnersView,
} from '@banca/contracts';
import { refreshingValues } from '../../lib/refreshing-value';
import { sanitizeRichText } from '../../lib/rich-text';
import type { Brand } from '../system';
import type { ContentRepository } from './repository';

/**
 * Banners and notices change when an operator edits them, and every home page asks for them:
 * each brand, language and execution is remembered this long. It is also the bound on how long
 * a console change takes to show on another instance (this one forgets at once).
 */
export const NOTICE_CACHE_TTL_MS = 30_000;

/** How far back each period of the winners pages looks. */
const PERIOD_DAYS: Record<WinnerPeriod, number> = { day: 1, week: 7, month: 30 };
const DAY_MS = 86_400_000;

/** The games module's wins of real rounds (its lobby service), biggest or newest first. */
export type RealWinners = (
  merchantCode: string,
  query: { order: 'amount' | 'latest'; since: Date; limit: number },
  language: Language,
) => Promise<Winner[]>;

type LiveAnnouncement = Awaited<ReturnType<ContentRepository['liveAnnouncements']>>[number];

export function createContentService(deps: {
  repo: ContentRepository;
  realWinners: RealWinners;
  now?: () => number;
}) {
  const { repo } = deps;
  const now = deps.now ?? Date.now;
  // Never older than the TTL; read again in the background from half of it, so no home page waits.
  const cache = refreshingValues({
    maxAgeMs: NOTICE_CACHE_TTL_MS,
    refreshAfterMs: NOTICE_CACHE_TTL_MS / 2,
    now,
  });

  /**
   * What is showing now for a brand, language and execution, bodies sanitised again on the way
   * out: a row written before the policy (or by hand in SQL) still reaches no browser as is.
   */
  function liveAnnouncements(brand: Brand, language: Language, execution: AnnouncementExecution) {
    return cache.get(`a:${brand.merchantCode}:${language}:${execution}`, async () => {
      const rows = await repo.liveAnnouncements(
        brand.merchantCode,
        language,
        execution,
        new Date(now()),
      );
      return rows.map((row: LiveAnnouncement) => ({
        ...row,
        content: sanitizeRichText(row.content),
      }));
    });
  }

  const asNotice = (row: LiveAnnouncement) => ({
    id: row.id,
    title: row.title,
    content: row.content,
    publishedAt: row.starts_at.toISOString(),
  });

  async function read(
    brand: Brand,
    language: Language,
    execution: AnnouncementExecution,
  ): Promise<NoticeResponse> {
    const [banners, announcements] = await Promise.all([
      repo.liveBanners(brand.merchantCode, language, new Date(now())),
      liveAnnouncements(brand, language, execution),
    ]);
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
    execution: AnnouncementExecution,
  ): Promise<NoticeResponse> {
    return cache.get(`n:${brand.merchantCode}:${language}:${execution}`, () =>
      read(brand, language, execution),
    );
  }

  /**
   * The announcement popup's list (docs/content.md "Announcements"): the popup announcements
   * (PU) for the caller's execution, a page at a time. The marquee's broadcasts and the notices
   * stay in the notice dialog, so a visitor is not stopped on arrival by every notice.
   */
  async function announcements(
    brand: Brand,
    language: Language,
    query: { execution: AnnouncementExecution; pageNo: number; pageSize: number },
  ): Promise<AnnouncementPage> {
    const popups = (await liveAnnouncements(brand, language, query.execution)).filter(
      (row) => row.type === 'PU',
    );
    const totalPages = Math.max(1, Math.ceil(popups.length / query.pageSize));
    const pageNo = Math.min(query.pageNo, totalPages);
    return {
      list: popups.slice((pageNo - 1) * query.pageSize, pageNo * query.pageSize).map((row) => ({
        ...asNotice(row),
        type: row.type,
        promotionType: row.promotion_type,
      })),
      pageNo,
      totalPages,
      total: popups.length,
    };
  }

  /** The winners ranking or the latest winners of a period, from real rounds only. */
  function winners(
    brand: Brand,
    language: Language,
    query: { view: WinnersView; period: WinnerPeriod },
  ): Promise<Winner[]> {
    return deps.realWinners(
      brand.merchantCode,
      {
        order: query.view === 'ranking' ? 'amount' : 'latest',
        since: new Date(now() - PERIOD_DAYS[query.period] * DAY_MS),
        limit: WINNERS_PAGE_LIMIT,
      },
      language,
    );
  }

  return { notices, announcements, winners, invalidate: () => cache.invalidate() };
}
export type ContentService = ReturnType<typeof createContentService>;
