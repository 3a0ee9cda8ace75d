import type { GameCard as Game } from '@banca/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { useIdle } from '@/lib/use-idle';
import { useFavouriteToggle, useIsFavourite } from '../../hooks/use-favourites';
import { useLaunchGame } from '../../hooks/use-launch-game';
import { cardVariantClass, formatRtp } from '../../lib/game-format';
import { useLobbyDialogStore } from '../../stores/lobby-dialog-store';
import { FlameIcon, HeartIcon } from '../lobby-icons';
import './games.css';

/** Card art is a 3:4 portrait; the size on <img> reserves its box before it loads. */
const ART_WIDTH_PX = 300;
const ART_HEIGHT_PX = 400;

/**
 * A game (docs/product.md §3): art, name, vendor, hot and new badges, maintenance, RTP and the
 * favourite heart, in one of four frame variants. The card launches the game; the heart is a
 * separate button so either can be reached by keyboard.
 */
export const GameCard = memo(function GameCard({
  game,
  eager = false,
  onLaunch,
}: {
  game: Game;
  /** Above the fold: load the art at once instead of lazily. */
  eager?: boolean;
  /** Run before launching (e.g. close the dialog the card sits in). */
  onLaunch?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const launch = useLaunchGame();
  const toggleFavourite = useFavouriteToggle();
  const isFavourite = useIsFavourite(game.nodeId);
  const launching = useLobbyDialogStore((state) => state.launchingNodeId === game.nodeId);
  const idle = useIdle();
  const classes = ['game-card', cardVariantClass(game.nodeId)];
  if (game.maintenance) classes.push('is-maintenance');
  if (launching) classes.push('is-launching');

  return (
    <article
      className={classes.join(' ')}
      data-testid="game-card"
      data-node-id={game.nodeId}
      data-vendor={game.vassalage}
      data-hot={game.isHot}
    >
      <button
        type="button"
        className="game-card__launch"
        onClick={() => {
          onLaunch?.();
          launch(game);
        }}
        aria-busy={launching}
        data-testid="game-card-launch"
      >
        <span className="game-card__art">
          {/* Art below the fold waits for the first screen (the box keeps its place). */}
          {eager || idle ? (
            <img
              src={game.iconUrl}
              alt=""
              width={ART_WIDTH_PX}
              height={ART_HEIGHT_PX}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              draggable={false}
            />
          ) : null}
          <span className="game-card__badges">
            {game.isHot === 1 ? (
              <span className="game-badge game-badge--hot" data-testid="game-badge-hot">
                <FlameIcon />
                {t('lobby.card.hot')}
              </span>
            ) : null}
            {game.isNew === 1 ? (
              <span className="game-badge game-badge--new" data-testid="game-badge-new">
                {t('lobby.card.new')}
              </span>
            ) : null}
          </span>
          {game.maintenance ? (
            <span className="game-card__maintenance" data-testid="game-maintenance">
              {t('lobby.card.maintenance')}
            </span>
          ) : null}
          <span className="game-card__play" aria-hidden="true">
            {launching ? <Spinner sizePx={22} label={t('lobby.card.opening')} /> : <PlayIcon />}
          </span>
        </span>
        <span className="game-card__body">
          <span className="game-card__name" data-testid="game-card-name">
            {game.displayName}
          </span>
          <span className="game-card__meta">
            <span className="game-card__vendor">{game.vendorName}</span>
            <span className="game-card__rtp">
              {t('lobby.card.rtp', { value: formatRtp(game.rtp, language) })}
            </span>
          </span>
        </span>
      </button>
      <button
        type="button"
        className={isFavourite ? 'game-card__fav is-on' : 'game-card__fav'}
        aria-pressed={isFavourite}
        aria-label={t(isFavourite ? 'lobby.card.removeFavourite' : 'lobby.card.addFavourite', {
          name: game.displayName,
        })}
        onClick={() => toggleFavourite(game, isFavourite)}
        data-testid="game-card-favourite"
      >
        <HeartIcon filled={isFavourite} />
      </button>
    </article>
  );
});
