import {
  formatMoney,
  MAIN_WALLET_TYPE_ID,
  parseAmountToMinor,
  type Balances,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isTransientError } from '@/api/api-error';
import { errorMessage } from '@/api/error-message';
import { InfoIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { balancesQueryKey, balancesQueryOptions, walletQueryKey } from '../api/get-balances';
import { collectAll } from '../api/collect-all';
import { RetryableKey } from '../lib/idempotency-key';
import { LoadError } from './load-error';
import { TransferForm, type TransferValues } from './transfer-form';
import { TotalCard, WalletCard } from './wallet-cards';
import '../wallet.css';

/**
 * The wallet (member centre transferFund): every wallet with its balance, main first; the
 * transfer form with per-wallet shortcuts; "collect all to main wallet". A single-wallet brand
 * has only the main wallet and nothing to transfer.
 */
export default function TransferFundPage() {
  const { t } = useTranslation();
  const balances = useQuery(balancesQueryOptions());
  return (
    <div className="wallet-page" data-testid="wallet-page">
      <header className="wallet-page__header">
        <div>
          <h1 className="wallet-page__title">{t('wallet.title')}</h1>
          <p className="wallet-page__subtitle">{t('wallet.subtitle')}</p>
        </div>
      </header>
      {balances.data ? (
        <WalletView
          balances={balances.data}
          refreshing={balances.isFetching}
          onRefresh={() => void balances.refetch()}
        />
      ) : balances.isError ? (
        <LoadError
          title={t('wallet.loadError')}
          error={balances.error}
          onRetry={() => void balances.refetch()}
          retrying={balances.isFetching}
        />
      ) : (
        <WalletSkeleton />
      )}
    </div>
  );
}

function WalletView({
  balances,
  refreshing,
  onRefresh,
}: {
  balances: Balances;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm<TransferValues>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: {
      from: String(MAIN_WALLET_TYPE_ID),
      to: String(balances.vendors[0]?.accountTypeId ?? MAIN_WALLET_TYPE_ID),
      amount: '',
    },
  });
  const collect = useCollectAll();

  /** A card's shortcut: the form set to that route, ready for the amount. */
  const prefill = (from: number, to: number) => {
    form.clearErrors();
    form.setValue('from', String(from));
    form.setValue('to', String(to));
    form.setFocus('amount');
  };

  return (
    <div className={balances.isSingle ? 'wallet-layout is-single' : 'wallet-layout'}>
      <div className="wallet-layout__wallets">
        <TotalCard
          balances={balances}
          refreshing={refreshing}
          onRefresh={onRefresh}
          collecting={collect.isPending}
          onCollect={() => collect.mutate()}
        />
        {balances.isSingle ? (
          <>
            <WalletCard wallet={balances.main} currency={balances.currency} />
            <div className="wallet-note" data-testid="single-wallet-note">
              <InfoIcon aria-hidden="true" />
              <div>
                <p className="wallet-note__title">{t('wallet.singleTitle')}</p>
                <p>{t('wallet.singleText')}</p>
              </div>
            </div>
          </>
        ) : (
          <ul className="wallet-grid" aria-label={t('wallet.vendorsTitle')}>
            <li>
              <WalletCard wallet={balances.main} currency={balances.currency} />
            </li>
            {balances.vendors.map((wallet) => (
              <li key={wallet.accountTypeId}>
                <WalletCard
                  wallet={wallet}
                  currency={balances.currency}
                  onTransferIn={() => prefill(MAIN_WALLET_TYPE_ID, wallet.accountTypeId)}
                  onTransferOut={() => prefill(wallet.accountTypeId, MAIN_WALLET_TYPE_ID)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      {balances.isSingle ? null : <TransferForm form={form} balances={balances} />}
    </div>
  );
}

/** "Collect all to main wallet", applied once even when a retry follows a lost answer. */
function useCollectAll() {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const keys = useRef(new RetryableKey());
  return useMutation({
    mutationFn: () => collectAll(keys.current.keyFor('collect-all')),
    onSuccess: (result) => {
      keys.current.settle();
      queryClient.setQueryData(balancesQueryKey, result.balances);
      const amount = formatMoney(
        parseAmountToMinor(result.collectedAmount) ?? 0,
        result.balances.currency,
        language,
      );
      toast.success(
        result.collectedAmount > 0 ? t('wallet.collected', { amount }) : t('wallet.collectNothing'),
      );
    },
    onError: (error) => {
      if (!isTransientError(error)) keys.current.settle();
      toast.error(errorMessage(error, t));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryKey }),
  });
}

function WalletSkeleton() {
  return (
    <div className="wallet-layout" aria-busy="true" data-testid="wallet-loading">
      <div className="wallet-layout__wallets">
        <Skeleton height={132} radius={20} />
        <div className="wallet-grid">
          <Skeleton height={168} radius={18} />
          <Skeleton height={168} radius={18} />
          <Skeleton height={168} radius={18} />
        </div>
      </div>
      <Skeleton height={300} radius={20} />
    </div>
  );
}
