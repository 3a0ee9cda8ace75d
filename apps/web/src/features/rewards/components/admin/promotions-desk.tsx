import {
  formatMoney,
  parseAmountToMinor,
  PROMOTION_CATEGORIES,
  type AdminPromotion,
  type AdminPromotionApplication,
  type PromotionRules,
} from '@banca/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Tabs } from '@/components/tabs';
import type { DeskProps } from '@/lib/admin-desks';
import { toLocalInput } from '@/lib/local-datetime';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import {
  ADMIN_PROMOTIONS_KEY,
  createPromotion,
  decideApplication,
  fetchApplications,
  fetchImage,
  fetchPromotions,
  fetchReport,
  previewBodies,
  proofPath,
  setPromotionEnabled,
  updatePromotion,
  uploadBanner,
  type AdminBrand,
} from '../../api/admin-promotions';
import styles from './promotions-desk.module.css';

type View = 'promotions' | 'applications' | 'report';
const TRIGGERS = [
  'deposit',
  'first_deposit',
  'registration',
  'turnover',
  'loss',
  'application',
] as const;
const KINDS = ['cash', 'bonus', 'points', 'ticket'] as const;
const TICKETS = ['bonus', 'points', 'egg', 'red_envelope', 'prize_wheel'] as const;
const PERIODS = ['once', 'daily', 'weekly', 'semimonthly', 'monthly'] as const;
const ELIGIBILITY = ['all', 'new_members', 'depositors'] as const;

/**
 * The promotions desk: promotions with their kill switch and editor (preview in pt-BR and en),
 * the applications review queue, the issued rewards report (docs/rewards.md "Console").
 */
export default function PromotionsDesk({ operator }: DeskProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>('promotions');
  const canEdit = operator.roles.some((r) => r === 'owner' || r === 'content');
  const canDecide = operator.roles.some((r) => r === 'owner' || r === 'finance' || r === 'risk');
  return (
    <div className={styles.desk}>
      <h2 className={styles.title}>{t('admin.promotions.title')}</h2>
      <Tabs
        items={[
          { key: 'promotions' as View, label: t('admin.promotions.tabs.promotions') },
          { key: 'applications' as View, label: t('admin.promotions.tabs.applications') },
          { key: 'report' as View, label: t('admin.promotions.tabs.report') },
        ]}
        selected={view}
        onSelect={setView}
        label={t('admin.promotions.title')}
        testIdPrefix="promotions-desk-tab"
      />
      {view === 'promotions' && <PromotionsView canEdit={canEdit} />}
      {view === 'applications' && <ApplicationsView canDecide={canDecide} />}
      {view === 'report' && <ReportView />}
    </div>
  );
}

function PromotionsView({ canEdit }: { canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState({ prefix: 'p' });
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...ADMIN_PROMOTIONS_KEY, 'list'],
    queryFn: ({ signal }) => fetchPromotions(signal),
  });
  const toggle = useMutation({
    mutationFn: (p: AdminPromotion) => setPromotionEnabled(p.id, !p.enabled),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_PROMOTIONS_KEY }),
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const brands = list.data?.brands ?? [];
  const currencyOf = (code: string) =>
    brands.find((b) => b.merchantCode === code)?.currency ?? 'BRL';
  const columns = useMemo(() => {
    const column = tableColumns<AdminPromotion>();
    const lang = i18n.language;
    return [
      column.accessor((p) => p.titles[lang] ?? p.titles['pt-BR'] ?? '', {
        id: 'title',
        header: t('admin.promotions.columns.title'),
        cell: (i) => (
          <span>
            <strong>{i.getValue()}</strong>
            {i.row.original.forbidden && (
              <span className={styles.warn}> · {t('admin.promotions.forbidden')}</span>
            )}
          </span>
        ),
      }),
      column.accessor('merchantCode', { header: t('admin.promotions.columns.brand') }),
      column.accessor('category', {
        header: t('admin.promotions.columns.category'),
        cell: (i) => t(`admin.promotions.categories.${i.getValue()}`),
      }),
      column.accessor('trigger', {
        header: t('admin.promotions.columns.trigger'),
        cell: (i) => t(`admin.promotions.triggers.${i.getValue()}`),
      }),
      column.display({
        id: 'reward',
        header: t('admin.promotions.columns.reward'),
        cell: (i) => {
          const p = i.row.original;
          // Points are counted, not money: 100 minor units are 1 point, like money's cents.
          const money = (m: number) =>
            p.rewardKind === 'points'
              ? new Intl.NumberFormat(lang).format(m / 100)
              : formatMoney(m, currencyOf(p.merchantCode), lang);
          const amount =
            p.rewardCalc === 'fixed'
              ? p.rewardKind === 'ticket'
                ? `× ${p.rewardFixedMinor}`
                : money(p.rewardFixedMinor)
              : `${p.rewardPercentBps / 100}%${p.rewardCapMinor ? ` ≤ ${money(p.rewardCapMinor)}` : ''}`;
          return `${t(`admin.promotions.kinds.${p.rewardKind}`)} ${amount}`;
        },
      }),
      column.accessor('endsAt', {
        header: t('admin.promotions.columns.period'),
        cell: (i) => {
          const p = i.row.original;
          const d = (iso: string) => new Date(iso).toLocaleDateString(lang);
          return `${d(p.startsAt)} – ${p.endsAt ? d(p.endsAt) : '∞'}`;
        },
      }),
      column.display({
        id: 'enabled',
        header: t('admin.promotions.columns.state'),
        cell: (i) => (
          <span className={styles.row}>
            <button
              type="button"
              className={styles.chip}
              aria-pressed={i.row.original.enabled}
              disabled={!canEdit || toggle.isPending}
              data-testid={`promotion-kill-${i.row.original.id}`}
              onClick={() => toggle.mutate(i.row.original)}
            >
              {i.row.original.enabled ? t('admin.promotions.on') : t('admin.promotions.off')}
            </button>
            {canEdit && (
              <button
                type="button"
                className={styles.chip}
                data-testid={`promotion-edit-${i.row.original.id}`}
                onClick={() => setEditing(i.row.original)}
              >
                {t('admin.promotions.edit')}
              </button>
            )}
          </span>
        ),
      }),
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- currencyOf reads brands
  }, [t, i18n.language, canEdit, toggle, brands]);
  const rows = list.data?.promotions ?? [];
  return (
    <>
      <DataTable
        columns={columns}
        page={
          list.data
            ? { rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }
            : undefined
        }
        state={table}
        loading={list.isFetching}
        error={list.error}
        label={t('admin.promotions.tabs.promotions')}
        getRowId={(p) => String(p.id)}
        testId="promotions-table"
        actions={
          canEdit ? (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={() => setEditing('new')}
              data-testid="promotion-new"
            >
              {t('admin.promotions.new')}
            </button>
          ) : undefined
        }
      />
      {editing && (
        <EditorDialog
          promotion={editing === 'new' ? null : editing}
          brands={brands}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

type Form = {
  merchantCode: string;
  category: string;
  sortOrder: string;
  titlePt: string;
  titleEn: string;
  summaryPt: string;
  summaryEn: string;
  bodyPt: string;
  bodyEn: string;
  trigger: string;
  requiresJoin: boolean;
  claimMode: 'auto' | 'claim';
  threshold: string;
  rewardKind: string;
  ticketKind: string;
  rewardCalc: 'fixed' | 'percent';
  fixed: string;
  percent: string;
  cap: string;
  wageringMultiple: string;
  wageringBase: 'bonus' | 'bonus_deposit';
  periodType: string;
  eligibility: string;
  startsAt: string;
  endsAt: string;
  enabled: boolean;
};

const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

function formOf(p: AdminPromotion | null, brands: AdminBrand[]): Form {
  return {
    merchantCode: p?.merchantCode ?? brands[0]?.merchantCode ?? '',
    category: p?.category ?? 'other',
    sortOrder: String(p?.sortOrder ?? 0),
    titlePt: p?.titles['pt-BR'] ?? '',
    titleEn: p?.titles.en ?? '',
    summaryPt: p?.summaries['pt-BR'] ?? '',
    summaryEn: p?.summaries.en ?? '',
    bodyPt: p?.bodies['pt-BR'] ?? '',
    bodyEn: p?.bodies.en ?? '',
    trigger: p?.trigger ?? 'deposit',
    requiresJoin: p?.requiresJoin ?? false,
    claimMode: p?.claimMode ?? 'claim',
    threshold: major(p?.thresholdMinor ?? 0),
    rewardKind: p?.rewardKind ?? 'cash',
    ticketKind: p?.ticketKind ?? 'egg',
    rewardCalc: p?.rewardCalc ?? 'fixed',
    fixed: p
      ? p.rewardKind === 'ticket'
        ? String(p.rewardFixedMinor)
        : major(p.rewardFixedMinor)
      : '',
    percent: p ? String(p.rewardPercentBps / 100) : '',
    cap: major(p?.rewardCapMinor ?? null),
    wageringMultiple: String(p?.wageringMultiple ?? 0),
    wageringBase: p?.wageringBase ?? 'bonus',
    periodType: p?.periodType ?? 'once',
    eligibility: p?.eligibility ?? 'all',
    startsAt: toLocalInput(p?.startsAt ?? new Date().toISOString()),
    endsAt: toLocalInput(p?.endsAt ?? null),
    enabled: p?.enabled ?? true,
  };
}

function rulesOf(f: Form): PromotionRules {
  const minor = (text: string) => parseAmountToMinor(text.replace(',', '.')) ?? 0;
  return {
    category: f.category as PromotionRules['category'],
    sortOrder: Number(f.sortOrder) || 0,
    titles: { 'pt-BR': f.titlePt, en: f.titleEn },
    summaries: { 'pt-BR': f.summaryPt, en: f.summaryEn },
    bodies: { 'pt-BR': f.bodyPt, en: f.bodyEn },
    trigger: f.trigger as PromotionRules['trigger'],
    requiresJoin: f.requiresJoin,
    claimMode: f.claimMode,
    thresholdMinor: minor(f.threshold),
    rewardKind: f.rewardKind as PromotionRules['rewardKind'],
    ticketKind: f.rewardKind === 'ticket' ? (f.ticketKind as never) : null,
    rewardCalc: f.rewardCalc,
    rewardFixedMinor:
      f.rewardCalc === 'fixed'
        ? f.rewardKind === 'ticket'
          ? Math.max(0, Math.floor(Number(f.fixed) || 0))
          : minor(f.fixed)
        : 0,
    rewardPercentBps: f.rewardCalc === 'percent' ? Math.round((Number(f.percent) || 0) * 100) : 0,
    rewardCapMinor: f.rewardCalc === 'percent' && f.cap ? minor(f.cap) || null : null,
    wageringMultiple: Number(f.wageringMultiple) || 0,
    wageringBase: f.wageringBase,
    periodType: f.periodType as PromotionRules['periodType'],
    eligibility: f.eligibility as PromotionRules['eligibility'],
    startsAt: new Date(f.startsAt).toISOString(),
    endsAt: f.endsAt ? new Date(f.endsAt).toISOString() : null,
    enabled: f.enabled,
  };
}

function EditorDialog({
  promotion,
  brands,
  onClose,
}: {
  promotion: AdminPromotion | null;
  brands: AdminBrand[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Form>(() => formOf(promotion, brands));
  const [saved, setSaved] = useState<AdminPromotion | null>(promotion);
  const [preview, setPreview] = useState<Record<string, string> | null>(null);
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: () =>
      saved
        ? updatePromotion(saved.id, rulesOf(form))
        : createPromotion({ ...rulesOf(form), merchantCode: form.merchantCode }),
    onSuccess: (p) => {
      setSaved(p);
      toast.success(t('admin.promotions.saved'));
      void queryClient.invalidateQueries({ queryKey: ADMIN_PROMOTIONS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const showPreview = useMutation({
    mutationFn: () => previewBodies({ 'pt-BR': form.bodyPt, en: form.bodyEn }),
    onSuccess: (answer) => setPreview(answer.bodies),
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const banner = useMutation({
    mutationFn: (file: File) => uploadBanner(saved!.id, file),
    onSuccess: (p) => {
      setSaved(p);
      toast.success(t('admin.promotions.bannerSaved'));
      void queryClient.invalidateQueries({ queryKey: ADMIN_PROMOTIONS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const text = (key: keyof Form, label: string, props: Record<string, unknown> = {}) => (
    <label className={styles.field}>
      <span>{label}</span>
      <input
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        data-testid={`promotion-field-${key}`}
        {...props}
      />
    </label>
  );
  const select = (key: keyof Form, label: string, options: readonly string[], prefix: string) => (
    <label className={styles.field}>
      <span>{label}</span>
      <select
        value={form[key] as string}
        onChange={(e) => set(key, e.target.value as never)}
        data-testid={`promotion-field-${key}`}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {t(`${prefix}.${o}` as never)}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={saved ? t('admin.promotions.editTitle', { id: saved.id }) : t('admin.promotions.new')}
      data-testid="promotion-editor"
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <div className={styles.grid}>
          {!saved && (
            <label className={styles.field}>
              <span>{t('admin.promotions.columns.brand')}</span>
              <select
                value={form.merchantCode}
                onChange={(e) => set('merchantCode', e.target.value)}
              >
                {brands.map((b) => (
                  <option key={b.merchantCode} value={b.merchantCode}>
                    {b.name} ({b.merchantCode}
                    {b.complianceProfile === 'br-regulated' ? ', br-regulated' : ''})
                  </option>
                ))}
              </select>
            </label>
          )}
          {select(
            'category',
            t('admin.promotions.columns.category'),
            PROMOTION_CATEGORIES,
            'admin.promotions.categories',
          )}
          {text('sortOrder', t('admin.promotions.fields.sortOrder'), { inputMode: 'numeric' })}
          {text('titlePt', t('admin.promotions.fields.titlePt'), { maxLength: 80, required: true })}
          {text('titleEn', t('admin.promotions.fields.titleEn'), { maxLength: 80, required: true })}
          {text('summaryPt', t('admin.promotions.fields.summaryPt'), { maxLength: 200 })}
          {text('summaryEn', t('admin.promotions.fields.summaryEn'), { maxLength: 200 })}
          {select(
            'trigger',
            t('admin.promotions.columns.trigger'),
            TRIGGERS,
            'admin.promotions.triggers',
          )}
          {text('threshold', t('admin.promotions.fields.threshold'), { inputMode: 'decimal' })}
          {select(
            'rewardKind',
            t('admin.promotions.fields.rewardKind'),
            KINDS,
            'admin.promotions.kinds',
          )}
          {form.rewardKind === 'ticket' &&
            select(
              'ticketKind',
              t('admin.promotions.fields.ticketKind'),
              TICKETS,
              'admin.promotions.tickets',
            )}
          {select(
            'rewardCalc',
            t('admin.promotions.fields.rewardCalc'),
            ['fixed', 'percent'],
            'admin.promotions.calcs',
          )}
          {form.rewardCalc === 'fixed' ? (
            text(
              'fixed',
              t(
                form.rewardKind === 'ticket'
                  ? 'admin.promotions.fields.tickets'
                  : 'admin.promotions.fields.fixed',
              ),
              { inputMode: 'decimal' },
            )
          ) : (
            <>
              {text('percent', t('admin.promotions.fields.percent'), { inputMode: 'decimal' })}
              {text('cap', t('admin.promotions.fields.cap'), { inputMode: 'decimal' })}
            </>
          )}
          {form.rewardKind === 'bonus' && (
            <>
              {text('wageringMultiple', t('admin.promotions.fields.wageringMultiple'), {
                inputMode: 'numeric',
              })}
              {select(
                'wageringBase',
                t('admin.promotions.fields.wageringBase'),
                ['bonus', 'bonus_deposit'],
                'admin.promotions.bases',
              )}
            </>
          )}
          {select(
            'periodType',
            t('admin.promotions.fields.periodType'),
            PERIODS,
            'admin.promotions.periods',
          )}
          {select(
            'eligibility',
            t('admin.promotions.fields.eligibility'),
            ELIGIBILITY,
            'admin.promotions.eligibilities',
          )}
          {select(
            'claimMode',
            t('admin.promotions.fields.claimMode'),
            ['claim', 'auto'],
            'admin.promotions.claimModes',
          )}
          {text('startsAt', t('admin.promotions.fields.startsAt'), {
            type: 'datetime-local',
            required: true,
          })}
          {text('endsAt', t('admin.promotions.fields.endsAt'), { type: 'datetime-local' })}
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.requiresJoin}
              onChange={(e) => set('requiresJoin', e.target.checked)}
            />
            <span>{t('admin.promotions.fields.requiresJoin')}</span>
          </label>
          <label className={styles.check}>
            <input
              type="checkbox"
              checked={form.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
            />
            <span>{t('admin.promotions.on')}</span>
          </label>
        </div>
        <div className={styles.bodies}>
          <label className={styles.field}>
            <span>{t('admin.promotions.fields.bodyPt')}</span>
            <textarea
              rows={6}
              value={form.bodyPt}
              onChange={(e) => set('bodyPt', e.target.value)}
              data-testid="promotion-field-bodyPt"
            />
          </label>
          <label className={styles.field}>
            <span>{t('admin.promotions.fields.bodyEn')}</span>
            <textarea
              rows={6}
              value={form.bodyEn}
              onChange={(e) => set('bodyEn', e.target.value)}
              data-testid="promotion-field-bodyEn"
            />
          </label>
        </div>
        {preview && (
          <div className={styles.bodies} data-testid="promotion-preview">
            {(['pt-BR', 'en'] as const).map((lang) => (
              <section key={lang} className={styles.preview}>
                <h3>{lang === 'pt-BR' ? form.titlePt : form.titleEn}</h3>
                <p className={styles.muted}>{lang === 'pt-BR' ? form.summaryPt : form.summaryEn}</p>
                {/* Sanitised by the server (the preview route), exactly as members will see it. */}
                <div dangerouslySetInnerHTML={{ __html: preview[lang] ?? '' }} />
              </section>
            ))}
          </div>
        )}
        {saved && (
          <label className={styles.field}>
            <span>{t('admin.promotions.fields.banner')}</span>
            <input
              type="file"
              accept="image/png,image/jpeg"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) banner.mutate(file);
                e.target.value = '';
              }}
            />
            {saved.bannerUrl && (
              <AuthImage path={saved.bannerUrl} alt="" className={styles.bannerImage} />
            )}
          </label>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn btn--outline" onClick={() => showPreview.mutate()}>
            {t('admin.promotions.preview')}
          </button>
          <span className={styles.spacer} />
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('admin.promotions.close')}
          </button>
          <button
            type="submit"
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="promotion-save"
          >
            {t('admin.promotions.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * An image behind the staff token (a proof, a banner), shown as a data: URL: the page's CSP
 * allows data: images, not blob: ones.
 */
function AuthImage({ path, alt, className }: { path: string; alt: string; className?: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void fetchImage(path, controller.signal)
      .then((blob) => {
        if (!blob) return;
        const reader = new FileReader();
        reader.onload = () => {
          if (!controller.signal.aborted) setUrl(String(reader.result));
        };
        reader.readAsDataURL(blob);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [path]);
  return url ? <img src={url} alt={alt} className={className} data-testid="auth-image" /> : null;
}

function ApplicationsView({ canDecide }: { canDecide: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const table = useTableState({ prefix: 'a' });
  const [status, setStatus] = useState<'pending' | 'approved' | 'rejected'>('pending');
  const [viewing, setViewing] = useState<{ id: number; position: number } | null>(null);
  const [rejecting, setRejecting] = useState<AdminPromotionApplication | null>(null);
  const [reason, setReason] = useState('');
  const [bases, setBases] = useState<Record<number, string>>({});
  const page = useQuery({
    queryKey: [...ADMIN_PROMOTIONS_KEY, 'applications', status, table.page, table.pageSize],
    queryFn: ({ signal }) =>
      fetchApplications({ status, pageNo: table.page, pageSize: table.pageSize }, signal),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: {
      row: AdminPromotionApplication;
      decision: 'approve' | 'reject';
      reason?: string;
    }) =>
      decideApplication(input.row.id, {
        decision: input.decision,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.row.rewardCalc === 'percent'
          ? { baseMinor: parseAmountToMinor((bases[input.row.id] ?? '').replace(',', '.')) ?? 0 }
          : {}),
      }),
    onSuccess: (_row, input) => {
      toast.success(
        t(input.decision === 'approve' ? 'admin.promotions.approved' : 'admin.promotions.rejected'),
      );
      setRejecting(null);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: ADMIN_PROMOTIONS_KEY });
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const columns = useMemo(() => {
    const column = tableColumns<AdminPromotionApplication>();
    const lang = i18n.language;
    return [
      column.accessor('id', { header: '#' }),
      column.accessor('username', { header: t('admin.promotions.columns.member') }),
      column.accessor('promotionTitle', { header: t('admin.promotions.columns.title') }),
      column.accessor('comment', { header: t('admin.promotions.columns.comment') }),
      column.display({
        id: 'proofs',
        header: t('admin.promotions.columns.proofs'),
        cell: (i) => (
          <span className={styles.row}>
            {i.row.original.proofs.map((position) => (
              <button
                key={position}
                type="button"
                className={styles.chip}
                data-testid={`application-proof-${i.row.original.id}-${position}`}
                onClick={() => setViewing({ id: i.row.original.id, position })}
              >
                {t('admin.promotions.proof', { n: position })}
              </button>
            ))}
          </span>
        ),
      }),
      column.accessor('createdAt', {
        header: t('admin.promotions.columns.created'),
        cell: (i) => new Date(i.getValue()).toLocaleString(lang),
      }),
      column.display({
        id: 'decision',
        header: t('admin.promotions.columns.decision'),
        cell: (i) => {
          const row = i.row.original;
          if (row.status !== 'pending')
            return row.status === 'approved'
              ? `${t('admin.promotions.statuses.approved')} · ${row.rewardMinor === null ? '' : formatMoney(row.rewardMinor, row.currency, lang)}`
              : `${t('admin.promotions.statuses.rejected')} · ${row.rejectReason ?? ''}`;
          if (!canDecide) return t('admin.promotions.statuses.pending');
          return (
            <span className={styles.row}>
              {row.rewardCalc === 'percent' && (
                <input
                  className={styles.smallInput}
                  placeholder={t('admin.promotions.fields.base')}
                  value={bases[row.id] ?? ''}
                  onChange={(e) => setBases((b) => ({ ...b, [row.id]: e.target.value }))}
                />
              )}
              <button
                type="button"
                className="btn btn--primary btn--sm"
                disabled={decide.isPending}
                data-testid={`application-approve-${row.id}`}
                onClick={() => decide.mutate({ row, decision: 'approve' })}
              >
                {t('admin.promotions.approve')}
              </button>
              <button
                type="button"
                className="btn btn--outline btn--sm"
                data-testid={`application-reject-${row.id}`}
                onClick={() => setRejecting(row)}
              >
                {t('admin.promotions.reject')}
              </button>
            </span>
          );
        },
      }),
    ];
  }, [t, i18n.language, canDecide, decide, bases]);
  return (
    <>
      <DataTable
        columns={columns}
        page={
          page.data
            ? {
                rows: page.data.rows,
                page: page.data.pageNo,
                pageSize: page.data.pageSize,
                total: page.data.total,
              }
            : undefined
        }
        state={table}
        loading={page.isFetching}
        error={page.error}
        label={t('admin.promotions.tabs.applications')}
        getRowId={(row) => String(row.id)}
        testId="applications-table"
        filters={
          <span className={styles.row}>
            {(['pending', 'approved', 'rejected'] as const).map((s) => (
              <button
                key={s}
                type="button"
                className={styles.chip}
                aria-pressed={status === s}
                onClick={() => setStatus(s)}
              >
                {t(`admin.promotions.statuses.${s}`)}
              </button>
            ))}
          </span>
        }
      />
      {viewing && (
        <Dialog
          open
          onClose={() => setViewing(null)}
          title={t('admin.promotions.proof', { n: viewing.position })}
          size="wide"
        >
          <AuthImage
            path={proofPath(viewing.id, viewing.position)}
            alt=""
            className={styles.proofImage}
          />
        </Dialog>
      )}
      {rejecting && (
        <Dialog
          open
          onClose={() => setRejecting(null)}
          title={t('admin.promotions.rejectTitle', { id: rejecting.id })}
          size="sm"
        >
          <form
            className={styles.form}
            onSubmit={(event) => {
              event.preventDefault();
              decide.mutate({ row: rejecting, decision: 'reject', reason: reason.trim() });
            }}
          >
            <label className={styles.field}>
              <span>{t('admin.promotions.fields.reason')}</span>
              <input
                value={reason}
                maxLength={200}
                required
                onChange={(e) => setReason(e.target.value)}
                data-testid="application-reject-reason"
              />
            </label>
            <div className={styles.actions}>
              <button
                type="submit"
                className="btn btn--primary"
                disabled={decide.isPending}
                data-testid="application-reject-confirm"
              >
                {t('admin.promotions.reject')}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </>
  );
}

function ReportView() {
  const { t, i18n } = useTranslation();
  const table = useTableState({ prefix: 'r' });
  const report = useQuery({
    queryKey: [...ADMIN_PROMOTIONS_KEY, 'report'],
    queryFn: ({ signal }) => fetchReport(signal),
  });
  type Row = NonNullable<typeof report.data>['rows'][number];
  const columns = useMemo(() => {
    const column = tableColumns<Row>();
    const lang = i18n.language;
    return [
      column.accessor('title', { header: t('admin.promotions.columns.title') }),
      column.accessor('merchantCode', { header: t('admin.promotions.columns.brand') }),
      column.accessor('rewardKind', {
        header: t('admin.promotions.fields.rewardKind'),
        cell: (i) => t(`admin.promotions.kinds.${i.getValue()}`),
      }),
      column.accessor('issuedCount', { header: t('admin.promotions.columns.issued') }),
      column.accessor('costMinor', {
        header: t('admin.promotions.columns.cost'),
        cell: (i) =>
          i.row.original.rewardKind === 'cash' || i.row.original.rewardKind === 'bonus'
            ? formatMoney(i.getValue(), i.row.original.currency || 'BRL', lang)
            : new Intl.NumberFormat(lang).format(
                i.getValue() / (i.row.original.rewardKind === 'points' ? 100 : 1),
              ),
      }),
      column.accessor('waitingCount', { header: t('admin.promotions.columns.waiting') }),
      column.accessor('pendingApplications', { header: t('admin.promotions.columns.pending') }),
    ];
  }, [t, i18n.language]);
  const rows = report.data?.rows ?? [];
  return (
    <DataTable
      columns={columns}
      page={
        report.data
          ? { rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }
          : undefined
      }
      state={table}
      loading={report.isFetching}
      error={report.error}
      label={t('admin.promotions.tabs.report')}
      getRowId={(row) => String(row.promotionId)}
      testId="promotions-report"
    />
  );
}
