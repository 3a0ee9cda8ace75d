import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '@/components/spinner';
import { houseGamesQuery } from '../api/house-api';
import { gameName } from '../lib/names';
import { CrashGame } from './crash-game';
import { DiceGame } from './dice-game';
import { DoubleGame } from './double-game';
import { LimboGame } from './limbo-game';
import { MinesGame } from './mines-game';
import { PlinkoGame } from './plinko-game';
import styles from './house.module.css';

/** `/originals/:gameCode`: the game the code names, by its engine (crash and double: soon). */
export default function GamePage() {
  const { t } = useTranslation();
  const { gameCode = '' } = useParams();
  const games = useQuery(houseGamesQuery());
  if (games.isPending) return <PageLoader fill />;
  if (games.isError)
    return (
      <div className={styles.page}>
        <p className={styles.note}>{t('house.loadError')}</p>
        <button type="button" className={styles.iconButton} onClick={() => void games.refetch()}>
          {t('house.retry')}
        </button>
      </div>
    );
  const game = games.data.games.find((g) => g.gameCode === gameCode.toUpperCase());
  const name = gameName(gameCode.toUpperCase());
  const props = { game: game!, name, currency: games.data.currency };
  if (!game)
    return (
      <div className={styles.page}>
        <p className={styles.note}>{game ? t('house.disabled') : t('house.notFound')}</p>
        <Link className={styles.iconButton} to="/house">
          {t('house.back')}
        </Link>
      </div>
    );
  switch (game.engine) {
    case 'dice':
      return <DiceGame key={game.gameCode} {...props} />;
    case 'limbo':
      return <LimboGame key={game.gameCode} {...props} />;
    case 'plinko':
      return <PlinkoGame key={game.gameCode} {...props} />;
    case 'mines':
      return <MinesGame key={game.gameCode} {...props} />;
    case 'double':
      return <DoubleGame key={game.gameCode} {...props} />;
    case 'crash':
      return <CrashGame key={game.gameCode} {...props} />;
  }
}
