import {
  formatMoney,
  parseAmountToMinor,
  prizeKindsOf,
  TICKET_PRIZES_MAX,
  type AdminTicketTable,
  type TicketKind,
  type TicketPrize,
  type TicketPrizeKind,
} from '@banca/contracts';
import { expectedTicketCost, prizeChance } from '@banca/contracts/fairness';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { FormAlert } from '@/components/form-field';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { ADMIN_TICKETS_KEY, fetchTicketReport, fetchTicketTables, saveTicketTable } from './api';
import styles from './tickets-desk.module.css';

type View = 'tables' | 'report';
/** A prize row as typed: the amount in the operator's words ("5,00"), parsed on save. */
type Row = { prizeKind: TicketPrizeKind; amount: string; wageringMultiple: string; weight: string };
const DEFAULT_BRAND = 'BANCA';

/**
 * The prize tickets desk (docs/rewards.md "Tickets"): each kind's prize table with its weights,
 * each prize's chance and the expected cost per ticket computed as the operator types; saves
 * are audited by the server. The draws report counts tickets and what their draws paid.
 */
export default function TicketsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('tables');
  const [merchantCode, setMerchantCode] = useState(DEFAULT_BRAND);
  const canEdit = operator.roles.some((r) => r === 'owner' || r === 'content');
  // Said beside the table (its editor starts again from the saved table, losing its own state).
  const [savedKind, setSavedKind] = useState<TicketKind | null>(null);
  const tables = useQuery({
    queryKey: [...ADMIN_TICKETS_KEY, 'tables', merchantCode],
    queryFn: ({ signal }) => fetchTicketTables(merchantCode, signal),
  });
  return (
    <div className={styles.desk} data-testid="tickets-desk">
      <h2 className={styles.title}>{t('admin.tickets.title')}</h2>
      <div className={styles.toolbar}>
        <Tabs
          items={[
            { key: 'tables' as View, label: t('admin.tickets.tabs.tables') },
            { key: 'report' as View, label: t('admin.tickets.tabs.report') },
          ]}
          selected={view}
          onSelect={setView}
          label={t('admin.tickets.title')}
          testIdPrefix="tickets-desk-tab"
        />
        <label className={styles.field}>
          <span>{t('admin.tickets.brand')}</span>
          <select value={merchantCode} onChange={(e) => setMerchantCode(e.target.value)}>
            {(tables.data?.merchantCodes ?? [merchantCode]).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </label>
      </div>
      {view === 'tables' &&
        (tables.error ? (
          <FormAlert>{errorMessage(tables.error, t)}</FormAlert>
        ) : !tables.data ? (
          <Skeleton height={240} />
        ) : (
          <>
            {tables.data.bonusForbidden && (
              <FormAlert tone="info">{t('admin.tickets.bonusForbidden')}</FormAlert>
            )}
            {!canEdit && <FormAlert tone="info">{t('admin.tickets.readOnly')}</FormAlert>}
            <div className={styles.tables}>
              {tables.data.tables.map((table) => (
                <TableEditor
                  // A saved table comes back from the server: start again from it.
                  key={`${merchantCode}:${table.kind}:${table.updatedAt ?? ''}`}
                  merchantCode={merchantCode}
                  table={table}
                  canEdit={canEdit}
                  bonusForbidden={tables.data.bonusForbidden}
                  saved={savedKind === table.kind}
                  onSaved={() => setSavedKind(table.kind)}
                />
              ))}
            </div>
          </>
        ))}
      {view === 'report' && <ReportView merchantCode={merchantCode} />}
    </div>
  );
}

function rowsOf(prizes: TicketPrize[]): Row[] {
  return prizes.map((p) => ({
    prizeKind: p.prizeKind,
    amount: p.prizeKind === 'nothing' ? '' : (p.amountMinor / 100).toFixed(2),
    wageringMultiple: String(p.wageringMultiple),
    weight: String(p.weight),
  }));
}

/** Rows as prizes, or null while one is not a valid number. */
function prizesOf(rows: Row[]): TicketPrize[] | null {
  const prizes: TicketPrize[] = [];
  for (const row of rows) {
    const amountMinor =
      row.prizeKind === 'nothing' ? 0 : parseAmountToMinor(row.amount.replace(',', '.'));
    const weight = Number(row.weight);
    const wageringMultiple = row.prizeKind === 'bonus' ? Number(row.wageringMultiple || 0) : 0;
    if (amountMinor === null || !Number.isInteger(weight) || weight < 1) return null;
    if (!Number.isInteger(wageringMultiple) || wageringMultiple < 0) return null;
    prizes.push({ prizeKind: row.prizeKind, amountMinor, wageringMultiple, weight });
  }
  return prizes;
}

function TableEditor({
  merchantCode,
  table,
  canEdit,
  bonusForbidden,
  saved,
  onSaved,
}: {
  merchantCode: string;
  table: AdminTicketTable;
  canEdit: boolean;
  bonusForbidden: boolean;
  saved: boolean;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const kind: TicketKind = table.kind;
  const [rows, setRows] = useState<Row[]>(() => rowsOf(table.prizes));
  const [validDays, setValidDays] = useState(
    table.validDays === null ? '' : String(table.validDays),
  );
  const allowed = prizeKindsOf(kind).filter((k) => !(bonusForbidden && k === 'bonus'));
  const prizes = prizesOf(rows);
  const weights = prizes?.map((p) => p.weight) ?? [];
  const cost = prizes ? expectedTicketCost(prizes) : null;
  const money = (minor: number) => formatMoney(Math.round(minor), 'BRL', i18n.language);
  const save = useMutation({
    mutationFn: () =>
      saveTicketTable(kind, {
        merchantCode,
        validDays: validDays.trim() === '' ? null : Number(validDays),
        prizes: prizes ?? [],
      }),
    onSuccess: () => {
      toast.success(t('admin.tickets.saved'));
      onSaved();
      void queryClient.invalidateQueries({ queryKey: ADMIN_TICKETS_KEY });
    },
  });
  const update = (i: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, j) => (j === i ? { ...row, ...patch } : row)));

  return (
    <section className={styles.table} data-testid={`tickets-table-${kind}`}>
      <header className={styles.tableHeader}>
        <h3>{t(`admin.tickets.kinds.${kind}`)}</h3>
        {cost && rows.length > 0 ? (
          <p className={styles.expected} data-testid={`tickets-expected-${kind}`}>
            <span>{t('admin.tickets.expected')}</span>
            <strong>
              {t('admin.tickets.expectedLine', {
                cash: money(cost.cashMinor),
                bonus: money(cost.bonusMinor),
                points: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(
                  cost.pointsMinor / 100,
                ),
              })}
            </strong>
          </p>
        ) : (
          rows.length === 0 && <p className={styles.muted}>{t('admin.tickets.notConfigured')}</p>
        )}
      </header>
      {rows.length > 0 && (
        <table className={styles.prizes}>
          <thead>
            <tr>
              <th>{t('admin.tickets.prizeKind')}</th>
              <th>{t('admin.tickets.amount')}</th>
              <th>{t('admin.tickets.wagering')}</th>
              <th>{t('admin.tickets.weight')}</th>
              <th>{t('admin.tickets.chance')}</th>
              <th aria-label={t('admin.tickets.removePrize')} />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <td>
                  <select
                    value={row.prizeKind}
                    disabled={!canEdit}
                    aria-label={t('admin.tickets.prizeKind')}
                    onChange={(e) => update(i, { prizeKind: e.target.value as TicketPrizeKind })}
                  >
                    {allowed.map((k) => (
                      <option key={k} value={k}>
                        {t(`admin.tickets.prizeKinds.${k}`)}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  <input
                    inputMode="decimal"
                    value={row.amount}
                    disabled={!canEdit || row.prizeKind === 'nothing'}
                    aria-label={t('admin.tickets.amount')}
                    onChange={(e) => update(i, { amount: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    inputMode="numeric"
                    value={row.prizeKind === 'bonus' ? row.wageringMultiple : ''}
                    disabled={!canEdit || row.prizeKind !== 'bonus'}
                    aria-label={t('admin.tickets.wagering')}
                    onChange={(e) => update(i, { wageringMultiple: e.target.value })}
                  />
                </td>
                <td>
                  <input
                    inputMode="numeric"
                    value={row.weight}
                    disabled={!canEdit}
                    aria-label={t('admin.tickets.weight')}
                    onChange={(e) => update(i, { weight: e.target.value })}
                  />
                </td>
                <td className={styles.chance}>
                  {prizes
                    ? new Intl.NumberFormat(i18n.language, {
                        style: 'percent',
                        maximumFractionDigits: 2,
                      }).format(prizeChance(prizes[i]!.weight, weights))
                    : '—'}
                </td>
                <td>
                  {canEdit && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setRows((current) => current.filter((_, j) => j !== i))}
                    >
                      {t('admin.tickets.removePrize')}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && (
        <div className={styles.tableActions}>
          <label className={styles.field}>
            <span>{t('admin.tickets.validDays')}</span>
            <input
              inputMode="numeric"
              value={validDays}
              onChange={(e) => setValidDays(e.target.value)}
            />
          </label>
          <Button
            variant="outline"
            size="sm"
            disabled={rows.length >= TICKET_PRIZES_MAX}
            onClick={() =>
              setRows((current) => [
                ...current,
                { prizeKind: allowed[0]!, amount: '', wageringMultiple: '0', weight: '1' },
              ])
            }
          >
            {t('admin.tickets.addPrize')}
          </Button>
          <Button
            size="sm"
            disabled={!prizes || rows.length === 0 || save.isPending}
            onClick={() => save.mutate()}
            data-testid={`tickets-save-${kind}`}
          >
            {t('admin.tickets.save')}
          </Button>
        </div>
      )}
      {save.error && <FormAlert>{errorMessage(save.error, t)}</FormAlert>}
      {saved && !save.error && <FormAlert tone="success">{t('admin.tickets.saved')}</FormAlert>}
    </section>
  );
}

function ReportView({ merchantCode }: { merchantCode: string }) {
  const { t, i18n } = useTranslation();
  const state = useTableState({ prefix: 't' });
  const report = useQuery({
    queryKey: [...ADMIN_TICKETS_KEY, 'report', merchantCode],
    queryFn: ({ signal }) => fetchTicketReport(merchantCode, signal),
  });
  type ReportRow = NonNullable<typeof report.data>['rows'][number];
  const currency = report.data?.currency || 'BRL';
  const columns = useMemo(() => {
    const column = tableColumns<ReportRow>();
    const lang = i18n.language;
    const money = (minor: number) => formatMoney(minor, currency, lang);
    return [
      column.accessor('kind', {
        header: t('admin.tickets.columns.kind'),
        cell: (i) => t(`admin.tickets.kinds.${i.getValue()}`),
      }),
      column.accessor('issued', { header: t('admin.tickets.columns.issued') }),
      column.accessor('unused', { header: t('admin.tickets.columns.unused') }),
      column.accessor('drawn', { header: t('admin.tickets.columns.drawn') }),
      column.accessor('empty', { header: t('admin.tickets.columns.empty') }),
      column.accessor('cashMinor', {
        header: t('admin.tickets.columns.cash'),
        cell: (i) => money(i.getValue()),
      }),
      column.accessor('bonusMinor', {
        header: t('admin.tickets.columns.bonus'),
        cell: (i) => money(i.getValue()),
      }),
      column.accessor('pointsMinor', {
        header: t('admin.tickets.columns.points'),
        cell: (i) => new Intl.NumberFormat(lang).format(i.getValue() / 100),
      }),
    ];
  }, [t, i18n.language, currency]);
  const rows = report.data?.rows ?? [];
  return (
    <DataTable
      columns={columns}
      page={report.data ? { rows, page: 1, pageSize: rows.length, total: rows.length } : undefined}
      state={state}
      loading={report.isFetching}
      error={report.error}
      label={t('admin.tickets.tabs.report')}
      getRowId={(row) => row.kind}
      testId="tickets-report"
    />
  );
}
