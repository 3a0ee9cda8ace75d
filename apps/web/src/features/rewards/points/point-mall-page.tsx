import { formatMoney, type Goods } from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { EmptyState } from '@/components/empty-state';
import { TextField } from '@/components/form-field';
import { CoinsBackIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { fill } from '../vip/texts';
import {
  convertPoints,
  pointBalanceQuery,
  pointConfigQuery,
  pointRewardQuery,
  pointsQueryKey,
  redeemGoods,
  redeemListQuery,
} from './api';
import { mallTexts } from './texts';
import styles from './points.module.css';

type Tab = 'goods' | 'history' | 'rules';

/**
 * The points mall (/pointMall, docs/loyalty.md): current points and those on their way (posted
 * each minute), the goods with stock and requirements, redeem with the payment password, redeem
 * history with statuses, the points rules and the exchange-rate table with conversion to cash.
 */
export default function PointMallPage() {
  const language = useLanguage();
  const texts = mallTexts(language);
  const [tab, setTab] = useState<Tab>('goods');
  const [redeeming, setRedeeming] = useState<Goods | null>(null);
  const balance = useQuery({
    ...pointBalanceQuery(),
    // Points on their way reach the balance at the next posting (each minute): look again.
    refetchInterval: (query) => ((query.state.data?.pendingPoint ?? 0) > 0 ? 20_000 : false),
  });
  const goods = useQuery(pointRewardQuery(language));
  const money = (minor: number) => formatMoney(minor, goods.data?.currency ?? 'BRL', language);
  const points = balance.data?.point ?? 0;
  const pending = balance.data?.pendingPoint ?? 0;
  return (
    <div className={styles.page} data-testid="point-mall">
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{texts.title}</h1>
          <p className={styles.subtitle}>{texts.subtitle}</p>
        </div>
        <div className={styles.balance}>
          <span className={styles.note}>{texts.balance}</span>
          <strong data-testid="point-balance">
            {balance.data ? points.toLocaleString(language) : '…'}
          </strong>
          {pending > 0 && (
            <span className={styles.pending} data-testid="point-pending">
              <span>{fill(texts.pending, { points: pending.toLocaleString(language) })}</span>
              <span className={styles.note}>{texts.pendingHint}</span>
            </span>
          )}
        </div>
      </header>
      <Tabs
        label={texts.title}
        items={[
          { key: 'goods', label: texts.goods },
          { key: 'history', label: texts.history },
          { key: 'rules', label: texts.rules },
        ]}
        selected={tab}
        onSelect={setTab}
        testIdPrefix="mall-tab"
      />
      {tab === 'goods' &&
        (!goods.data ? (
          <Skeleton height={220} />
        ) : goods.data.list.length === 0 ? (
          <EmptyState icon={<CoinsBackIcon />} title={texts.empty} />
        ) : (
          <ul className={styles.grid}>
            {goods.data.list.map((g) => {
              const soldOut = g.stock !== null && g.stock <= 0;
              return (
                <li key={g.id} className={styles.goods} data-testid={`goods-${g.id}`}>
                  <span className={styles.kind}>{texts.kinds[g.kind]}</span>
                  <h3 className={styles.goodsName}>{g.name}</h3>
                  {g.description && <p className={styles.note}>{g.description}</p>}
                  {g.valueMinor > 0 && <div className={styles.value}>{money(g.valueMinor)}</div>}
                  <div className={styles.cost}>
                    {fill(texts.cost, { points: g.pointsCost.toLocaleString(language) })}
                  </div>
                  <div className={styles.note}>
                    {soldOut
                      ? texts.soldOut
                      : g.stock === null
                        ? texts.unlimited
                        : fill(texts.stock, { stock: String(g.stock) })}
                  </div>
                  {g.amountRequirementMinor > 0 && (
                    <div className={styles.note}>
                      {fill(texts.requirement, { amount: money(g.amountRequirementMinor) })}
                    </div>
                  )}
                  <Button
                    onClick={() => setRedeeming(g)}
                    disabled={soldOut || points < g.pointsCost}
                    data-testid={`redeem-${g.id}`}
                  >
                    {texts.redeem}
                  </Button>
                </li>
              );
            })}
          </ul>
        ))}
      {tab === 'history' && <RedeemHistory money={money} />}
      {tab === 'rules' && <PointRules money={money} points={points} />}
      {redeeming && <RedeemDialog goods={redeeming} onClose={() => setRedeeming(null)} />}
    </div>
  );
}

function RedeemDialog({ goods, onClose }: { goods: Goods; onClose: () => void }) {
  const { t } = useTranslation();
  const texts = mallTexts(useLanguage());
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [address, setAddress] = useState('');
  const [mobile, setMobile] = useState('');
  const physical = goods.kind === 'physical';
  const redeem = useMutation({
    mutationFn: () =>
      redeemGoods({
        goodsId: goods.id,
        quantity: 1,
        paymentPassword: password,
        ...(physical ? { address, mobile } : {}),
      }),
    onSuccess: () => {
      toast.success(texts.redeemed);
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pointsQueryKey }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    redeem.mutate();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={fill(texts.redeemTitle, { name: goods.name })}
      data-testid="redeem-dialog"
    >
      <form onSubmit={submit} className={styles.form}>
        <p>{fill(texts.cost, { points: String(goods.pointsCost) })}</p>
        {physical && (
          <>
            <TextField
              label={texts.address}
              value={address}
              onChange={(e) => setAddress(e.target.value)}
              maxLength={200}
              required
            />
            <TextField
              label={texts.mobile}
              value={mobile}
              onChange={(e) => setMobile(e.target.value)}
              maxLength={20}
              inputMode="tel"
              required
            />
          </>
        )}
        <TextField
          label={texts.password}
          type="password"
          autoComplete="off"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          maxLength={64}
          required
          data-testid="redeem-password"
        />
        {redeem.error && (
          <p role="alert" className={styles.error}>
            {errorMessage(redeem.error, t)}
          </p>
        )}
        <Button type="submit" busy={redeem.isPending} data-testid="redeem-confirm">
          {texts.confirm}
        </Button>
      </form>
    </Dialog>
  );
}

function RedeemHistory({ money }: { money: (minor: number) => string }) {
  const language = useLanguage();
  const texts = mallTexts(language);
  const list = useQuery(redeemListQuery(language));
  if (!list.data) return <Skeleton height={160} />;
  if (list.data.list.length === 0)
    return <EmptyState icon={<CoinsBackIcon />} title={texts.noHistory} />;
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <ul className={styles.history} data-testid="redeem-history">
      {list.data.list.map((r) => (
        <li key={r.id} className={styles.historyRow}>
          <div>
            <strong>{r.goodsId === null ? texts.convertName : r.goodsName}</strong>
            <div className={styles.note}>
              {when.format(new Date(r.createdAt))} · −{r.points.toLocaleString(language)}
              {r.valueMinor > 0 ? ` · ${money(r.valueMinor)}` : ''}
            </div>
            {r.reason && <div className={styles.note}>{r.reason}</div>}
          </div>
          <span className={`${styles.status} ${styles[r.status]}`} data-status={r.status}>
            {texts.status[r.status]}
          </span>
        </li>
      ))}
    </ul>
  );
}

function PointRules({ money, points }: { money: (minor: number) => string; points: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = mallTexts(language);
  const queryClient = useQueryClient();
  const config = useQuery(pointConfigQuery());
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const convert = useMutation({
    mutationFn: () => convertPoints({ points: Number(amount), paymentPassword: password }),
    onSuccess: (r) => {
      toast.success(fill(texts.convertDone, { amount: money(r.valueMinor) }));
      setAmount('');
      setPassword('');
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: pointsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  if (!config.data) return <Skeleton height={160} />;
  if (!config.data.enabled) return <EmptyState icon={<CoinsBackIcon />} title={texts.off} />;
  return (
    <div className={styles.rules}>
      <section className={styles.panel}>
        <h2>{texts.rules}</h2>
        <p className={styles.note}>{texts.crediting}</p>
        <ul>
          {Object.entries(config.data.rates).map(([category, rate]) => (
            <li key={category}>
              {fill(texts.rulesLine, {
                category: t(`categories.${category}`, { defaultValue: category }),
                points: String(rate),
              })}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.panel}>
        <h2>{texts.exchange}</h2>
        <ul data-testid="exchange-rates">
          {config.data.exchangeRates.map((r) => (
            <li key={r.minPoints}>
              {fill(texts.exchangeLine, {
                min: r.minPoints.toLocaleString(language),
                rate: String(r.pointsPerUnit),
                unit: money(100),
              })}
            </li>
          ))}
        </ul>
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            convert.mutate();
          }}
        >
          <h3>{texts.convert}</h3>
          <TextField
            label={texts.convertPoints}
            inputMode="numeric"
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ''))}
            max={points}
            required
          />
          <TextField
            label={texts.password}
            type="password"
            autoComplete="off"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            maxLength={64}
            required
          />
          {convert.error && (
            <p role="alert" className={styles.error}>
              {errorMessage(convert.error, t)}
            </p>
          )}
          <Button type="submit" busy={convert.isPending}>
            {texts.convert}
          </Button>
        </form>
      </section>
    </div>
  );
}
