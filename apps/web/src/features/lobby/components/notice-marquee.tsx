import { useTranslation } from 'react-i18next';
import { ArrowRightIcon, MegaphoneIcon } from '@/components/icons';

/**
 * The notice strip under the banners (spec §2): a scrolling line; a click opens the notice
 * dialog. It stands still for players who ask for less motion, and while hovered or focused.
 */
export function NoticeMarquee({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const line = t('home.noticeLine');
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
        <span className="notice-marquee__track">
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
