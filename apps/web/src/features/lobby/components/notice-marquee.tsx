import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { noticesQueryOptions } from '@/api/notices';
import { ArrowRightIcon, MegaphoneIcon } from '@/components/icons';
import { useLanguage } from '@/i18n';

/** Between two notice titles on the scrolling line. */
const SEPARATOR = '   •   ';

/**
 * The notice strip under the banners (docs/product.md §2): the brand's notice titles on a scrolling
 * line; a click opens the notice dialog. It stands still for players who ask for less motion, and
 * while hovered or focused. The strip keeps its height while loading (no layout shift) and goes
 * away when the brand has no notices.
 */
export function NoticeMarquee({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const notices = useQuery(noticesQueryOptions(useLanguage()));
  if (notices.data && notices.data.notices.length === 0) return null;
  const line = notices.data?.notices.map((notice) => notice.title).join(SEPARATOR) ?? '';
  return (
    <button
      type="button"
      className="notice-marquee"
      onClick={onOpen}
      aria-label={t('home.noticesOpen')}
      data-testid="notice-marquee"
    >
      <span className="notice-marquee__icon" aria-hidden="true">
        <MegaphoneIcon />
      </span>
      <span className="notice-marquee__viewport" aria-hidden="true">
        <span className="notice-marquee__track" data-testid="notice-marquee-line">
          <span>{line}</span>
          <span>{line}</span>
        </span>
      </span>
      <span className="notice-marquee__more" aria-hidden="true">
        <ArrowRightIcon />
      </span>
    </button>
  );
}
