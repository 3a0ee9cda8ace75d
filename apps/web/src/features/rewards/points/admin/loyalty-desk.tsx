import {
  formatMoney,
  GAME_CATEGORIES,
  GOODS_KINDS,
  type AdminPoints,
  type AdminRedemption,
  type AdminVip,
  type Goods,
  type GoodsKind,
  type VipLevel,
} from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Checkbox, FormAlert, TextField } from '@/components/form-field';
import { Tabs } from '@/components/tabs';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { fetchRewardSettings, REWARD_SETTINGS_KEY } from '../../api/admin-reward-settings';
import {
  createGoods,
  decideRedemption,
  fetchGoods,
  fetchPoints,
  fetchRedemptions,
  fetchVip,
  LOYALTY_DESK_KEY,
  savePoints,
  saveVip,
  updateGoods,
} from './api';
import { deskTexts } from './texts';
import styles from './loyalty-desk.module.css';

type Tab = 'vip' | 'points' | 'goods' | 'redemptions';
/** Who may change rules and goods, and who decides redeems (modules/rewards/points/routes.ts). */
const EDIT_ROLES = ['owner', 'content'];
const DECIDE_ROLES = ['owner', 'finance', 'risk'];
/** An amount box that may hold 0 or nothing ("none"). */
const amount = (raw: string): number | null => (raw.trim() === '' ? 0 : amountInputToMinor(raw));

/**
 * The loyalty desk (docs/loyalty.md "Console"): VIP levels and their rules, points per game
 * category with the exchange-rate table, the mall's goods and stock, and the redeems to fulfil.
 * Every save and decision is audited by the server.
 */
export default function LoyaltyDesk({ operator }: DeskProps) {
  const texts = deskTexts(useLanguage());
  const [tab, setTab] = useState<Tab>('vip');
  const brands = useQuery({
    queryKey: REWARD_SETTINGS_KEY,
    queryFn: ({ signal }) => fetchRewardSettings(signal),
  });
  const [picked, setPicked] = useState<string | null>(null);
  const merchantCode = picked ?? brands.data?.brands[0]?.merchantCode ?? null;
  const canEdit = operator.roles.some((role) => EDIT_ROLES.includes(role));
  const canDecide = operator.roles.some((role) => DECIDE_ROLES.includes(role));
  return (
    <div className={styles.desk} data-testid="loyalty-desk">
      <label className={styles.brand}>
        {texts.brand}{' '}
        <select value={merchantCode ?? ''} onChange={(e) => setPicked(e.target.value)}>
          {brands.data?.brands.map((b) => (
            <option key={b.merchantCode} value={b.merchantCode}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      <Tabs
        label={texts.brand}
        items={(['vip', 'points', 'goods', 'redemptions'] as const).map((key) => ({
          key,
          label: texts.tabs[key],
        }))}
        selected={tab}
        onSelect={setTab}
        testIdPrefix="loyalty-tab"
      />
      {merchantCode && tab === 'vip' && <VipTab merchantCode={merchantCode} canEdit={canEdit} />}
      {merchantCode && tab === 'points' && (
        <PointsTab merchantCode={merchantCode} canEdit={canEdit} />
      )}
      {merchantCode && tab === 'goods' && (
        <GoodsTab merchantCode={merchantCode} canEdit={canEdit} />
      )}
      {merchantCode && tab === 'redemptions' && (
        <RedemptionsTab merchantCode={merchantCode} canDecide={canDecide} />
      )}
    </div>
  );
}

const LEVEL_MONEY = [
  'depositMinor',
  'validBetMinor',
  'keepDepositMinor',
  'keepValidBetMinor',
  'levelUpRewardMinor',
  'weeklyRewardMinor',
  'monthlyRewardMinor',
] as const;
const LEVEL_LABEL = {
  depositMinor: 'deposit',
  validBetMinor: 'bets',
  keepDepositMinor: 'keepDeposit',
  keepValidBetMinor: 'keepBets',
  levelUpRewardMinor: 'levelUp',
  weeklyRewardMinor: 'weekly',
  monthlyRewardMinor: 'monthly',
} as const;
type LevelRow = { name: string; cashback: string } & Record<(typeof LEVEL_MONEY)[number], string>;

function VipTab({ merchantCode, canEdit }: { merchantCode: string; canEdit: boolean }) {
  const vip = useQuery({
    queryKey: [...LOYALTY_DESK_KEY, 'vip', merchantCode],
    queryFn: ({ signal }) => fetchVip(merchantCode, signal),
  });
  if (!vip.data) return null;
  return <VipForm key={JSON.stringify(vip.data)} data={vip.data} canEdit={canEdit} />;
}

function VipForm({ data, canEdit }: { data: AdminVip; canEdit: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = deskTexts(language);
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(data.settings);
  const [rows, setRows] = useState<LevelRow[]>(() =>
    data.levels.map(
      (l) =>
        ({
          name: l.name,
          cashback: String(l.cashbackRateBp / 100),
          ...Object.fromEntries(LEVEL_MONEY.map((k) => [k, minorToAmountInput(l[k], language)])),
        }) as LevelRow,
    ),
  );
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: saveVip,
    onSuccess: () => {
      toast.success(texts.saved);
      void queryClient.invalidateQueries({ queryKey: LOYALTY_DESK_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const levels: VipLevel[] = [];
    for (const [rank, row] of rows.entries()) {
      const money = LEVEL_MONEY.map((k) => amount(row[k]));
      const cashback = Math.round(Number(row.cashback.replace(',', '.')) * 100);
      if (money.some((m) => m === null) || !Number.isFinite(cashback) || !row.name.trim())
        return setInvalid(true);
      levels.push({
        rank,
        name: row.name.trim(),
        cashbackRateBp: cashback,
        ...(Object.fromEntries(LEVEL_MONEY.map((k, i) => [k, money[i]!])) as Record<
          (typeof LEVEL_MONEY)[number],
          number
        >),
      });
    }
    setInvalid(false);
    save.mutate({ merchantCode: data.merchantCode, settings, levels });
  };
  const edit = (index: number, key: keyof LevelRow, value: string) =>
    setRows((all) => all.map((row, i) => (i === index ? { ...row, [key]: value } : row)));
  return (
    <form onSubmit={submit} className={styles.form} data-testid="vip-desk">
      <div className={styles.row}>
        <Checkbox
          label={texts.enabled}
          checked={settings.enabled}
          disabled={!canEdit}
          onChange={(e) => setSettings({ ...settings, enabled: e.target.checked })}
        />
        <label className={styles.select}>
          {texts.period}
          <select
            value={settings.period}
            disabled={!canEdit}
            onChange={(e) =>
              setSettings({ ...settings, period: e.target.value as 'rolling' | 'month' })
            }
          >
            <option value="rolling">{texts.periods.rolling}</option>
            <option value="month">{texts.periods.month}</option>
          </select>
        </label>
        <TextField
          label={texts.rollingDays}
          inputMode="numeric"
          value={String(settings.rollingDays)}
          disabled={!canEdit || settings.period !== 'rolling'}
          onChange={(e) =>
            setSettings({
              ...settings,
              rollingDays: Number(e.target.value.replace(/\D/g, '')) || 1,
            })
          }
        />
        <label className={styles.select}>
          {texts.requirement}
          <select
            value={settings.requirement}
            disabled={!canEdit}
            onChange={(e) =>
              setSettings({ ...settings, requirement: e.target.value as 'all' | 'any' })
            }
          >
            <option value="all">{texts.requirements.all}</option>
            <option value="any">{texts.requirements.any}</option>
          </select>
        </label>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th>#</th>
              <th>{texts.level.name}</th>
              {LEVEL_MONEY.map((k) => (
                <th key={k}>{texts.level[LEVEL_LABEL[k]]}</th>
              ))}
              <th>{texts.level.cashback}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <td>{index}</td>
                <td>
                  <input
                    aria-label={texts.level.name}
                    value={row.name}
                    maxLength={40}
                    disabled={!canEdit}
                    onChange={(e) => edit(index, 'name', e.target.value)}
                  />
                </td>
                {LEVEL_MONEY.map((k) => (
                  <td key={k}>
                    <input
                      aria-label={texts.level[LEVEL_LABEL[k]]}
                      inputMode="decimal"
                      value={row[k]}
                      disabled={!canEdit}
                      aria-invalid={amount(row[k]) === null}
                      onChange={(e) => edit(index, k, e.target.value)}
                    />
                  </td>
                ))}
                <td>
                  <input
                    aria-label={texts.level.cashback}
                    inputMode="decimal"
                    value={row.cashback}
                    disabled={!canEdit}
                    onChange={(e) => edit(index, 'cashback', e.target.value)}
                  />
                </td>
                <td>
                  {canEdit && index === rows.length - 1 && index > 0 && (
                    <Button variant="ghost" size="sm" onClick={() => setRows(rows.slice(0, -1))}>
                      {texts.removeLevel}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {invalid && <FormAlert>{texts.invalid}</FormAlert>}
      {save.error && <FormAlert>{errorMessage(save.error, t)}</FormAlert>}
      {canEdit && (
        <div className={styles.row}>
          <Button
            variant="ghost"
            onClick={() =>
              setRows([...rows, { ...rows[rows.length - 1]!, name: `VIP ${rows.length}` }])
            }
          >
            {texts.addLevel}
          </Button>
          <Button type="submit" busy={save.isPending} data-testid="vip-desk-save">
            {texts.save}
          </Button>
        </div>
      )}
    </form>
  );
}

function PointsTab({ merchantCode, canEdit }: { merchantCode: string; canEdit: boolean }) {
  const points = useQuery({
    queryKey: [...LOYALTY_DESK_KEY, 'points', merchantCode],
    queryFn: ({ signal }) => fetchPoints(merchantCode, signal),
  });
  if (!points.data) return null;
  return <PointsForm key={JSON.stringify(points.data)} data={points.data} canEdit={canEdit} />;
}

function PointsForm({ data, canEdit }: { data: AdminPoints; canEdit: boolean }) {
  const { t } = useTranslation();
  const texts = deskTexts(useLanguage());
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(data.enabled);
  const [rates, setRates] = useState<Record<string, string>>(() =>
    Object.fromEntries(GAME_CATEGORIES.map((c) => [c, String(data.rates[c] ?? '')])),
  );
  const [exchange, setExchange] = useState(() =>
    data.exchangeRates.map((r) => ({ min: String(r.minPoints), rate: String(r.pointsPerUnit) })),
  );
  const save = useMutation({
    mutationFn: savePoints,
    onSuccess: () => {
      toast.success(texts.saved);
      void queryClient.invalidateQueries({ queryKey: LOYALTY_DESK_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      merchantCode: data.merchantCode,
      enabled,
      rates: Object.fromEntries(
        Object.entries(rates)
          .filter(([, v]) => Number(v) > 0)
          .map(([c, v]) => [c, Number(v)]),
      ),
      exchangeRates: exchange
        .filter((r) => Number(r.min) > 0 && Number(r.rate) > 0)
        .map((r) => ({ minPoints: Number(r.min), pointsPerUnit: Number(r.rate) })),
    });
  };
  return (
    <form onSubmit={submit} className={styles.form} data-testid="points-desk">
      <Checkbox
        label={texts.enabled}
        checked={enabled}
        disabled={!canEdit}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <h3>{texts.rates}</h3>
      <div className={styles.grid}>
        {GAME_CATEGORIES.map((c) => (
          <TextField
            key={c}
            label={t(`categories.${c}`, { defaultValue: c })}
            inputMode="numeric"
            value={rates[c] ?? ''}
            disabled={!canEdit}
            onChange={(e) => setRates({ ...rates, [c]: e.target.value.replace(/\D/g, '') })}
          />
        ))}
      </div>
      <h3>{texts.exchange}</h3>
      {exchange.map((r, i) => (
        <div key={i} className={styles.row}>
          <TextField
            label={texts.minPoints}
            inputMode="numeric"
            value={r.min}
            disabled={!canEdit}
            onChange={(e) =>
              setExchange(
                exchange.map((x, j) =>
                  j === i ? { ...x, min: e.target.value.replace(/\D/g, '') } : x,
                ),
              )
            }
          />
          <TextField
            label={texts.pointsPerUnit}
            inputMode="numeric"
            value={r.rate}
            disabled={!canEdit}
            onChange={(e) =>
              setExchange(
                exchange.map((x, j) =>
                  j === i ? { ...x, rate: e.target.value.replace(/\D/g, '') } : x,
                ),
              )
            }
          />
        </div>
      ))}
      {save.error && <FormAlert>{errorMessage(save.error, t)}</FormAlert>}
      {canEdit && (
        <div className={styles.row}>
          <Button variant="ghost" onClick={() => setExchange([...exchange, { min: '', rate: '' }])}>
            {texts.addRate}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {texts.save}
          </Button>
        </div>
      )}
    </form>
  );
}

function GoodsTab({ merchantCode, canEdit }: { merchantCode: string; canEdit: boolean }) {
  const language = useLanguage();
  const texts = deskTexts(language);
  const goods = useQuery({
    queryKey: [...LOYALTY_DESK_KEY, 'goods', merchantCode],
    queryFn: ({ signal }) => fetchGoods(merchantCode, signal),
  });
  const [editing, setEditing] = useState<Goods | 'new' | null>(null);
  const column = tableColumns<Goods>();
  const columns = [
    column.accessor('name', { header: texts.goods.name }),
    column.accessor('kind', { header: texts.goods.kind, cell: (c) => texts.kinds[c.getValue()] }),
    column.accessor('pointsCost', { header: texts.goods.points }),
    column.accessor('valueMinor', {
      header: texts.goods.value,
      cell: (c) => (c.getValue() > 0 ? formatMoney(c.getValue(), 'BRL', language) : '—'),
    }),
    column.accessor('stock', { header: texts.goods.stock, cell: (c) => c.getValue() ?? '∞' }),
    column.accessor('enabled', { header: texts.enabled, cell: (c) => (c.getValue() ? '✓' : '—') }),
  ];
  const state = useTableState({ sort: 'sortOrder', order: 'asc' });
  const list = goods.data?.list ?? [];
  return (
    <div className={styles.form}>
      {canEdit && (
        <Button onClick={() => setEditing('new')} data-testid="goods-create">
          {texts.goods.create}
        </Button>
      )}
      <DataTable
        label={texts.tabs.goods}
        columns={columns}
        page={
          goods.data
            ? { rows: list, page: 1, pageSize: Math.max(list.length, 1), total: list.length }
            : undefined
        }
        state={state}
        loading={goods.isFetching}
        error={goods.error}
        onRowClick={canEdit ? (row) => setEditing(row) : undefined}
      />
      {editing && (
        <GoodsDialog
          merchantCode={merchantCode}
          goods={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function GoodsDialog({
  merchantCode,
  goods,
  onClose,
}: {
  merchantCode: string;
  goods: Goods | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = deskTexts(language);
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    kind: goods?.kind ?? ('cash' as GoodsKind),
    // Each language's texts; goods saved before there were two show their one text in both.
    namePt: goods?.names['pt-BR'] ?? goods?.name ?? '',
    nameEn: goods?.names.en ?? goods?.name ?? '',
    descriptionPt: goods?.descriptions['pt-BR'] ?? goods?.description ?? '',
    descriptionEn: goods?.descriptions.en ?? goods?.description ?? '',
    points: String(goods?.pointsCost ?? ''),
    requirement: minorToAmountInput(goods?.amountRequirementMinor ?? 0, language),
    value: minorToAmountInput(goods?.valueMinor ?? 0, language),
    wagering: String(goods?.wageringMultiple ?? 0),
    stock: goods?.stock === null || goods === null ? '' : String(goods.stock),
    enabled: goods?.enabled ?? true,
    order: String(goods?.sortOrder ?? 0),
  });
  const save = useMutation({
    mutationFn: () => {
      const body = {
        kind: form.kind,
        names: { 'pt-BR': form.namePt, en: form.nameEn },
        descriptions: { 'pt-BR': form.descriptionPt, en: form.descriptionEn },
        pointsCost: Number(form.points),
        amountRequirementMinor: amount(form.requirement) ?? 0,
        valueMinor: amount(form.value) ?? 0,
        wageringMultiple: Number(form.wagering) || 0,
        stock: form.stock.trim() === '' ? null : Number(form.stock),
        enabled: form.enabled,
        sortOrder: Number(form.order) || 0,
      };
      return goods ? updateGoods(goods.id, body) : createGoods(merchantCode, body);
    },
    onSuccess: () => {
      toast.success(texts.saved);
      void queryClient.invalidateQueries({ queryKey: LOYALTY_DESK_KEY });
      onClose();
    },
  });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  return (
    <Dialog
      open
      onClose={onClose}
      title={goods ? texts.goods.edit : texts.goods.create}
      data-testid="goods-dialog"
    >
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label className={styles.select}>
          {texts.goods.kind}
          <select value={form.kind} onChange={set('kind')}>
            {GOODS_KINDS.map((k) => (
              <option key={k} value={k}>
                {texts.kinds[k]}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.row}>
          <TextField
            label={`${texts.goods.name} (pt-BR)`}
            value={form.namePt}
            maxLength={80}
            required
            onChange={set('namePt')}
            data-testid="goods-name-pt"
          />
          <TextField
            label={`${texts.goods.name} (en)`}
            value={form.nameEn}
            maxLength={80}
            placeholder={texts.goods.sameAsPt}
            onChange={set('nameEn')}
            data-testid="goods-name-en"
          />
        </div>
        <div className={styles.row}>
          <TextField
            label={`${texts.goods.description} (pt-BR)`}
            value={form.descriptionPt}
            maxLength={500}
            onChange={set('descriptionPt')}
            data-testid="goods-description-pt"
          />
          <TextField
            label={`${texts.goods.description} (en)`}
            value={form.descriptionEn}
            maxLength={500}
            placeholder={texts.goods.sameAsPt}
            onChange={set('descriptionEn')}
            data-testid="goods-description-en"
          />
        </div>
        <div className={styles.row}>
          <TextField
            label={texts.goods.points}
            inputMode="numeric"
            value={form.points}
            required
            onChange={set('points')}
          />
          <TextField
            label={texts.goods.stock}
            inputMode="numeric"
            value={form.stock}
            onChange={set('stock')}
          />
          <TextField
            label={texts.goods.order}
            inputMode="numeric"
            value={form.order}
            onChange={set('order')}
          />
        </div>
        <div className={styles.row}>
          {form.kind !== 'physical' && (
            <TextField
              label={texts.goods.value}
              inputMode="decimal"
              value={form.value}
              onChange={set('value')}
            />
          )}
          {form.kind === 'bonus' && (
            <TextField
              label={texts.goods.wagering}
              inputMode="numeric"
              value={form.wagering}
              onChange={set('wagering')}
            />
          )}
          <TextField
            label={texts.goods.requirement}
            inputMode="decimal"
            value={form.requirement}
            onChange={set('requirement')}
          />
        </div>
        <Checkbox
          label={texts.enabled}
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.target.checked })}
        />
        {save.error && <FormAlert>{errorMessage(save.error, t)}</FormAlert>}
        <Button type="submit" busy={save.isPending}>
          {texts.save}
        </Button>
      </form>
    </Dialog>
  );
}

function RedemptionsTab({ merchantCode, canDecide }: { merchantCode: string; canDecide: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = deskTexts(language);
  const queryClient = useQueryClient();
  const state = useTableState({ sort: 'id', order: 'desc', filters: ['status'] });
  const status = state.filters.status || 'in_process';
  const query = {
    merchantCode,
    status: status === 'all' ? undefined : status,
    pageNo: state.page,
    pageSize: state.pageSize,
  };
  const page = useQuery({
    queryKey: [...LOYALTY_DESK_KEY, 'redemptions', query],
    queryFn: ({ signal }) => fetchRedemptions(query, signal),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      decideRedemption(input.id, input.decision, input.reason),
    onSuccess: () => {
      toast.success(texts.saved);
      void queryClient.invalidateQueries({ queryKey: LOYALTY_DESK_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'short' });
  const column = tableColumns<AdminRedemption>();
  const columns = [
    column.accessor('createdAt', {
      header: texts.redemption.time,
      cell: (c) => when.format(new Date(c.getValue())),
    }),
    column.accessor('username', { header: texts.redemption.member }),
    column.accessor('goodsName', { header: texts.redemption.item }),
    column.accessor('points', { header: texts.redemption.points }),
    column.accessor('valueMinor', {
      header: texts.redemption.value,
      cell: (c) => (c.getValue() > 0 ? formatMoney(c.getValue(), 'BRL', language) : '—'),
    }),
    column.display({
      id: 'address',
      header: texts.redemption.address,
      cell: (c) =>
        [c.row.original.address, c.row.original.mobile].filter(Boolean).join(' · ') || '—',
    }),
    column.accessor('status', {
      header: texts.redemption.status,
      cell: (c) => texts.status[c.getValue()],
    }),
    column.display({
      id: 'actions',
      header: '',
      cell: (c) =>
        canDecide && c.row.original.status === 'in_process' ? (
          <span className={styles.row}>
            <Button
              size="sm"
              busy={decide.isPending}
              onClick={() => decide.mutate({ id: c.row.original.id, decision: 'approve' })}
              data-testid="redemption-approve"
            >
              {texts.redemption.approve}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              busy={decide.isPending}
              onClick={() => {
                const reason = window.prompt(texts.redemption.reason) ?? undefined;
                decide.mutate({
                  id: c.row.original.id,
                  decision: 'reject',
                  reason: reason || undefined,
                });
              }}
            >
              {texts.redemption.reject}
            </Button>
          </span>
        ) : null,
    }),
  ];
  return (
    <DataTable
      label={texts.tabs.redemptions}
      columns={columns}
      page={
        page.data
          ? {
              rows: page.data.list,
              page: page.data.pageNo,
              pageSize: page.data.pageSize,
              total: page.data.totalCount,
            }
          : undefined
      }
      state={state}
      loading={page.isFetching}
      error={page.error}
      testId="redemptions-table"
      filters={
        <select
          aria-label={texts.redemption.status}
          value={status}
          onChange={(e) => state.setFilter('status', e.target.value)}
        >
          {(['in_process', 'approved', 'rejected', 'all'] as const).map((s) => (
            <option key={s} value={s}>
              {texts.status[s]}
            </option>
          ))}
        </select>
      }
    />
  );
}
