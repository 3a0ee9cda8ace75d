import {
  ENDPOINTS,
  formatMoney,
  pathOf,
  type Balances,
  type WalletBalance,
} from '@banca/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { RefreshIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { collectableMinor } from '../lib/balances';
import { ArrowInIcon, ArrowOutIcon, CollectIcon, WalletIcon } from './wallet-icons';

/** The total over every wallet, with refresh and "collect all to main wallet". */
export function TotalCard({
  balances,
  refreshing,
  onRefresh,
  collecting,
  onCollect,
}: {
  balances: Balances;
  refreshing: boolean;
  onRefresh: () => void;
  collecting: boolean;
  onCollect: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const nothingToCollect = collectableMinor(balances) === 0;
  return (
    <section className="wallet-total" aria-labelledby="wallet-total-label">
      <div className="wallet-total__figures">
        <p id="wallet-total-label" className="wallet-total__label">
          {t('wallet.total')}
        </p>
        <p className="wallet-total__amount" data-testid="wallet-total">
          {formatMoney(balances.totalMinor, balances.currency, language)}
        </p>
        {balances.isSingle ? null : <p className="wallet-total__hint">{t('wallet.totalHint')}</p>}
      </div>
      <div className="wallet-total__actions">
        <button
          type="button"
          className={refreshing ? 'icon-btn wallet-refresh is-spinning' : 'icon-btn wallet-refresh'}
          onClick={onRefresh}
          aria-label={t('wallet.refresh')}
          title={t('wallet.refresh')}
          aria-busy={refreshing}
          data-testid="wallet-refresh"
        >
          <RefreshIcon />
        </button>
        {balances.isSingle ? null : (
          <Button
            variant="outline"
            onClick={onCollect}
            disabled={nothingToCollect || collecting}
            title={nothingToCollect ? t('wallet.collectNothing') : undefined}
            data-testid="collect-all"
          >
            {collecting ? <Spinner sizePx={16} /> : <CollectIcon width={18} height={18} />}
            {collecting ? t('wallet.collecting') : t('wallet.collectAll')}
          </Button>
        )}
      </div>
    </section>
  );
}

/**
 * One wallet: the main wallet, or a vendor's with its logo and the shortcuts that prefill the
 * transfer form (money in from main, money out to main).
 */
export function WalletCard({
  wallet,
  currency,
  onTransferIn,
  onTransferOut,
}: {
  wallet: WalletBalance;
  currency: string;
  onTransferIn?: () => void;
  onTransferOut?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const isMain = wallet.vendorCode === null;
  const name = isMain ? t('wallet.mainName') : wallet.name;
  return (
    <article
      className={isMain ? 'wallet-card wallet-card--main' : 'wallet-card'}
      data-testid="wallet-card"
      data-wallet-id={wallet.accountTypeId}
      data-vendor={wallet.vendorCode ?? 'main'}
    >
      <div className="wallet-card__art">
        {isMain ? (
          <span className="wallet-card__icon">
            <WalletIcon />
          </span>
        ) : (
          <VendorLogo code={wallet.vendorCode ?? ''} name={wallet.name} />
        )}
      </div>
      <div className="wallet-card__who">
        <h3 className="wallet-card__name" title={name}>
          {name}
        </h3>
        <p className="wallet-card__hint">
          {isMain ? t('wallet.mainHint') : t('wallet.vendorHint')}
        </p>
      </div>
      <p
        className={
          wallet.balanceMinor > 0 ? 'wallet-card__balance' : 'wallet-card__balance is-zero'
        }
        data-testid="wallet-balance"
        data-balance-minor={wallet.balanceMinor}
      >
        {formatMoney(wallet.balanceMinor, currency, language)}
      </p>
      {onTransferIn && onTransferOut ? (
        <div className="wallet-card__actions">
          <Button
            variant="secondary"
            size="sm"
            onClick={onTransferIn}
            aria-label={t('wallet.transferInLabel', { name })}
            data-testid="wallet-transfer-in"
          >
            <ArrowInIcon width={16} height={16} />
            {t('wallet.transferIn')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={onTransferOut}
            disabled={wallet.balanceMinor === 0}
            aria-label={t('wallet.transferOutLabel', { name })}
            data-testid="wallet-transfer-out"
          >
            <ArrowOutIcon width={16} height={16} />
            {t('wallet.transferOut')}
          </Button>
        </div>
      ) : null}
    </article>
  );
}

/** The vendor's logo art; its initial in a badge when the image cannot load. */
function VendorLogo({ code, name }: { code: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !code)
    return (
      <span className="wallet-card__icon" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  return (
    <img
      className="wallet-card__logo"
      // The name is written beside it: the art adds nothing to read aloud.
      alt=""
      src={pathOf(ENDPOINTS.art.vendor, { file: `${code}.svg` })}
      width={96}
      height={32}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
