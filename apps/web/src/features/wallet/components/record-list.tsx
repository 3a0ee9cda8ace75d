import { formatMoney, TRANSACTION_TYPES, type Balances } from '@banca/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/i18n';
import type { Transaction } from '../api/get-transactions';
import { walletById, walletByRecordName } from '../lib/balances';
import { formatDateTimeParts, formatSignedMoney } from '../lib/format';

/** A transfer's reference names the two wallets by accountTypeId: "0->1". */
const TRANSFER_REFERENCE = /^(\d+)->(\d+)$/;

type Row = {
  key: string;
  transaction: Transaction;
  date: string;
  time: string;
  typeLabel: string;
  walletLabel: string;
  detail: string | null;
  amount: string;
  balanceAfter: string;
  tone: 'credit' | 'debit';
};

function typeLabel(type: string, t: TFunction): string {
  const known = TRANSACTION_TYPES.find((candidate) => candidate === type);
  return known ? t(`transactionTypes.${known}`) : t('transactionTypes.other');
}

/** What people read in each cell, worked out once for the table and the phone cards alike. */
function rowsOf(
  list: Transaction[],
  balances: Balances | undefined,
  currency: string,
  language: string,
  timeZone: string,
  t: TFunction,
): Row[] {
  const nameOfRecordWallet = (name: string) =>
    name === 'main'
      ? t('records.mainWallet')
      : ((balances && walletByRecordName(balances, name)?.name) ?? name);
  const nameOfId = (accountTypeId: number) => {
    if (accountTypeId === 0) return t('records.mainWallet');
    return (balances && walletById(balances, accountTypeId)?.name) ?? String(accountTypeId);
  };
  return list.map((transaction, index) => {
    const route =
      transaction.type === 'transfer' ? TRANSFER_REFERENCE.exec(transaction.reference) : null;
    return {
      // One transfer is two rows (its two wallets) with the same id.
      key: `${transaction.id}:${transaction.wallet}:${index}`,
      transaction,
      ...formatDateTimeParts(transaction.time, language, timeZone),
      typeLabel: typeLabel(transaction.type, t),
      walletLabel: nameOfRecordWallet(transaction.wallet),
      detail: route
        ? t('records.transferDetail', {
            from: nameOfId(Number(route[1])),
            to: nameOfId(Number(route[2])),
          })
        : transaction.reference || null,
      amount: formatSignedMoney(transaction.amountMinor, currency, language),
      balanceAfter: formatMoney(transaction.balanceAfterMinor, currency, language),
      tone: transaction.amountMinor < 0 ? 'debit' : 'credit',
    };
  });
}

const rowData = (row: Row) => ({
  'data-testid': 'record-row',
  'data-type': row.transaction.type,
  'data-wallet': row.transaction.wallet,
  'data-amount-minor': row.transaction.amountMinor,
  'data-balance-after-minor': row.transaction.balanceAfterMinor,
});

/** The account record: a table on wider screens, one card per movement on phones. */
export function RecordList({
  list,
  balances,
  currency,
  timeZone,
  compact,
}: {
  list: Transaction[];
  balances: Balances | undefined;
  currency: string;
  timeZone: string;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = rowsOf(list, balances, currency, language, timeZone, t);
  const sr = (row: Row) => (
    <span className="visually-hidden">
      {row.tone === 'credit' ? t('records.credit') : t('records.debit')}
    </span>
  );

  if (compact) {
    return (
      <ul className="record-cards">
        {rows.map((row) => (
          <li key={row.key} className="record-card" {...rowData(row)}>
            <div className="record-card__line">
              <span className={`record-type record-type--${row.transaction.type}`}>
                {row.typeLabel}
              </span>
              <span className={`record-amount is-${row.tone}`}>
                {sr(row)}
                {row.amount}
              </span>
            </div>
            <div className="record-card__line record-card__meta">
              <span>{row.walletLabel}</span>
              <span>
                {row.date} {row.time}
              </span>
            </div>
            <div className="record-card__line record-card__meta">
              <span className="record-detail">{row.detail}</span>
              <span>
                {t('records.columns.balanceAfter')}{' '}
                <strong className="record-balance">{row.balanceAfter}</strong>
              </span>
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="record-table-wrap">
      <table className="record-table">
        <thead>
          <tr>
            <th scope="col">{t('records.columns.time')}</th>
            <th scope="col">{t('records.columns.type')}</th>
            <th scope="col">{t('records.columns.wallet')}</th>
            <th scope="col" className="is-numeric">
              {t('records.columns.amount')}
            </th>
            <th scope="col" className="is-numeric">
              {t('records.columns.balanceAfter')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} {...rowData(row)}>
              <td>
                <span className="record-date">{row.date}</span>
                <span className="record-time">{row.time}</span>
              </td>
              <td>
                <span className={`record-type record-type--${row.transaction.type}`}>
                  {row.typeLabel}
                </span>
                {row.detail ? <span className="record-detail">{row.detail}</span> : null}
              </td>
              <td>{row.walletLabel}</td>
              <td className={`is-numeric record-amount is-${row.tone}`}>
                {sr(row)}
                {row.amount}
              </td>
              <td className="is-numeric record-balance">{row.balanceAfter}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
