import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/form-field';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  adminDrawsQuery,
  adminGamesQuery,
  liabilityQuery,
  lotteryKeys,
  voidDraw,
  type LotteryAdminDraws,
  type LotteryAdminGames,
} from '../../api/lottery-api';
import {
  gameName,
  intervalLabel,
  money,
  selectionLabel,
  weekdaysLabel,
  zoneLabel,
} from '../../lib/format';
import { Balls } from '../balls';
import { GameSelect } from './game-select';
import styles from '../lottery.module.css';
import { ClosedDays } from './closed-days';
import { GameDialog } from './game-dialog';
import { ResultsDesk } from './results-desk';

type Game = LotteryAdminGames['games'][number];
type Draw = LotteryAdminDraws['draws'][number];
type Tab = 'games' | 'draws' | 'results' | 'closed';
/** The games list's groups: the e-lottery, each Vietnamese region, 4D (35 provinces are long). */
const GROUPS = ['all', 'ELOTT', 'north', 'central', 'south', 'SEA'] as const;
type Group = (typeof GROUPS)[number];
const groupOf = (game: Game): Group => game.region ?? (game.prizeMode === 'SEA' ? 'SEA' : 'ELOTT');

/**
 * The lottery desk: the games (schedule, limits, odds), the draws (liability, void), the
 * VN/SEA results waiting for their double entry and the days without draws.
 */
export default function LotteryDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('games');
  const canChange = operator.roles.some((role) => role === 'owner' || role === 'risk');
  return (
    <div className={styles.panel}>
      <div>
        <h2 className={styles.title}>{t('lottery.admin.title')}</h2>
        <p className={styles.muted}>{t('lottery.admin.subtitle')}</p>
      </div>
      <Tabs
        label={t('lottery.admin.title')}
        items={[
          { key: 'games', label: t('lottery.admin.tabs.games') },
          { key: 'draws', label: t('lottery.admin.tabs.draws') },
          { key: 'results', label: t('lottery.admin.tabs.results') },
          { key: 'closed', label: t('lottery.admin.tabs.closed') },
        ]}
        selected={tab}
        onSelect={setTab}
        testIdPrefix="lottery-desk-tab"
      />
      {tab === 'games' ? (
        <Games canChange={canChange} />
      ) : tab === 'draws' ? (
        <Draws canChange={canChange} />
      ) : tab === 'results' ? (
        <ResultsDesk canChange={canChange} />
      ) : (
        <ClosedDays canChange={canChange} />
      )}
    </div>
  );
}

function Games({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState({ prefix: 'games' });
  const games = useQuery(adminGamesQuery());
  const [editing, setEditing] = useState<Game | null>(null);
  const [group, setGroup] = useState<Group>('all');
  const columns = useMemo(() => {
    const column = tableColumns<Game>();
    const cash = (minor: number) => money(minor, 'BRL', i18n.language);
    return [
      column.accessor('gameCode', {
        header: t('lottery.admin.games.game'),
        cell: (i) => (
          <span className={styles.stack}>
            <strong>{gameName(i.row.original, i18n.language)}</strong>
            <span className={styles.caption}>{i.getValue()}</span>
          </span>
        ),
      }),
      column.accessor('intervalSeconds', {
        header: t('lottery.admin.games.interval'),
        cell: (i) => {
          const g = i.row.original;
          if (!g.drawTime) return intervalLabel(t, i.getValue());
          const at = { time: g.drawTime, zone: zoneLabel(g.timeZone) };
          return g.drawWeekdays
            ? t('lottery.lobby.weekly', {
                ...at,
                days: weekdaysLabel(g.drawWeekdays, i18n.language),
              })
            : t('lottery.lobby.daily', at);
        },
      }),
      column.accessor('closeSeconds', {
        header: t('lottery.admin.games.close'),
        cell: (i) => t('lottery.lobby.seconds', { count: i.getValue() }),
      }),
      column.display({
        id: 'stakes',
        header: t('lottery.admin.games.stakes'),
        cell: (i) =>
          `${cash(i.row.original.minStakeMinor)} – ${cash(i.row.original.maxStakeMinor)}`,
      }),
      column.accessor('maxPayoutPerNumberMinor', {
        header: t('lottery.admin.games.cap'),
        cell: (i) => cash(i.getValue()),
      }),
      column.display({
        id: 'betTypes',
        header: t('lottery.admin.games.betTypes'),
        cell: (i) => (
          <ul className={styles.lineList}>
            {i.row.original.betTypes.map((b) => (
              <li key={b.betType}>
                {t(`lottery.betTypes.${b.betType as 'sum'}`)}:{' '}
                {b.oddsTiersE4 && b.oddsTiersE4.length > 0
                  ? `${b.oddsTiersE4.map((x) => `${x / 10_000}×`).join(' / ')} · `
                  : ''}
                {(b.rtpBps / 100).toFixed(2)}%
                {b.enabled ? '' : ` (${t('lottery.admin.games.off')})`}
              </li>
            ))}
          </ul>
        ),
      }),
      column.accessor('enabled', {
        header: t('lottery.admin.games.status'),
        cell: (i) => (
          <span className={styles.badge}>
            {i.getValue() ? t('lottery.admin.games.on') : t('lottery.admin.games.off')}
          </span>
        ),
      }),
      column.display({
        id: 'edit',
        header: '',
        cell: (i) =>
          canChange ? (
            <button
              type="button"
              className={styles.chip}
              onClick={() => setEditing(i.row.original)}
              data-testid={`lottery-edit-${i.row.original.gameCode}`}
            >
              {t('lottery.admin.games.edit')}
            </button>
          ) : null,
      }),
    ];
  }, [t, i18n.language, canChange]);
  const rows = (games.data?.games ?? []).filter((g) => group === 'all' || groupOf(g) === group);
  return (
    <>
      <div className={styles.modes} role="group" aria-label={t('lottery.admin.games.groups')}>
        {GROUPS.map((g) => (
          <button
            key={g}
            type="button"
            className={styles.chip}
            aria-pressed={g === group}
            onClick={() => setGroup(g)}
            data-testid={`lottery-games-group-${g}`}
          >
            {g === 'all'
              ? t('lottery.admin.draws.allGames')
              : g === 'ELOTT' || g === 'SEA'
                ? t(`lottery.lobby.modes.${g}`)
                : t(`lottery.lobby.regions.${g}`)}
          </button>
        ))}
      </div>
      <DataTable
        columns={columns}
        page={
          games.data
            ? { rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }
            : undefined
        }
        state={table}
        loading={games.isFetching}
        error={games.error}
        label={t('lottery.admin.games.label')}
        getRowId={(row) => row.gameCode}
        testId="lottery-games-table"
      />
      {editing ? (
        <GameDialog
          game={editing}
          onClose={() => setEditing(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: lotteryKeys.admin })}
        />
      ) : null}
    </>
  );
}

function Draws({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState<'game' | 'every'>({ prefix: 'draws', filters: ['game', 'every'] });
  const games = useQuery(adminGamesQuery());
  // The draws with bets by default: every game keeps two empty draws open ahead, which would
  // bury the ones an operator looks for.
  const every = table.filters.every === '1';
  const draws = useQuery({
    ...adminDrawsQuery(table.filters.game, table.page, every ? 'any' : 'some'),
    placeholderData: keepPreviousData,
  });
  const [exposureOf, setExposureOf] = useState<Draw | null>(null);
  const [voiding, setVoiding] = useState<Draw | null>(null);
  const kindOf = (gameCode: string) =>
    games.data?.games.find((g) => g.gameCode === gameCode)?.kind ?? 'ssc5';
  const columns = useMemo(() => {
    const column = tableColumns<Draw>();
    const cash = (minor: number) => money(minor, 'BRL', i18n.language);
    return [
      column.accessor('drawNo', {
        header: t('lottery.admin.draws.draw'),
        cell: (i) => (
          <span className={styles.stack}>
            <strong>{i.getValue()}</strong>
            <span className={styles.caption}>{i.row.original.gameCode}</span>
          </span>
        ),
      }),
      column.accessor('status', {
        header: t('lottery.admin.draws.status'),
        cell: (i) => (
          <span className={styles.badge} title={i.row.original.voidReason ?? undefined}>
            {t(`lottery.admin.draws.statuses.${i.getValue()}`)}
          </span>
        ),
      }),
      column.accessor('numbers', {
        header: t('lottery.admin.draws.numbers'),
        cell: (i) => {
          const numbers = i.getValue();
          return numbers ? (
            <Balls kind={kindOf(i.row.original.gameCode)} numbers={numbers} size="sm" />
          ) : (
            '—'
          );
        },
      }),
      column.accessor('slips', { header: t('lottery.admin.draws.slips') }),
      column.accessor('stakeMinor', {
        header: t('lottery.admin.draws.stake'),
        cell: (i) => cash(i.getValue()),
      }),
      column.accessor('payoutMinor', {
        header: t('lottery.admin.draws.payout'),
        cell: (i) => cash(i.getValue()),
      }),
      column.accessor('maxLiabilityMinor', {
        header: t('lottery.admin.draws.liability'),
        cell: (i) => cash(i.getValue()),
      }),
      column.display({
        id: 'actions',
        header: t('lottery.admin.draws.actions'),
        cell: (i) => (
          <span className={styles.modes}>
            <button
              type="button"
              className={styles.chip}
              onClick={() => setExposureOf(i.row.original)}
            >
              {t('lottery.admin.draws.exposure')}
            </button>
            {canChange && i.row.original.status === 'open' ? (
              <button
                type="button"
                className={styles.chip}
                onClick={() => setVoiding(i.row.original)}
                data-testid={`lottery-void-${i.row.original.drawId}`}
              >
                {t('lottery.admin.draws.void')}
              </button>
            ) : null}
          </span>
        ),
      }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- kindOf reads the games query
  }, [t, i18n.language, canChange, games.data]);
  return (
    <>
      <DataTable
        columns={columns}
        page={
          draws.data
            ? {
                rows: draws.data.draws,
                page: table.page,
                pageSize: table.pageSize,
                total: draws.data.total,
              }
            : undefined
        }
        state={table}
        loading={draws.isFetching}
        error={draws.error}
        label={t('lottery.admin.draws.label')}
        getRowId={(row) => String(row.drawId)}
        testId="lottery-draws-table"
        filters={
          <div className={styles.drawFilters}>
            <GameSelect
              id="lottery-draws-game"
              label={t('lottery.admin.draws.gameFilter')}
              allLabel={t('lottery.admin.draws.allGames')}
              games={games.data?.games ?? []}
              value={table.filters.game ?? ''}
              onChange={(gameCode) => table.setFilter('game', gameCode)}
              testId="lottery-draws-game"
            />
            <button
              type="button"
              className={styles.chip}
              aria-pressed={!every}
              onClick={() => table.setFilter('every', every ? '' : '1')}
              data-testid="lottery-draws-with-bets"
            >
              {t('lottery.admin.draws.withBets')}
            </button>
          </div>
        }
      />
      {exposureOf ? (
        <Liability
          draw={exposureOf}
          kind={kindOf(exposureOf.gameCode)}
          onClose={() => setExposureOf(null)}
        />
      ) : null}
      {voiding ? (
        <VoidDialog
          draw={voiding}
          onClose={() => setVoiding(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: lotteryKeys.admin })}
        />
      ) : null}
    </>
  );
}

function Liability({
  draw,
  kind,
  onClose,
}: {
  draw: Draw;
  kind: Game['kind'];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const liability = useQuery(liabilityQuery(draw.drawId));
  const cash = (minor: number) => money(minor, 'BRL', i18n.language);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lottery.admin.liability.title', { drawNo: draw.drawNo })}
    >
      {liability.data ? (
        <>
          <p className={styles.muted}>
            {t('lottery.admin.liability.cap', { amount: cash(liability.data.capMinor) })}
          </p>
          {liability.data.exposures.length === 0 ? (
            <p>{t('lottery.admin.liability.empty')}</p>
          ) : (
            <ul className={styles.slipList}>
              {liability.data.exposures.map((e) => (
                <li key={`${e.betType}:${e.selection}`}>
                  <span>{selectionLabel(t, kind, e.betType, e.selection)}</span>
                  <strong>{cash(e.payoutMinor)}</strong>
                  <span className={styles.caption}>
                    {Math.round((e.payoutMinor / liability.data.capMinor) * 100)}%
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <p className={styles.muted}>…</p>
      )}
      <div className={styles.slipActions}>
        <Button variant="outline" onClick={onClose}>
          {t('lottery.admin.liability.close')}
        </Button>
      </div>
    </Dialog>
  );
}

function VoidDialog({
  draw,
  onClose,
  onDone,
}: {
  draw: Draw;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () => voidDraw(draw.drawId, reason.trim()),
    onSuccess: (result) => {
      toast.success(
        t('lottery.admin.void.done', {
          count: result.refundedSlips,
          amount: money(result.refundedMinor, 'BRL', i18n.language),
        }),
      );
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lottery.admin.void.title', { drawNo: draw.drawNo })}
      size="sm"
    >
      <p>{t('lottery.admin.void.text')}</p>
      <TextField
        label={t('lottery.admin.void.reason')}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className={styles.slipActions}>
        <Button variant="outline" onClick={onClose}>
          {t('lottery.admin.void.keep')}
        </Button>
        <Button
          onClick={() => mutation.mutate()}
          disabled={reason.trim().length < 3 || mutation.isPending}
          data-testid="lottery-void-confirm"
        >
          {t('lottery.admin.void.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
