import type { Db } from '../../db/connect';

/** The only code that reads banners and announcements. */
export function createContentRepository(db: Db) {
  return {
    /** Banners of a brand in a language that are showing at `at`, in display order. */
    liveBanners(merchantCode: string, language: string, at: Date) {
      return db
        .selectFrom('banners')
        .select(['id', 'group_name', 'image_url', 'alt', 'linkage_type', 'target'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Announcements of a brand in a language for one execution that are showing at `at`. */
    liveAnnouncements(merchantCode: string, language: string, execution: string, at: Date) {
      return db
        .selectFrom('announcements')
        .select(['id', 'type', 'title', 'content', 'starts_at'])
        .where('merchant_code', '=', merchantCode)
        .where('language', '=', language)
        .where('execution', '=', execution as 'A' | 'B' | 'F')
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]))
        .orderBy('sort_order')
        .orderBy('starts_at', 'desc')
        .execute();
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
