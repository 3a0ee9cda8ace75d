import {
  AGENT_CONTRACT_ADMIN_ENDPOINTS as E,
  CONTRACT_KINDS,
  formatMoney,
  pathOf,
  type Contract,
  type ContractKind,
  type ContractOffer,
} from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRequest } from '@/api/admin-client';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns, type DataTableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/form-field';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { ContractTerms } from '../components/contract-terms';
import { StatusBadge } from '../components/my-contracts';
import { OfferContractForm } from '../components/offer-contract-form';
import styles from '../components/contracts.module.css';

type Run = {
  kind: ContractKind;
  merchantCode: string;
  periodLabel: string;
  windowStartUtc: string;
  windowEndUtc: string;
  contracts: number;
  payouts: number;
  unpaid: number;
  paidMinor: number;
  lateBetMinor: number;
  durationMs: number;
  finishedAt: string;
};
type Page<Row> = { list: Row[]; pageNo: number; totalPages: number; total: number };
/** The server's page sizes (modules/agents/contracts/service.ts, settlement/service.ts). */
const PAGE_SIZE = 20;
/** Demo brands run in BRL; a run's rows carry no currency of their own. */
const CURRENCY = 'BRL';
const contractColumn = tableColumns<Contract>();
const runColumn = tableColumns<Run>();
const KEY = ['admin', 'agent-contracts'] as const;

/**
 * The console's contract desk (docs/agents.md "Console"): every agent contract with its terms
 * and status, house contracts (in force at once, audited with a reason) and ending one; and the
 * settlement runs per kind, brand and period with their totals.
 */
export default function ContractsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'contracts' | 'runs'>('contracts');
  const canChange = operator.roles.some((role) => role === 'owner' || role === 'finance');
  return (
    <div data-testid="agent-contracts-desk">
      <div className={styles.deskTabs}>
        <Tabs
          items={[
            { key: 'contracts', label: t('agentContracts.desk.contractsTab') },
            { key: 'runs', label: t('agentContracts.desk.runsTab') },
          ]}
          selected={tab}
          onSelect={setTab}
          label={t('agentContracts.title')}
          testIdPrefix="contracts-desk-tab"
        />
      </div>
      {tab === 'contracts' ? <ContractsTable canChange={canChange} /> : <RunsTable />}
    </div>
  );
}

function ContractsTable({ canChange }: { canChange: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const table = useTableState<'memberId' | 'kind'>({
    filters: ['memberId', 'kind'],
    pageSize: PAGE_SIZE,
  });
  const [creating, setCreating] = useState(false);
  const [ending, setEnding] = useState<Contract | null>(null);
  const query = {
    pageNo: table.page,
    ...(table.filters.memberId ? { memberId: table.filters.memberId } : {}),
    ...(table.filters.kind ? { kind: table.filters.kind } : {}),
  };
  const page = useQuery({
    queryKey: [...KEY, 'contracts', query],
    queryFn: ({ signal }) => adminRequest<Page<Contract>>(E.contracts, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const terminate = useMutation({
    mutationFn: (input: { id: number; reason: string }) =>
      adminRequest<Contract>(
        { method: 'POST', path: pathOf(E.terminate, { id: input.id }) },
        { body: { reason: input.reason } },
      ),
    onSuccess: () => {
      setEnding(null);
      refresh();
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const [reason, setReason] = useState('');
  const when = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }),
    [language],
  );

  const columns = useMemo<DataTableColumns<Contract>>(
    () => [
      contractColumn.accessor('id', { header: () => t('agentContracts.desk.columns.id') }),
      contractColumn.accessor('kind', {
        header: () => t('agentContracts.desk.columns.kind'),
        cell: ({ row }) => t(`agentContracts.kinds.${row.original.kind}`),
      }),
      contractColumn.accessor('upline', {
        header: () => t('agentContracts.desk.columns.upline'),
        cell: ({ row }) =>
          row.original.upline
            ? `${row.original.upline.account} (#${row.original.upline.id})`
            : t('agentContracts.house'),
      }),
      contractColumn.accessor('downline', {
        header: () => t('agentContracts.desk.columns.downline'),
        cell: ({ row }) => `${row.original.downline.account} (#${row.original.downline.id})`,
      }),
      contractColumn.accessor('terms', {
        header: () => t('agentContracts.desk.columns.terms'),
        cell: ({ row }) => <ContractTerms contract={row.original} currency={CURRENCY} />,
      }),
      contractColumn.accessor('status', {
        header: () => t('agentContracts.desk.columns.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      }),
      contractColumn.accessor('createdAt', {
        header: () => t('agentContracts.desk.columns.created'),
        cell: ({ row }) => when.format(new Date(row.original.createdAt)),
      }),
      contractColumn.display({
        id: 'actions',
        header: () => '',
        cell: ({ row }) =>
          canChange && row.original.status === 'active' ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setReason('');
                setEnding(row.original);
              }}
            >
              {t('agentContracts.records.terminate')}
            </Button>
          ) : null,
      }),
    ],
    [t, when, canChange],
  );

  return (
    <>
      <DataTable
        columns={columns}
        page={
          page.data
            ? {
                rows: page.data.list,
                page: page.data.pageNo,
                pageSize: PAGE_SIZE,
                total: page.data.total,
              }
            : undefined
        }
        state={table}
        loading={page.isFetching}
        error={page.error}
        label={t('agentContracts.desk.contractsLabel')}
        emptyText={t('agentContracts.desk.empty')}
        getRowId={(row) => String(row.id)}
        filters={
          <>
            <TextField
              label={t('agentContracts.desk.memberFilter')}
              inputMode="numeric"
              value={table.filters.memberId ?? ''}
              onChange={(e) =>
                table.setFilter('memberId', e.target.value.replace(/\D/g, '') || undefined)
              }
            />
            <label className="field">
              <span className="field__label">{t('agentContracts.desk.columns.kind')}</span>
              <select
                className="field__input"
                value={table.filters.kind ?? ''}
                onChange={(e) => table.setFilter('kind', e.target.value || undefined)}
              >
                <option value="">{t('table.all')}</option>
                {CONTRACT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`agentContracts.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </label>
          </>
        }
        actions={
          canChange ? (
            <Button
              variant="primary"
              size="sm"
              onClick={() => setCreating(true)}
              data-testid="house-contract-open"
            >
              {t('agentContracts.desk.houseContract')}
            </Button>
          ) : null
        }
        testId="agent-contracts-table"
      />
      <HouseContractDialog open={creating} onClose={() => setCreating(false)} onCreated={refresh} />
      <Dialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('agentContracts.records.terminate')}
        size="sm"
      >
        <p>{t('agentContracts.records.terminateConfirm')}</p>
        <TextField
          label={t('agentContracts.desk.terminateReason')}
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={() => setEnding(null)}>
            {t('agentContracts.offer.cancel')}
          </Button>
          <Button
            variant="primary"
            busy={terminate.isPending}
            disabled={reason.trim() === ''}
            onClick={() => ending && terminate.mutate({ id: ending.id, reason: reason.trim() })}
          >
            {t('agentContracts.records.terminate')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function HouseContractDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const [memberId, setMemberId] = useState('');
  const [reason, setReason] = useState('');
  const create = useMutation({
    mutationFn: (offer: ContractOffer) =>
      adminRequest<Contract>(E.override, { body: { ...offer, reason: reason.trim() } }),
    onSuccess: () => {
      toast.success(t('agentContracts.desk.created'));
      onCreated();
      onClose();
    },
  });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('agentContracts.desk.houseContract')}
      size="md"
      data-testid="house-contract-dialog"
    >
      <p className={styles.intro}>{t('agentContracts.desk.houseContractIntro')}</p>
      <TextField
        className={styles.member}
        label={t('agentContracts.desk.memberId')}
        inputMode="numeric"
        value={memberId}
        onChange={(e) => setMemberId(e.target.value.replace(/\D/g, '').slice(0, 15))}
        data-testid="house-contract-member"
      />
      <OfferContractForm
        downlineId={Number(memberId) || 0}
        kinds={CONTRACT_KINDS}
        busy={create.isPending}
        error={create.error ? errorMessage(create.error, t) : null}
        onSubmit={(offer) => create.mutate(offer)}
        extra={
          <TextField
            label={t('agentContracts.desk.reason')}
            value={reason}
            maxLength={200}
            onChange={(e) => setReason(e.target.value)}
          />
        }
        submitLabel={t('agentContracts.desk.houseContract')}
      />
    </Dialog>
  );
}

function RunsTable() {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState<'kind'>({ filters: ['kind'], pageSize: PAGE_SIZE, prefix: 'runs' });
  const query = { pageNo: table.page, ...(table.filters.kind ? { kind: table.filters.kind } : {}) };
  const page = useQuery({
    queryKey: [...KEY, 'runs', query],
    queryFn: ({ signal }) => adminRequest<Page<Run>>(E.runs, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const when = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' }),
    [language],
  );
  const columns = useMemo<DataTableColumns<Run>>(() => {
    const money = (minor: number) => formatMoney(minor, CURRENCY, language);
    return [
      runColumn.accessor('windowStartUtc', {
        header: () => t('agentContracts.desk.columns.window'),
        cell: ({ row }) =>
          `${when.format(new Date(row.original.windowStartUtc))} → ${when.format(new Date(row.original.windowEndUtc))}`,
      }),
      runColumn.accessor('kind', {
        header: () => t('agentContracts.desk.columns.kind'),
        cell: ({ row }) =>
          `${t(`agentContracts.kinds.${row.original.kind}`)} · ${row.original.merchantCode}`,
      }),
      runColumn.accessor('contracts', { header: () => t('agentContracts.desk.columns.contracts') }),
      runColumn.accessor('payouts', { header: () => t('agentContracts.desk.columns.payouts') }),
      runColumn.accessor('unpaid', { header: () => t('agentContracts.desk.columns.unpaid') }),
      runColumn.accessor('paidMinor', {
        header: () => t('agentContracts.desk.columns.paid'),
        cell: ({ row }) => money(row.original.paidMinor),
      }),
      runColumn.accessor('lateBetMinor', {
        header: () => t('agentContracts.desk.columns.late'),
        cell: ({ row }) => money(row.original.lateBetMinor),
      }),
      runColumn.accessor('durationMs', {
        header: () => t('agentContracts.desk.columns.duration'),
        cell: ({ row }) => `${row.original.durationMs} ms`,
      }),
    ];
  }, [t, when, language]);
  return (
    <DataTable
      columns={columns}
      page={
        page.data
          ? {
              rows: page.data.list,
              page: page.data.pageNo,
              pageSize: PAGE_SIZE,
              total: page.data.total,
            }
          : undefined
      }
      state={table}
      loading={page.isFetching}
      error={page.error}
      label={t('agentContracts.desk.runsLabel')}
      emptyText={t('agentContracts.desk.empty')}
      getRowId={(row) => `${row.kind}:${row.merchantCode}:${row.periodLabel}`}
      testId="settlement-runs-table"
    />
  );
}
