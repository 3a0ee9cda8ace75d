import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { winnersQueryOptions, WINNER_BOARD_SIZE } from '../../api/get-winners';
import { formatWin, maskWinnerName } from '../../lib/game-format';
import { ListError } from '../games/list-states';
import { TrophyIcon } from '../lobby-icons';
import { SectionHead } from './section-head';

/** Winner board (docs/product.md §2, §9): the latest 20 wins, biggest first, names masked. */
export function WinnerBoard() {
  const { t } = useTranslation();
  const language = useLanguage();
  const winners = useQuery(winnersQueryOptions(language));
  const headingId = 'home-section-winners';
  return (
    <section
      className="home-section winner-board"
      aria-labelledby={headingId}
      data-testid="winner-board"
    >
      <SectionHead
        id={headingId}
        icon={<TrophyIcon />}
        title={t('lobby.sections.winners')}
        tagline={t('lobby.sections.winnersTagline')}
      />
      {winners.isPending ? (
        <ol className="winner-board__list" aria-hidden="true">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="winner-row">
              <Skeleton height={48} radius={12} />
            </li>
          ))}
        </ol>
      ) : winners.isError ? (
        <ListError error={winners.error} onRetry={() => void winners.refetch()} />
      ) : winners.data.length === 0 ? (
        <p className="winner-board__empty">{t('lobby.sections.winnersEmpty')}</p>
      ) : (
        <ol className="winner-board__list" aria-label={t('lobby.winners.listLabel')}>
          {winners.data.slice(0, WINNER_BOARD_SIZE).map((winner, index) => (
            <li
              key={winner.id}
              className={index < 3 ? `winner-row is-top is-top-${index + 1}` : 'winner-row'}
              data-testid="winner-row"
            >
              <span className="winner-row__rank">
                {t('lobby.winners.rank', { rank: index + 1 })}
              </span>
              <img
                className="winner-row__art"
                src={winner.iconUrl}
                alt=""
                width={36}
                height={48}
                loading="lazy"
                decoding="async"
              />
              <span className="winner-row__who">
                <span className="winner-row__name" data-testid="winner-name">
                  {maskWinnerName(winner.displayName)}
                </span>
                <span className="winner-row__game">
                  {t('lobby.winners.wonIn', { game: winner.gameName })}
                </span>
              </span>
              <span className="winner-row__amount" data-testid="winner-amount">
                {formatWin(winner.winAmountMinor, winner.currency, language)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
