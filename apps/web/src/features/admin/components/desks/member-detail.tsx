import {
  TRANSACTION_TYPES,
  type MemberDetail as MemberDetailData,
  type Operator,
  type Transaction,
} from '@banca/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns, type TablePage } from '@/components/data-table';
import { LockIcon, WalletInIcon } from '@/components/icons';
import { PageLoader } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { useTableState } from '@/lib/use-table-state';
import { fetchMember, fetchMemberLedger } from '../../api/members';
import { formatDateTime } from '../../lib/format';
import { AdjustDialog } from './adjust-dialog';
import styles from './desk.module.css';
import { Money, StatusBadge } from './members-desk';
import { StatusDialog } from './status-dialog';

/** Who may adjust balances and lock members (the server checks the same). */
const ADJUST_ROLES = ['owner', 'finance'];
const STATUS_ROLES = ['owner', 'support', 'risk'];

/** One member: status, every wallet's balance, the ledger history, and the actions. */
export function MemberDetail({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = Number(useParams().memberId);
  const [dialog, setDialog] = useState<'adjust' | 'status' | null>(null);
  const queryClient = useQueryClient();
  const member = useQuery({
    queryKey: ['admin', 'member', id],
    queryFn: ({ signal }) => fetchMember(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });

  if (member.isPending) return <PageLoader />;
  if (member.isError)
    return (
      <div className={styles.desk}>
        <Link to="/admin/members" className={styles.back}>
          ← {t('admin.members.back')}
        </Link>
        <p role="alert">
          {isApiError(member.error) && member.error.status === 404
            ? t('admin.members.notFound')
            : errorMessage(member.error, t)}
        </p>
      </div>
    );
  const data = member.data;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'member', id] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'ledger', id] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'members'] });
  };
  const can = (roles: string[]) => operator.roles.some((role) => roles.includes(role));

  return (
    <div className={styles.desk} data-testid="member-detail">
      <Link to="/admin/members" className={styles.back}>
        ← {t('admin.members.back')}
      </Link>
      <header className={styles.heading}>
        <div>
          <h1>{t('admin.members.detailTitle', { username: data.username })}</h1>
          <p>
            #{data.id} · {data.merchantCode} · <StatusBadge status={data.status} />
          </p>
        </div>
        <div className={styles.buttons}>
          {can(ADJUST_ROLES) ? (
            <Button onClick={() => setDialog('adjust')} data-testid="member-adjust">
              <WalletInIcon width={18} height={18} />
              {t('admin.members.adjust')}
            </Button>
          ) : null}
          {can(STATUS_ROLES) && data.status !== 'disabled' ? (
            <Button
              variant="outline"
              onClick={() => setDialog('status')}
              data-testid="member-status"
            >
              <LockIcon width={18} height={18} />
              {data.status === 'locked' ? t('admin.members.unlock') : t('admin.members.lock')}
            </Button>
          ) : null}
        </div>
      </header>
      <div className={styles.cards}>
        <section className={styles.card}>
          <h2>{t('admin.members.username')}</h2>
          <dl className={styles.facts}>
            <dt>{t('admin.members.nickname')}</dt>
            <dd>{data.nickname ?? '—'}</dd>
            <dt>{t('admin.members.fullName')}</dt>
            <dd>{data.fullName ?? '—'}</dd>
            <dt>{t('admin.members.email')}</dt>
            <dd>{data.email ?? '—'}</dd>
            <dt>{t('admin.members.mobile')}</dt>
            <dd>{data.mobile ?? '—'}</dd>
            <dt>{t('admin.members.createdAt')}</dt>
            <dd>{formatDateTime(data.createdAt, language)}</dd>
            <dt>{t('admin.members.lastLoginAt')}</dt>
            <dd>{formatDateTime(data.lastLoginAt, language) || t('admin.members.never')}</dd>
          </dl>
        </section>
        <section className={styles.card} data-testid="member-wallets">
          <h2>{t('admin.members.wallets')}</h2>
          <dl className={styles.facts}>
            {data.wallets.map((wallet) => (
              <WalletLine
                key={wallet.wallet}
                name={wallet.wallet === 'main' ? t('admin.members.walletMain') : wallet.name}
              >
                <Money minor={wallet.balanceMinor} currency={data.currency} />
              </WalletLine>
            ))}
          </dl>
          <dl className={`${styles.facts} ${styles.total}`}>
            <dt>{t('admin.members.total')}</dt>
            <dd data-testid="member-total">
              <Money minor={data.totalMinor} currency={data.currency} />
            </dd>
          </dl>
        </section>
      </div>
      <Ledger member={data} />
      <AdjustDialog
        open={dialog === 'adjust'}
        member={data}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
      <StatusDialog
        open={dialog === 'status'}
        member={data}
        onClose={() => setDialog(null)}
        onDone={refresh}
      />
    </div>
  );
}

function WalletLine({ name, children }: { name: string; children: ReactNode }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </>
  );
}

function Ledger({ member }: { member: MemberDetailData }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const table = useTableState({ prefix: 'ledger', filters: ['type'] as const });
  const ledger = useQuery({
    queryKey: ['admin', 'ledger', member.id, table.params],
    queryFn: async ({ signal }): Promise<TablePage<Transaction>> => {
      const answer = await fetchMemberLedger(
        member.id,
        {
          page: table.page,
          pageSize: table.pageSize,
          ...(table.filters.type ? { type: table.filters.type } : {}),
        },
        signal,
      );
      return {
        rows: answer.list,
        page: answer.pageNo,
        pageSize: answer.pageSize,
        total: answer.totalCount,
      };
    },
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const column = tableColumns<Transaction>();
    const typeName = (type: string) =>
      (TRANSACTION_TYPES as readonly string[]).includes(type)
        ? t(`admin.members.types.${type as (typeof TRANSACTION_TYPES)[number]}`)
        : type;
    return [
      column.accessor('time', {
        header: t('admin.members.ledgerTime'),
        cell: (info) => formatDateTime(info.getValue(), language),
      }),
      column.accessor('type', {
        header: t('admin.members.ledgerType'),
        cell: (info) => typeName(info.getValue()),
      }),
      column.accessor('wallet', {
        header: t('admin.members.ledgerWallet'),
        // The main wallet by its name, as on the wallets card; a vendor's wallet by its code.
        cell: (info) =>
          info.getValue() === 'main' ? t('admin.members.walletMain') : info.getValue(),
      }),
      column.accessor('amountMinor', {
        header: t('admin.members.ledgerAmount'),
        cell: (info) => <Money minor={info.getValue()} currency={member.currency} signed />,
      }),
      column.accessor('balanceAfterMinor', {
        header: t('admin.members.ledgerBalance'),
        cell: (info) => <Money minor={info.getValue()} currency={member.currency} />,
      }),
      column.accessor('reference', {
        header: t('admin.members.ledgerReference'),
        cell: (info) => <span className={styles.message}>{info.getValue()}</span>,
      }),
    ];
  }, [t, language, member.currency]);

  return (
    <section className={styles.subsection}>
      <h2>{t('admin.members.ledger')}</h2>
      <DataTable
        label={t('admin.members.ledger')}
        columns={columns}
        page={ledger.data}
        state={table}
        loading={ledger.isFetching}
        error={ledger.error}
        emptyText={t('admin.members.ledgerEmpty')}
        getRowId={(row) => String(row.id)}
        testId="member-ledger"
        filters={
          <label className={styles.filter}>
            {t('admin.members.ledgerType')}
            <select
              value={table.filters.type ?? ''}
              onChange={(event) => table.setFilter('type', event.target.value)}
            >
              <option value="">{t('admin.members.allTypes')}</option>
              {TRANSACTION_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`admin.members.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
        }
      />
    </section>
  );
}
