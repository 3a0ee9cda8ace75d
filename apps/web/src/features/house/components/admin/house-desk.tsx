import { HOUSE_ADMIN_ENDPOINTS as E } from '@banca/contracts/house-admin';
import { pathOf } from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequest } from '@/api/admin-client';
import { errorMessage } from '@/api/error-message';
import { DataTable, tableColumns } from '@/components/data-table';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { formatRtp, money } from '../../lib/format';
import styles from '../house.module.css';
import { LimitsDialog } from './limits-dialog';

type Row = {
  gameCode: string;
  engine: string;
  rtpBps: number;
  minBetMinor: number;
  maxBetMinor: number;
  maxPayoutMinor: number;
  maxRoundPayoutMinor: number;
  enabled: boolean;
  currency: string;
  bets: number;
  stakeMinor: number;
  payoutMinor: number;
  profitMinor: number;
};
/** The periods the desk offers (the server allows up to 92 days). */
const PERIODS = [1, 7, 30, 90] as const;

/** Each house game with its P&L over a period and its kill switch (owner and risk). */
export default function HouseDesk({ operator }: DeskProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number>(30);
  const [editing, setEditing] = useState<Row | null>(null);
  const table = useTableState({ sort: 'gameCode', order: 'asc' });
  const canSwitch = operator.roles.some((role) => role === 'owner' || role === 'risk');
  const games = useQuery({
    queryKey: ['admin', 'house', 'games', days],
    queryFn: ({ signal }) => adminRequest<{ games: Row[] }>(E.games, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
  const toggle = useMutation({
    mutationFn: (row: Row) =>
      adminRequest<Row>(
        { method: 'PUT', path: pathOf(E.updateGame, { gameCode: row.gameCode }) },
        { body: { enabled: !row.enabled } },
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'house'] }),
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const columns = useMemo(() => {
    const column = tableColumns<Row>();
    const cash = (minor: number, row: Row) => money(minor, row.currency, language);
    return [
      column.accessor('gameCode', {
        id: 'gameCode',
        header: t('admin.house.game'),
        cell: (i) => <strong>{i.getValue()}</strong>,
      }),
      column.accessor('rtpBps', { header: 'RTP', cell: (i) => formatRtp(i.getValue(), language) }),
      column.accessor('bets', { header: t('admin.house.bets') }),
      column.accessor('stakeMinor', {
        header: t('admin.house.stakes'),
        cell: (i) => cash(i.getValue(), i.row.original),
      }),
      column.accessor('payoutMinor', {
        header: t('admin.house.payouts'),
        cell: (i) => cash(i.getValue(), i.row.original),
      }),
      column.accessor('profitMinor', {
        header: t('admin.house.profit'),
        cell: (i) => (
          <span className={i.getValue() >= 0 ? styles.win : undefined}>
            {cash(i.getValue(), i.row.original)}
          </span>
        ),
      }),
      column.display({
        id: 'limits',
        header: t('admin.house.limits'),
        cell: (i) => {
          const row = i.row.original;
          const text = `${cash(row.minBetMinor, row)} – ${cash(row.maxBetMinor, row)} · ${cash(row.maxPayoutMinor, row)}`;
          return (
            <span className={styles.limitsCell}>
              <span>
                {text}
                {row.engine === 'crash' &&
                  ` · ${t('admin.house.roundLimit', { amount: cash(row.maxRoundPayoutMinor, row) })}`}
              </span>
              {canSwitch && (
                <button
                  type="button"
                  className={styles.chip}
                  data-testid={`house-limits-${row.gameCode}`}
                  onClick={() => setEditing(row)}
                >
                  {t('admin.house.edit')}
                </button>
              )}
            </span>
          );
        },
      }),
      column.display({
        id: 'enabled',
        header: t('admin.house.state'),
        cell: (i) => (
          <button
            type="button"
            className={styles.iconButton}
            aria-pressed={i.row.original.enabled}
            disabled={!canSwitch || toggle.isPending}
            data-testid={`house-kill-${i.row.original.gameCode}`}
            onClick={() => toggle.mutate(i.row.original)}
          >
            {i.row.original.enabled ? t('admin.house.on') : t('admin.house.off')}
          </button>
        ),
      }),
    ];
  }, [t, language, canSwitch, toggle]);

  const rows = games.data?.games ?? [];
  const totals = rows.reduce((s, r) => s + r.profitMinor, 0);
  return (
    <div className={styles.card}>
      <div className={styles.topBar}>
        <h2 className={styles.title}>{t('admin.house.title')}</h2>
        <span className={styles.limits}>
          {t('admin.house.total', { amount: money(totals, rows[0]?.currency ?? 'BRL', language) })}
        </span>
        <span className={styles.spacer} />
        {PERIODS.map((d) => (
          <button
            key={d}
            type="button"
            className={styles.chip}
            aria-pressed={days === d}
            onClick={() => setDays(d)}
          >
            {t('admin.house.days', { count: d })}
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
        label={t('admin.house.title')}
        getRowId={(row) => row.gameCode}
        testId="house-desk"
      />
      {editing && (
        <LimitsDialog
          row={editing}
          onClose={() => setEditing(null)}
          onDone={() => void queryClient.invalidateQueries({ queryKey: ['admin', 'house'] })}
        />
      )}
    </div>
  );
}
