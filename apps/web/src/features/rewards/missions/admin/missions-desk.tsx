import {
  GAME_CATEGORIES,
  MISSION_KINDS,
  MISSION_PERIODS,
  MISSION_REWARD_KINDS,
  type AdminMission,
  type Language,
  type MissionRules,
} from '@banca/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { Checkbox, FormAlert, TextField } from '@/components/form-field';
import { useLanguage } from '@/i18n';
import type { DeskProps } from '@/lib/admin-desks';
import { amountInputToMinor, minorToAmountInput } from '@/lib/amount';
import { fromLocalInput, toLocalInput } from '@/lib/local-datetime';
import { useTableState } from '@/lib/use-table-state';
import { toast } from '@/stores/toast-store';
import { goalText, isMoneyKind, rewardText } from '../mission-texts';
import { ADMIN_MISSIONS_KEY, createMission, fetchMissions, updateMission } from './api';
import styles from './missions-desk.module.css';

const DEFAULT_BRAND = 'BANCA';
const TICKET_KINDS = ['bonus', 'points', 'egg', 'red_envelope', 'prize_wheel'] as const;

/** The form as typed: money in the operator's words ("10,00"), parsed on save. */
type Draft = {
  titlePt: string;
  titleEn: string;
  kind: MissionRules['kind'];
  gameCategory: string;
  periodType: MissionRules['periodType'];
  target: string;
  rewardKind: MissionRules['rewardKind'];
  reward: string;
  ticketKind: string;
  wageringMultiple: string;
  missionPoints: string;
  sortOrder: string;
  enabled: boolean;
  /** The mission's own window as the date fields hold it (empty: open on that side). */
  startsAt: string;
  endsAt: string;
};

const EMPTY: Draft = {
  titlePt: '',
  titleEn: '',
  kind: 'bet',
  gameCategory: '',
  periodType: 'daily',
  target: '',
  rewardKind: 'cash',
  reward: '',
  ticketKind: 'bonus',
  wageringMultiple: '0',
  missionPoints: '0',
  sortOrder: '0',
  enabled: true,
  startsAt: '',
  endsAt: '',
};

function draftOf(m: AdminMission, language: Language): Draft {
  const moneyText = (minor: number) => minorToAmountInput(minor, language);
  const moneyReward = m.rewardKind === 'cash' || m.rewardKind === 'bonus';
  return {
    titlePt: m.titles['pt-BR'] ?? '',
    titleEn: m.titles.en ?? '',
    kind: m.kind,
    gameCategory: m.gameCategory ?? '',
    periodType: m.periodType,
    target: isMoneyKind(m.kind) ? moneyText(m.target) : String(m.target),
    rewardKind: m.rewardKind,
    reward: moneyReward ? moneyText(m.rewardMinor) : String(m.rewardMinor),
    ticketKind: m.ticketKind ?? 'bonus',
    wageringMultiple: String(m.wageringMultiple),
    missionPoints: String(m.missionPoints),
    sortOrder: String(m.sortOrder),
    enabled: m.enabled,
    startsAt: toLocalInput(m.startsAt),
    endsAt: toLocalInput(m.endsAt),
  };
}

/** The rules the server takes, or null when an amount cannot be read. */
function rulesOf(d: Draft): MissionRules | null {
  const target = isMoneyKind(d.kind) ? amountInputToMinor(d.target) : Number(d.target);
  const moneyReward = d.rewardKind === 'cash' || d.rewardKind === 'bonus';
  const reward = moneyReward ? amountInputToMinor(d.reward) : Number(d.reward);
  if (!target || !Number.isInteger(target) || !reward || !Number.isInteger(reward)) return null;
  const roundKind = d.kind === 'bet' || d.kind === 'win';
  return {
    titles: { 'pt-BR': d.titlePt, en: d.titleEn },
    kind: d.kind,
    gameCategory: roundKind && d.gameCategory ? d.gameCategory : null,
    periodType: d.periodType,
    target,
    rewardKind: d.rewardKind,
    rewardMinor: reward,
    ticketKind: d.rewardKind === 'ticket' ? (d.ticketKind as MissionRules['ticketKind']) : null,
    wageringMultiple: d.rewardKind === 'bonus' ? Number(d.wageringMultiple) || 0 : 0,
    missionPoints: Number(d.missionPoints) || 0,
    sortOrder: Number(d.sortOrder) || 0,
    enabled: d.enabled,
    startsAt: fromLocalInput(d.startsAt) ?? null,
    endsAt: fromLocalInput(d.endsAt) ?? null,
  };
}

/** A window whose end is not after its start (the server refuses it: mission_window_invalid). */
function windowInvalid(d: Draft): boolean {
  return Boolean(d.startsAt && d.endsAt) && Date.parse(d.endsAt) <= Date.parse(d.startsAt);
}

/** The window in the table: both dates, one side, or none. */
function windowText(t: TFunction, m: AdminMission, language: string): string {
  const date = (iso: string) =>
    new Date(iso).toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
  if (m.startsAt && m.endsAt)
    return t('missions.desk.between', { from: date(m.startsAt), to: date(m.endsAt) });
  if (m.startsAt) return t('missions.desk.from', { from: date(m.startsAt) });
  if (m.endsAt) return t('missions.desk.until', { to: date(m.endsAt) });
  return t('missions.desk.always');
}

/**
 * The missions desk (docs/missions.md "Console"): every mission of a brand with its goal,
 * reward and claims; a new one or a change in a dialog (the server audits each save). Content
 * and owners edit, every role reads.
 */
export default function MissionsDesk({ operator }: DeskProps) {
  const { t, i18n } = useTranslation();
  const [merchantCode, setMerchantCode] = useState(DEFAULT_BRAND);
  const [editing, setEditing] = useState<AdminMission | 'new' | null>(null);
  const canEdit = operator.roles.some((r) => r === 'owner' || r === 'content');
  const state = useTableState({ prefix: 'm' });
  const missions = useQuery({
    queryKey: [...ADMIN_MISSIONS_KEY, merchantCode],
    queryFn: ({ signal }) => fetchMissions(merchantCode, signal),
  });
  const columns = useMemo(() => {
    const column = tableColumns<AdminMission>();
    const lang = i18n.language;
    return [
      column.accessor('titles', {
        header: t('missions.desk.columns.mission'),
        cell: (i) => i.getValue()[lang] ?? i.getValue()['pt-BR'],
      }),
      column.accessor('periodType', {
        header: t('missions.desk.period'),
        cell: (i) => t(`missions.periods.${i.getValue()}`),
      }),
      column.display({
        id: 'goal',
        header: t('missions.desk.columns.goal'),
        cell: (i) => goalText(t, i.row.original, 'BRL', lang),
      }),
      column.display({
        id: 'reward',
        header: t('missions.desk.columns.reward'),
        cell: (i) => rewardText(t, i.row.original, 'BRL', lang),
      }),
      column.display({
        id: 'window',
        header: t('missions.desk.columns.window'),
        cell: (i) => windowText(t, i.row.original, lang),
      }),
      column.accessor('missionPoints', { header: t('missions.desk.missionPoints') }),
      column.accessor('claimedCount', { header: t('missions.desk.claimed') }),
      column.accessor('enabled', {
        header: t('missions.desk.columns.state'),
        cell: (i) => (
          <span className={styles.state} data-on={i.getValue()}>
            {i.getValue() ? t('missions.desk.on') : t('missions.desk.off')}
          </span>
        ),
      }),
    ];
  }, [t, i18n.language]);
  const rows = missions.data?.list ?? [];
  return (
    <div className={styles.desk} data-testid="missions-desk">
      <h2 className={styles.title}>{t('missions.desk.title')}</h2>
      <DataTable
        columns={columns}
        page={
          missions.data ? { rows, page: 1, pageSize: rows.length, total: rows.length } : undefined
        }
        state={state}
        loading={missions.isFetching}
        error={missions.error}
        label={t('missions.desk.title')}
        emptyText={t('missions.desk.empty')}
        getRowId={(row) => String(row.id)}
        onRowClick={canEdit ? (row) => setEditing(row) : undefined}
        rowLabel={(row) => `${t('missions.desk.edit')} ${row.titles[i18n.language] ?? ''}`}
        testId="missions-table"
        filters={
          <label className={styles.field}>
            <span>{t('missions.desk.brand')}</span>
            <input
              value={merchantCode}
              onChange={(event) => setMerchantCode(event.target.value.toUpperCase())}
              maxLength={32}
            />
          </label>
        }
        actions={
          canEdit ? (
            <Button onClick={() => setEditing('new')} data-testid="mission-new">
              {t('missions.desk.add')}
            </Button>
          ) : undefined
        }
      />
      {editing !== null ? (
        <MissionDialog
          merchantCode={merchantCode}
          mission={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function MissionDialog({
  merchantCode,
  mission,
  onClose,
}: {
  merchantCode: string;
  mission: AdminMission | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const [draft, setDraft] = useState<Draft>(() => (mission ? draftOf(mission, language) : EMPTY));
  const [invalid, setInvalid] = useState(false);
  const badWindow = windowInvalid(draft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const save = useMutation({
    mutationFn: (rules: MissionRules) =>
      mission ? updateMission(mission.id, rules) : createMission(merchantCode, rules),
    onSuccess: () => {
      toast.success(t('missions.desk.saved'));
      void queryClient.invalidateQueries({ queryKey: ADMIN_MISSIONS_KEY });
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rules = rulesOf(draft);
    setInvalid(rules === null);
    if (rules && !badWindow) save.mutate(rules);
  };
  const roundKind = draft.kind === 'bet' || draft.kind === 'win';
  const select = <K extends keyof Draft>(
    key: K,
    label: string,
    options: readonly { value: string; label: string }[],
  ) => (
    <label className={styles.field}>
      <span>{label}</span>
      <select
        value={String(draft[key])}
        onChange={(event) => set(key, event.target.value as Draft[K])}
        data-testid={`mission-${key}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={mission ? t('missions.desk.edit') : t('missions.desk.add')}
      size="wide"
      data-testid="mission-dialog"
    >
      <form className={styles.form} onSubmit={submit}>
        <TextField
          label={t('missions.desk.titlePt')}
          value={draft.titlePt}
          onChange={(e) => set('titlePt', e.target.value)}
          maxLength={80}
          required
        />
        <TextField
          label={t('missions.desk.titleEn')}
          value={draft.titleEn}
          onChange={(e) => set('titleEn', e.target.value)}
          maxLength={80}
          required
        />
        {select(
          'kind',
          t('missions.desk.kind'),
          MISSION_KINDS.map((k) => ({ value: k, label: t(`missions.desk.kinds.${k}`) })),
        )}
        {roundKind
          ? select('gameCategory', t('missions.desk.category'), [
              { value: '', label: t('missions.desk.anyCategory') },
              ...GAME_CATEGORIES.map((c) => ({
                value: c,
                label: t(`categories.${c}` as 'categories.RNG'),
              })),
            ])
          : null}
        {select(
          'periodType',
          t('missions.desk.period'),
          MISSION_PERIODS.map((p) => ({ value: p, label: t(`missions.periods.${p}`) })),
        )}
        <TextField
          label={
            isMoneyKind(draft.kind)
              ? t('missions.desk.targetMoney')
              : t('missions.desk.targetCount')
          }
          value={draft.target}
          onChange={(e) => set('target', e.target.value)}
          inputMode="decimal"
          required
          data-testid="mission-target"
        />
        {select(
          'rewardKind',
          t('missions.desk.rewardKind'),
          MISSION_REWARD_KINDS.map((k) => ({
            value: k,
            label: t(`missions.desk.rewardKinds.${k}`),
          })),
        )}
        <TextField
          label={t('missions.desk.rewardAmount')}
          value={draft.reward}
          onChange={(e) => set('reward', e.target.value)}
          inputMode="decimal"
          required
          data-testid="mission-reward"
        />
        {draft.rewardKind === 'ticket'
          ? select(
              'ticketKind',
              t('missions.desk.ticketKind'),
              TICKET_KINDS.map((k) => ({ value: k, label: k })),
            )
          : null}
        {draft.rewardKind === 'bonus' ? (
          <TextField
            label={t('missions.desk.wagering')}
            value={draft.wageringMultiple}
            onChange={(e) => set('wageringMultiple', e.target.value)}
            inputMode="numeric"
          />
        ) : null}
        <TextField
          label={t('missions.desk.missionPoints')}
          value={draft.missionPoints}
          onChange={(e) => set('missionPoints', e.target.value)}
          inputMode="numeric"
        />
        <TextField
          label={t('missions.desk.sortOrder')}
          value={draft.sortOrder}
          onChange={(e) => set('sortOrder', e.target.value)}
          inputMode="numeric"
        />
        <TextField
          label={t('missions.desk.startsAt')}
          type="datetime-local"
          value={draft.startsAt}
          onChange={(e) => set('startsAt', e.target.value)}
          hint={t('missions.desk.windowHint')}
          data-testid="mission-startsAt"
        />
        <TextField
          label={t('missions.desk.endsAt')}
          type="datetime-local"
          value={draft.endsAt}
          onChange={(e) => set('endsAt', e.target.value)}
          min={draft.startsAt || undefined}
          error={badWindow ? t('missions.desk.windowInvalid') : undefined}
          data-testid="mission-endsAt"
        />
        <Checkbox
          className={styles.wide}
          label={t('missions.desk.enabled')}
          checked={draft.enabled}
          onChange={(e) => set('enabled', e.target.checked)}
        />
        {invalid ? <FormAlert>{t('missions.desk.invalid')}</FormAlert> : null}
        {save.error ? <FormAlert>{errorMessage(save.error, t)}</FormAlert> : null}
        <div className={styles.buttons}>
          <Button variant="ghost" type="button" onClick={onClose}>
            {t('missions.desk.cancel')}
          </Button>
          <Button type="submit" disabled={save.isPending} data-testid="mission-save">
            {t('missions.desk.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
