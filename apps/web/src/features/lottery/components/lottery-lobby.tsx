import { LOTTERY_PRIZE_MODES, type LotteryPrizeMode } from '@banca/contracts/lottery-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { menuQuery } from '../api/lottery-api';
import { clock, gameName, intervalLabel, localTime, zoneLabel } from '../lib/format';
import { serverOffsetMs, useServerNow } from '../lib/server-clock';
import { Balls } from './balls';
import { MyBets } from './my-bets';
import styles from './lottery.module.css';

type LobbyTab = 'games' | 'bets';

/** Where a prize mode's games are played (spec §7: /vnLottery is LOTT, /seaLottery SEA). */
const PAGE_OF: Record<LotteryPrizeMode, string> = {
  ELOTT: '/lottery',
  LOTT: '/vnLottery',
  ZY: '/lottery',
  SEA: '/seaLottery',
};

/**
 * The lottery lobby: menus by prize mode (`/lgw/vn/games/game_menu`), each game with its
 * countdown and last numbers; the member's lottery bets beside. ZY has no games: it says so.
 */
export function LotteryLobby({ initialMode }: { initialMode: LotteryPrizeMode }) {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<LotteryPrizeMode>(initialMode);
  const [tab, setTab] = useState<LobbyTab>('games');
  const menu = useQuery(menuQuery(mode));
  const offset = menu.data ? serverOffsetMs(menu.data.serverTimeUtc, menu.dataUpdatedAt) : 0;
  const now = useServerNow(offset, 1000);

  return (
    <>
      <header className={styles.hero}>
        <CategoryIcon category="ELOTT" />
        <div>
          <h1 className={styles.title}>{t('lottery.lobby.title')}</h1>
          <p className={styles.muted}>
            {mode === 'LOTT'
              ? t('lottery.lobby.subtitleLott')
              : mode === 'SEA'
                ? t('lottery.lobby.subtitleSea')
                : t('lottery.lobby.subtitle')}
          </p>
        </div>
      </header>
      <Tabs
        label={t('lottery.tabs.label')}
        items={[
          { key: 'games', label: t('lottery.tabs.games') },
          { key: 'bets', label: t('lottery.tabs.bets') },
        ]}
        selected={tab}
        onSelect={setTab}
        testIdPrefix="lottery-lobby-tab"
      />
      {tab === 'bets' ? (
        <MyBets />
      ) : (
        <>
          <div className={styles.modes} role="group" aria-label={t('lottery.lobby.modesLabel')}>
            {LOTTERY_PRIZE_MODES.map((m) => (
              <button
                key={m}
                type="button"
                className={styles.chip}
                aria-pressed={m === mode}
                onClick={() => setMode(m)}
                data-testid={`lottery-mode-${m}`}
              >
                {t(`lottery.lobby.modes.${m}`)}
              </button>
            ))}
          </div>
          {menu.isPending ? (
            <div className={styles.cards}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className={styles.cardSkeleton} />
              ))}
            </div>
          ) : menu.data && menu.data.games.length > 0 ? (
            <div className={styles.cards}>
              {menu.data.games.map((game) => (
                <Link
                  key={game.gameCode}
                  to={`${PAGE_OF[game.prizeMode]}?gameCode=${game.gameCode}`}
                  className={styles.card}
                  data-testid={`lottery-game-${game.gameCode}`}
                >
                  <div className={styles.cardHead}>
                    <strong>{gameName(game, i18n.language)}</strong>
                    <span className={styles.badge}>
                      {game.draw ? clock(Date.parse(game.draw.closeAtUtc) - now) : '—'}
                    </span>
                  </div>
                  <span className={styles.muted}>
                    {t(`lottery.kinds.${game.kind}`)} ·{' '}
                    {game.drawTime && game.draw
                      ? t('lottery.lobby.daily', {
                          time: localTime(game.draw.drawAtUtc, game.timeZone, i18n.language),
                          zone: zoneLabel(game.timeZone),
                        })
                      : t('lottery.lobby.every', {
                          interval: intervalLabel(t, game.intervalSeconds),
                        })}
                  </span>
                  <span className={styles.caption}>{t('lottery.lobby.last')}</span>
                  {game.last?.numbers ? (
                    <Balls kind={game.kind} numbers={game.last.numbers} size="sm" />
                  ) : (
                    <span className={styles.muted}>{t('lottery.lobby.noResult')}</span>
                  )}
                  <span className={styles.play}>{t('lottery.lobby.play')}</span>
                </Link>
              ))}
            </div>
          ) : (
            <EmptyState
              icon={<CategoryIcon category="LOTT" />}
              title={t('lottery.lobby.comingSoon')}
            >
              {t('lottery.lobby.comingSoonText')}
            </EmptyState>
          )}
        </>
      )}
    </>
  );
}
