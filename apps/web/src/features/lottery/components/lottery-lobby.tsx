import { LOTTERY_PRIZE_MODES, type LotteryPrizeMode } from '@banca/contracts/lottery-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { menuQuery, type LotteryMenu } from '../api/lottery-api';
import {
  clock,
  gameName,
  intervalLabel,
  localDate,
  localDay,
  localTime,
  weekdaysLabel,
  zoneLabel,
} from '../lib/format';
import { serverOffsetMs, useServerNow } from '../lib/server-clock';
import { Balls } from './balls';
import { MyBets } from './my-bets';
import styles from './lottery.module.css';

type LobbyTab = 'games' | 'bets';
type MenuGame = LotteryMenu['games'][number];

const REGIONS = ['north', 'central', 'south'] as const;
/** Draw days shown per region before "the rest of the week". */
const DAYS_SHOWN = 2;

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
  const { t } = useTranslation();
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
            mode === 'LOTT' ? (
              <VnRegions games={menu.data.games} now={now} />
            ) : (
              <div className={styles.cards}>
                {menu.data.games.map((game) => (
                  <GameCard key={game.gameCode} game={game} now={now} />
                ))}
              </div>
            )
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

/** One game's card: its countdown to the close, schedule, next draw and last result. */
function GameCard({ game, now }: { game: MenuGame; now: number }) {
  const { t, i18n } = useTranslation();
  const at = game.draw
    ? {
        time: localTime(game.draw.drawAtUtc, game.timeZone, i18n.language),
        zone: zoneLabel(game.timeZone),
      }
    : null;
  return (
    <Link
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
        {game.drawTime && at
          ? game.drawWeekdays
            ? t('lottery.lobby.weekly', {
                ...at,
                days: weekdaysLabel(game.drawWeekdays, i18n.language),
              })
            : t('lottery.lobby.daily', at)
          : t('lottery.lobby.every', { interval: intervalLabel(t, game.intervalSeconds) })}
      </span>
      {game.drawTime && game.draw && at ? (
        <span className={styles.muted} data-testid={`lottery-next-${game.gameCode}`}>
          {t('lottery.lobby.nextDraw', {
            date: localDate(game.draw.drawAtUtc, game.timeZone, i18n.language),
            time: at.time,
          })}
        </span>
      ) : null}
      <span className={styles.caption}>{t('lottery.lobby.last')}</span>
      {game.last?.numbers ? (
        <Balls kind={game.kind} numbers={game.last.numbers} size="sm" />
      ) : (
        <span className={styles.muted}>{t('lottery.lobby.noResult')}</span>
      )}
      <span className={styles.play}>{t('lottery.lobby.play')}</span>
    </Link>
  );
}

/**
 * The Vietnamese menu: the north, then the central and southern provinces, each region's games
 * grouped by the local day of their next draw — today's provinces (and the next day's) first,
 * the rest of the week behind a button.
 */
function VnRegions({ games, now }: { games: MenuGame[]; now: number }) {
  const { t } = useTranslation();
  const others = games.filter((g) => g.region === null);
  return (
    <div className={styles.regions}>
      {others.length > 0 ? (
        <div className={styles.cards}>
          {others.map((game) => (
            <GameCard key={game.gameCode} game={game} now={now} />
          ))}
        </div>
      ) : null}
      {REGIONS.map((region) => {
        const inRegion = games.filter((g) => g.region === region);
        if (inRegion.length === 0) return null;
        return (
          <section
            key={region}
            className={styles.region}
            aria-labelledby={`lottery-region-${region}`}
            data-testid={`lottery-region-${region}`}
          >
            <h2 id={`lottery-region-${region}`} className={styles.regionTitle}>
              {t(`lottery.lobby.regions.${region}`)}
            </h2>
            <RegionDays games={inRegion} now={now} />
          </section>
        );
      })}
    </div>
  );
}

function RegionDays({ games, now }: { games: MenuGame[]; now: number }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const zone = games[0]!.timeZone;
  const today = localDay(now, zone);
  const sorted = [...games].sort(
    (a, b) =>
      (a.draw ? Date.parse(a.draw.drawAtUtc) : Infinity) -
        (b.draw ? Date.parse(b.draw.drawAtUtc) : Infinity) || a.gameCode.localeCompare(b.gameCode),
  );
  const days: Array<{ day: string; at: string | null; games: MenuGame[] }> = [];
  for (const game of sorted) {
    const day = game.draw ? localDay(game.draw.drawAtUtc, game.timeZone) : '';
    const group = days.find((d) => d.day === day);
    if (group) group.games.push(game);
    else days.push({ day, at: game.draw?.drawAtUtc ?? null, games: [game] });
  }
  const shown = all ? days : days.slice(0, DAYS_SHOWN);
  const hidden = days.slice(DAYS_SHOWN).reduce((n, d) => n + d.games.length, 0);
  return (
    <>
      {shown.map((group) => (
        <div key={group.day} className={styles.region} data-testid={`lottery-day-${group.day}`}>
          {group.at ? (
            <h3 className={styles.caption}>
              {t(group.day === today ? 'lottery.lobby.today' : 'lottery.lobby.drawsOn', {
                date: localDate(group.at, zone, i18n.language),
              })}
            </h3>
          ) : null}
          <div className={styles.cards}>
            {group.games.map((game) => (
              <GameCard key={game.gameCode} game={game} now={now} />
            ))}
          </div>
        </div>
      ))}
      {hidden > 0 ? (
        <button
          type="button"
          className={styles.chip}
          onClick={() => setAll(!all)}
          aria-expanded={all}
          data-testid="lottery-more-days"
        >
          {all ? t('lottery.lobby.lessDays') : t('lottery.lobby.moreDays', { count: hidden })}
        </button>
      ) : null}
    </>
  );
}
