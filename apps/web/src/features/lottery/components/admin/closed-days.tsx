import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/form-field';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  addClosedDay,
  adminGamesQuery,
  closedDaysQuery,
  lotteryKeys,
  removeClosedDay,
  type LotteryAdminGames,
  type LotteryClosedDays,
} from '../../api/lottery-api';
import {
  CLOSED_DAY_REASON_MAX,
  closedDayLabel,
  closedDayProblem,
  lastClosableDay,
} from '../../lib/closed-days';
import { gameName } from '../../lib/format';
import styles from '../lottery.module.css';
import { GameSelect } from './game-select';

type Row = LotteryClosedDays['closedDays'][number];
type Game = LotteryAdminGames['games'][number];
/** A page holds a season's closed days (the server's LOTTERY_CLOSED_DAYS_PAGE). */
const PAGE_SIZE = 50;

/**
 * Days without draws (docs/lottery.md "Closed days"): the Tết break and other days the lottery
 * companies do not draw, for every VN/SEA game or one. Closing a day voids the draws open on it
 * (every bet refunded); opening it again lets its draws open.
 */
export function ClosedDays({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState({ prefix: 'closed', pageSize: PAGE_SIZE });
  const games = useQuery(adminGamesQuery());
  const days = useQuery({
    ...closedDaysQuery(table.page, table.pageSize),
    placeholderData: keepPreviousData,
  });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  const local = useMemo(
    () => (games.data?.games ?? []).filter((g) => g.drawTime !== null),
    [games.data],
  );
  const columns = useMemo(() => {
    const column = tableColumns<Row>();
    const scope = (gameCode: string | null) => {
      if (gameCode === null) return t('lottery.admin.closed.allGames');
      const game = local.find((g) => g.gameCode === gameCode);
      return game ? gameName(game, i18n.language) : gameCode;
    };
    return [
      column.accessor('day', {
        header: t('lottery.admin.closed.day'),
        cell: (i) => (
          <span className={styles.stack}>
            <strong>{closedDayLabel(i.getValue(), i18n.language)}</strong>
            <span className={styles.caption}>
              {i.row.original.upcoming
                ? t('lottery.admin.closed.upcoming')
                : t('lottery.admin.closed.past')}
            </span>
          </span>
        ),
      }),
      column.accessor('gameCode', {
        header: t('lottery.admin.closed.scope'),
        cell: (i) => scope(i.getValue()),
      }),
      column.accessor('reason', { header: t('lottery.admin.closed.reason') }),
      column.accessor('createdByName', {
        header: t('lottery.admin.closed.by'),
        cell: (i) =>
          i.row.original.createdBy === null
            ? t('lottery.admin.closed.seeded')
            : (i.getValue() ?? `#${i.row.original.createdBy}`),
      }),
      column.display({
        id: 'actions',
        header: '',
        cell: (i) =>
          canChange && i.row.original.upcoming ? (
            <button
              type="button"
              className={styles.chip}
              onClick={() => setRemoving(i.row.original)}
              data-testid={`lottery-closed-remove-${i.row.original.closedDayId}`}
            >
              {t('lottery.admin.closed.remove')}
            </button>
          ) : null,
      }),
    ];
  }, [t, i18n.language, canChange, local]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lotteryKeys.admin });
  return (
    <>
      <p className={styles.muted}>{t('lottery.admin.closed.text')}</p>
      <DataTable
        columns={columns}
        page={
          days.data
            ? {
                rows: days.data.closedDays,
                page: table.page,
                pageSize: table.pageSize,
                total: days.data.total,
              }
            : undefined
        }
        state={table}
        loading={days.isFetching}
        error={days.error}
        label={t('lottery.admin.closed.label')}
        emptyText={t('lottery.admin.closed.empty')}
        getRowId={(row) => String(row.closedDayId)}
        testId="lottery-closed-table"
        actions={
          canChange && days.data ? (
            <Button onClick={() => setAdding(true)} data-testid="lottery-closed-add">
              {t('lottery.admin.closed.add')}
            </Button>
          ) : undefined
        }
      />
      {adding && days.data ? (
        <AddDialog
          today={days.data.today}
          games={local}
          onClose={() => setAdding(false)}
          onDone={refresh}
        />
      ) : null}
      {removing ? (
        <RemoveDialog row={removing} onClose={() => setRemoving(null)} onDone={refresh} />
      ) : null}
    </>
  );
}

function AddDialog({
  today,
  games,
  onClose,
  onDone,
}: {
  today: string;
  games: Game[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState({ day: '', gameCode: '', reason: '' });
  const problem = closedDayProblem(form, today);
  // A problem is shown once its field holds something: an empty form is not an error yet.
  const dayError =
    form.day && (problem === 'day' || problem === 'past' || problem === 'far')
      ? t(`lottery.admin.closed.problems.${problem}`, {
          today: closedDayLabel(today, i18n.language),
          last: closedDayLabel(lastClosableDay(today), i18n.language),
        })
      : null;
  const reasonError =
    form.reason && problem === 'reason' ? t('lottery.admin.closed.problems.reason') : null;
  const mutation = useMutation({
    mutationFn: () =>
      addClosedDay({
        day: form.day,
        gameCode: form.gameCode || null,
        reason: form.reason.trim(),
      }),
    onSuccess: (answer) => {
      toast.success(t('lottery.admin.closed.done', { count: answer.voidedDraws }));
      if (answer.leftAlone.length > 0)
        toast.info(
          t('lottery.admin.closed.leftAlone', {
            draws: answer.leftAlone
              .map(
                (d) =>
                  `${d.drawNo} ${d.gameCode} (${t(`lottery.admin.draws.statuses.${d.status}`)})`,
              )
              .join(', '),
          }),
        );
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  return (
    <Dialog open onClose={onClose} title={t('lottery.admin.closed.addTitle')} size="sm">
      <form
        className={styles.side}
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem) mutation.mutate();
        }}
      >
        <p>{t('lottery.admin.closed.addText')}</p>
        <TextField
          label={t('lottery.admin.closed.day')}
          type="date"
          value={form.day}
          min={today}
          max={lastClosableDay(today)}
          required
          error={dayError}
          onChange={(event) => setForm({ ...form, day: event.target.value })}
          data-testid="lottery-closed-day"
        />
        <GameSelect
          id="lottery-closed-scope"
          label={t('lottery.admin.closed.scope')}
          allLabel={t('lottery.admin.closed.allGames')}
          games={games}
          value={form.gameCode}
          onChange={(gameCode) => setForm({ ...form, gameCode })}
          testId="lottery-closed-scope"
        />
        <TextField
          label={t('lottery.admin.closed.reason')}
          value={form.reason}
          maxLength={CLOSED_DAY_REASON_MAX}
          required
          error={reasonError}
          hint={t('lottery.admin.closed.reasonHint')}
          onChange={(event) => setForm({ ...form, reason: event.target.value })}
          data-testid="lottery-closed-reason"
        />
        <div className={styles.slipActions}>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('lottery.admin.closed.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={problem !== null || mutation.isPending}
            data-testid="lottery-closed-save"
          >
            {t('lottery.admin.closed.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function RemoveDialog({
  row,
  onClose,
  onDone,
}: {
  row: Row;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const mutation = useMutation({
    mutationFn: () => removeClosedDay(row.closedDayId),
    onSuccess: (answer) => {
      toast.success(t('lottery.admin.closed.removed', { count: answer.reopenedDraws }));
      onDone();
      onClose();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lottery.admin.closed.removeTitle', {
        day: closedDayLabel(row.day, i18n.language),
      })}
      size="sm"
    >
      <p>{t('lottery.admin.closed.removeText')}</p>
      <div className={styles.slipActions}>
        <Button variant="outline" onClick={onClose}>
          {t('lottery.admin.closed.cancel')}
        </Button>
        <Button
          onClick={() => mutation.mutate()}
          disabled={mutation.isPending}
          data-testid="lottery-closed-remove-confirm"
        >
          {t('lottery.admin.closed.remove')}
        </Button>
      </div>
    </Dialog>
  );
}
