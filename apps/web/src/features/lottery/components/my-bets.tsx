import type { LotterySlip } from '@banca/contracts/lottery';
import { LOTTERY_PRIZE_MODES } from '@banca/contracts/lottery-rules';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, tableColumns } from '@/components/data-table';
import { useTableState } from '@/lib/use-table-state';
import { menuQuery, myBetsQuery } from '../api/lottery-api';
import { gameNameOf, money, selectionLabel } from '../lib/format';
import { Balls } from './balls';
import styles from './lottery.module.css';

const FILTERS = ['all', 'open', 'settled'] as const;
type Filter = (typeof FILTERS)[number];

type NamedGame = { gameCode: string; nameEn: string; namePt: string };

/**
 * "My lottery bets": every slip with its game, selections, stake, result and payout, newest
 * first. The bets carry only the game's code: its name comes from the menus (cached by the
 * lobby) or the game on screen.
 */
export function MyBets({ gameCode, game }: { gameCode?: string; game?: NamedGame }) {
  const { t, i18n } = useTranslation();
  const table = useTableState<'status'>({ prefix: 'bets', pageSize: 10, filters: ['status'] });
  const status = (FILTERS.find((f) => f === table.filters.status) ?? 'all') as Filter;
  const bets = useQuery({
    ...myBetsQuery(status, gameCode, table.page),
    placeholderData: keepPreviousData,
  });

  const menus = useQueries({
    queries: LOTTERY_PRIZE_MODES.map((mode) => ({
      ...menuQuery(mode),
      refetchInterval: false as const,
      staleTime: 60_000,
    })),
  });
  const menuGames = menus.map((m) => m.data?.games.map((g) => g.gameCode).join() ?? '').join(';');
  const games = useMemo<NamedGame[]>(
    () => [...(game ? [game] : []), ...menus.flatMap((m) => m.data?.games ?? [])],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the menus' games, by their codes
    [game, menuGames],
  );

  const columns = useMemo(() => {
    const column = tableColumns<LotterySlip>();
    const fmt = (minor: number) => money(minor, 'BRL', i18n.language);
    return [
      column.accessor('drawNo', {
        header: t('lottery.myBets.draw'),
        cell: (i) => (
          <span className={styles.stack}>
            <strong>{i.getValue()}</strong>
            <span className={styles.caption} data-testid="lottery-bet-game">
              {gameNameOf(i.row.original.gameCode, games, i18n.language)}
            </span>
          </span>
        ),
      }),
      column.display({
        id: 'selections',
        header: t('lottery.myBets.selections'),
        cell: (i) => {
          const kind = i.row.original.kind;
          return (
            <ul className={styles.lineList}>
              {i.row.original.lines.map((l) => (
                <li key={`${l.betType}:${l.selection}`} data-won={l.won ?? undefined}>
                  {selectionLabel(t, kind, l.betType, l.selection)}
                  {/* VN lô pays once per prize ending in its number: show how many. */}
                  {l.hits && l.hits > 1 ? ` ×${l.hits}` : ''}
                </li>
              ))}
            </ul>
          );
        },
      }),
      column.accessor('numbers', {
        header: t('lottery.myBets.numbers'),
        cell: (i) => {
          const numbers = i.getValue();
          return numbers ? <Balls kind={i.row.original.kind} numbers={numbers} size="sm" /> : '—';
        },
      }),
      column.accessor('stakeMinor', {
        header: t('lottery.myBets.stake'),
        cell: (i) => fmt(i.getValue()),
      }),
      column.accessor('payoutMinor', {
        header: t('lottery.myBets.payout'),
        cell: (i) => (
          <span
            className={i.getValue() > 0 ? styles.win : undefined}
            data-testid="lottery-bet-payout"
          >
            {i.row.original.status === 'settled' || i.row.original.status === 'refunded'
              ? fmt(i.getValue())
              : '—'}
          </span>
        ),
      }),
      column.accessor('status', {
        header: t('lottery.myBets.statusColumn'),
        cell: (i) => (
          <span className={styles.stack}>
            <span className={styles.badge}>{t(`lottery.myBets.status.${i.getValue()}`)}</span>
            {i.row.original.voidReason ? (
              // A refund says why: the draw was voided (a closed day, an operator's decision).
              <span className={styles.caption} data-testid="lottery-bet-void-reason">
                {t('lottery.myBets.voidReason', { reason: i.row.original.voidReason })}
              </span>
            ) : null}
          </span>
        ),
      }),
    ];
  }, [t, i18n.language, games]);

  return (
    <section className={styles.panel} data-testid="lottery-my-bets">
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t('lottery.myBets.title')}</h2>
        <div className={styles.modes} role="group" aria-label={t('lottery.myBets.filterLabel')}>
          {FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={styles.chip}
              aria-pressed={status === f}
              onClick={() => table.setFilter('status', f === 'all' ? '' : f)}
            >
              {t(`lottery.myBets.filters.${f}`)}
            </button>
          ))}
        </div>
      </div>
      <DataTable
        columns={columns}
        page={
          bets.data
            ? { rows: bets.data.slips, page: table.page, pageSize: 10, total: bets.data.total }
            : undefined
        }
        state={table}
        loading={bets.isFetching}
        error={bets.error}
        label={t('lottery.myBets.title')}
        emptyText={t('lottery.myBets.empty')}
        getRowId={(row) => String(row.slipId)}
        testId="lottery-bets-table"
      />
    </section>
  );
}
