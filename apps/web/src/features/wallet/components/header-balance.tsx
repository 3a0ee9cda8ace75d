import { formatMoney } from '@banca/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { useSessionStore } from '@/stores/session-store';
import { balancesQueryOptions } from '../api/get-balances';
import styles from './header-balance.module.css';

/** A refresh that answers at once still turns the icon visibly, so the press is acknowledged. */
const MIN_SPIN_MS = 600;
/** What stands for the figure while the balance is hidden (docs/product.md §1). */
const HIDDEN_FIGURE = '••••';

/**
 * The header balance (docs/product.md §2, §9): the member's total over every wallet, 2 decimals
 * with thousands separators, a link to the wallet page; refresh, and show/hide remembered in
 * localStorage across sessions. Trial members see their demo credit the same way. Lives in the main
 * bundle: only plain functions from @banca/contracts here, never a schema (zod).
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const language = useLanguage();
  const memberSymbol = useSessionStore((session) => session.member?.currencySymbol);
  const balances = useQuery(balancesQueryOptions());
  const [hidden, setHidden] = useState(
    () => readStorage('local', STORAGE_KEYS.balanceHidden) === '1',
  );
  const [spinHeld, setSpinHeld] = useState(false);
  useEffect(() => {
    if (!spinHeld) return;
    const timer = setTimeout(() => setSpinHeld(false), MIN_SPIN_MS);
    return () => clearTimeout(timer);
  }, [spinHeld]);
  const spinning = spinHeld || balances.isFetching;

  const toggle = () => {
    setHidden((was) => {
      writeStorage('local', STORAGE_KEYS.balanceHidden, was ? null : '1');
      return !was;
    });
  };
  const refresh = () => {
    setSpinHeld(true);
    void balances.refetch();
  };

  const data = balances.data;
  const symbol = data?.currencySymbol ?? memberSymbol ?? '';
  const amount = data ? formatMoney(data.totalMinor, data.currency, language) : null;
  let figure;
  if (hidden) figure = `${symbol} ${HIDDEN_FIGURE}`;
  else if (amount) figure = amount;
  else if (balances.isError) figure = `${symbol} —`;
  else figure = <Skeleton width={84} height={16} radius={6} />;

  return (
    <div
      className={styles.pill}
      data-testid="header-balance"
      data-state={data ? 'ready' : balances.isError ? 'error' : 'loading'}
    >
      <Link
        to="/member?page=transferFund"
        className={styles.value}
        aria-label={
          hidden
            ? t('account.balanceHidden')
            : amount
              ? t('account.balanceValue', { amount })
              : t('account.balance')
        }
        title={!hidden && !data && balances.isError ? t('account.balanceError') : undefined}
        data-testid="header-balance-value"
      >
        {figure}
      </Link>
      <button
        type="button"
        className={`${styles.button} ${styles.refresh}${spinning ? ` ${styles.spinning}` : ''}`}
        onClick={refresh}
        aria-label={t('account.refreshBalance')}
        aria-busy={spinning}
        title={t('account.refreshBalance')}
        data-testid="header-balance-refresh"
      >
        <RefreshIcon />
      </button>
      <button
        type="button"
        className={styles.button}
        onClick={toggle}
        aria-pressed={!hidden}
        aria-label={hidden ? t('account.showBalance') : t('account.hideBalance')}
        title={hidden ? t('account.showBalance') : t('account.hideBalance')}
        data-testid="header-balance-toggle"
      >
        {hidden ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
