import { PRIZE_STRUCTURES, type VnLotteryKind } from '@banca/contracts/lottery-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  adminGamesQuery,
  awaitingResultsQuery,
  discardResults,
  enterResults,
  lotteryKeys,
  resultEntriesQuery,
  type LotteryAwaiting,
} from '../../api/lottery-api';
import { gameName, localTime, zoneLabel } from '../../lib/format';
import styles from '../lottery.module.css';

type Awaiting = LotteryAwaiting['draws'][number];

/**
 * VN/SEA results (docs/lottery.md "Double entry"): the draws whose time has passed and whose
 * result is not confirmed, who made the first entry (never its numbers: the check is blind),
 * entering the sheet by prize rows, and discarding a first entry found wrong.
 */
export function ResultsDesk({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState({ prefix: 'awaiting' });
  const awaiting = useQuery(awaitingResultsQuery());
  const games = useQuery(adminGamesQuery());
  const [entering, setEntering] = useState<Awaiting | null>(null);
  const gameOf = (gameCode: string) => games.data?.games.find((g) => g.gameCode === gameCode);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: lotteryKeys.admin });
  const discard = useMutation({
    mutationFn: (drawId: number) => discardResults(drawId),
    onSuccess: () => {
      toast.success(t('lottery.admin.results.discarded'));
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const columns = useMemo(() => {
    const column = tableColumns<Awaiting>();
    const time = new Intl.DateTimeFormat(i18n.language, {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    return [
      column.accessor('gameCode', {
        header: t('lottery.admin.results.game'),
        cell: (i) => {
          const game = gameOf(i.getValue());
          return (
            <span className={styles.stack}>
              <strong>{game ? gameName(game, i18n.language) : i.getValue()}</strong>
              <span className={styles.caption}>{i.getValue()}</span>
            </span>
          );
        },
      }),
      column.accessor('drawNo', { header: t('lottery.admin.results.draw') }),
      column.accessor('drawAtUtc', {
        header: t('lottery.admin.results.drawAt'),
        cell: (i) => {
          const game = gameOf(i.row.original.gameCode);
          return game
            ? `${localTime(i.getValue(), game.timeZone, i18n.language)} (${zoneLabel(game.timeZone)})`
            : time.format(new Date(i.getValue()));
        },
      }),
      column.accessor('slips', { header: t('lottery.admin.results.slips') }),
      column.accessor('firstEntry', {
        header: t('lottery.admin.results.first'),
        cell: (i) => {
          const first = i.getValue();
          return first ? (
            <span className={styles.badge} data-testid="lottery-first-entry">
              {t('lottery.admin.results.by', {
                name: first.displayName ?? `#${first.staffId}`,
                time: time.format(new Date(first.enteredAtUtc)),
              })}
            </span>
          ) : (
            <span className={styles.muted}>{t('lottery.admin.results.none')}</span>
          );
        },
      }),
      column.display({
        id: 'actions',
        header: '',
        cell: (i) =>
          canChange ? (
            <span className={styles.modes}>
              {i.row.original.firstEntry?.mine ? (
                // The second entry must be another operator's: said now, not after 27 numbers.
                <span
                  className={styles.muted}
                  title={t('lottery.admin.results.notYoursHint')}
                  data-testid={`lottery-not-yours-${i.row.original.drawId}`}
                >
                  {t('lottery.admin.results.notYours')}
                </span>
              ) : (
                <button
                  type="button"
                  className={styles.chip}
                  onClick={() => setEntering(i.row.original)}
                  data-testid={`lottery-enter-${i.row.original.drawId}`}
                >
                  {i.row.original.firstEntry
                    ? t('lottery.admin.results.confirm')
                    : t('lottery.admin.results.enter')}
                </button>
              )}
              {i.row.original.firstEntry ? (
                <button
                  type="button"
                  className={styles.chip}
                  onClick={() => discard.mutate(i.row.original.drawId)}
                  data-testid={`lottery-discard-${i.row.original.drawId}`}
                >
                  {t('lottery.admin.results.discard')}
                </button>
              ) : null}
            </span>
          ) : null,
      }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- gameOf reads the games query
  }, [t, i18n.language, canChange, games.data]);

  const rows = awaiting.data?.draws ?? [];
  const enteringGame = entering ? gameOf(entering.gameCode) : undefined;
  return (
    <>
      <DataTable
        columns={columns}
        page={
          awaiting.data
            ? { rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }
            : undefined
        }
        state={table}
        loading={awaiting.isFetching}
        error={awaiting.error}
        label={t('lottery.admin.results.label')}
        emptyText={t('lottery.admin.results.empty')}
        getRowId={(row) => String(row.drawId)}
        testId="lottery-awaiting-table"
      />
      {entering && enteringGame ? (
        <EntryDialog
          draw={entering}
          gameName={gameName(enteringGame, i18n.language)}
          kind={enteringGame.kind as VnLotteryKind}
          onClose={() => setEntering(null)}
          onDone={refresh}
        />
      ) : null}
    </>
  );
}

/** The sheet typed row by row (each number zero-padded to its prize's digits), then sent. */
function EntryDialog({
  draw,
  gameName: name,
  kind,
  onClose,
  onDone,
}: {
  draw: Awaiting;
  gameName: string;
  kind: VnLotteryKind;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rows = PRIZE_STRUCTURES[kind];
  const [values, setValues] = useState<Record<string, string[]>>(() =>
    Object.fromEntries(rows.map((r) => [r.prize, Array.from({ length: r.count }, () => '')])),
  );
  const entries = useQuery(resultEntriesQuery(draw.drawId));
  const missing = rows.reduce(
    (n, r) => n + values[r.prize]!.filter((v) => v.length !== r.digits).length,
    0,
  );
  const complete = missing === 0;
  // A rejected check names its boxes `G3-2` (prize, 1-based number): shown by their labels and
  // marked on the form, where the operator looks.
  const slotLabel = (slot: string) => {
    const [prize, n] = slot.split('-');
    return t('lottery.admin.results.slot', {
      prize: t(`lottery.vn.prizes.${prize as 'DB'}`),
      n,
    });
  };
  const lastRejected = entries.data?.entries.findLast((e) => e.status === 'rejected');
  const differing = new Set(lastRejected?.differs ?? []);
  const mutation = useMutation({
    mutationFn: () =>
      enterResults(
        draw.drawId,
        rows.map((r) => ({ prize: r.prize, values: values[r.prize]! })),
      ),
    onSuccess: (answer) => {
      toast.success(
        answer.status === 'confirmed'
          ? t('lottery.admin.results.confirmed')
          : t('lottery.admin.results.pending'),
      );
      onDone();
      onClose();
    },
    onError: (error) => {
      toast.error(errorMessage(error, t));
      void entries.refetch();
    },
  });
  const time = new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('lottery.admin.results.title', { drawNo: `${name} ${draw.drawNo}` })}
    >
      <form
        className={styles.side}
        data-testid="lottery-result-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (complete) mutation.mutate();
        }}
      >
        <p className={styles.muted}>{t('lottery.admin.results.blind')}</p>
        <div className={styles.resultGrid}>
          {rows.map((row) => (
            <div key={row.prize} className={styles.resultRow}>
              <span className={styles.sheetPrize}>
                {t(`lottery.vn.prizes.${row.prize as 'DB'}`)}
              </span>
              <span className={styles.resultInputs}>
                {values[row.prize]!.map((value, i) => (
                  <input
                    key={i}
                    className={styles.resultInput}
                    aria-label={`${t(`lottery.vn.prizes.${row.prize as 'DB'}`)} ${i + 1}`}
                    inputMode="numeric"
                    autoComplete="off"
                    maxLength={row.digits}
                    placeholder={'0'.repeat(row.digits)}
                    value={value}
                    aria-invalid={
                      (value.length > 0 && value.length < row.digits) ||
                      differing.has(`${row.prize}-${i + 1}`)
                    }
                    onChange={(event) => {
                      const next = [...values[row.prize]!];
                      next[i] = event.target.value.replace(/\D/g, '').slice(0, row.digits);
                      setValues({ ...values, [row.prize]: next });
                    }}
                    data-testid={`lottery-result-${row.prize}-${i + 1}`}
                  />
                ))}
              </span>
            </div>
          ))}
        </div>
        {entries.data && entries.data.entries.length > 0 ? (
          <div>
            <span className={styles.caption}>{t('lottery.admin.results.trail')}</span>
            <ul className={styles.lineList} data-testid="lottery-entries">
              {entries.data.entries.map((e) => (
                <li key={e.entryId} data-status={e.status}>
                  {e.source === 'feed'
                    ? t('lottery.admin.results.feed')
                    : (e.displayName ?? `#${e.staffId}`)}{' '}
                  · {time.format(new Date(e.createdAtUtc))} ·{' '}
                  {t(`lottery.admin.results.statuses.${e.status}`)}
                  {e.differs.length > 0
                    ? ` · ${t('lottery.admin.results.differs', { prizes: e.differs.map(slotLabel).join(', ') })}`
                    : ''}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {!complete ? (
          <p className={styles.muted} data-testid="lottery-result-missing">
            {t('lottery.admin.results.missing', { count: missing })}
          </p>
        ) : null}
        <div className={styles.slipActions}>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('lottery.admin.edit.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!complete || mutation.isPending}
            data-testid="lottery-result-submit"
          >
            {mutation.isPending
              ? t('lottery.admin.results.saving')
              : t('lottery.admin.results.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
