import {
  ANNOUNCEMENT_EXECUTIONS,
  ANNOUNCEMENT_TYPES,
  PROMOTION_CATEGORIES,
  SUPPORTED_LANGUAGES,
  type AdminAnnouncement,
  type AnnouncementInput,
  type Language,
  type PromotionCategory,
} from '@banca/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import {
  createAnnouncement,
  deleteAnnouncement,
  updateAnnouncement,
} from '../../api/admin-content';
import type { ContentTabProps } from './content-desk';
import { ContentList } from './content-list';
import styles from './content-desk.module.css';
import { fromLocalInput, scheduleState, toLocalInput } from './schedule';
import { useContentMutation } from './use-content-mutation';

type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
type Execution = (typeof ANNOUNCEMENT_EXECUTIONS)[number];

/** What the removal question calls an announcement. */
const nameOf = (announcement: AdminAnnouncement) => announcement.title;

/** Announcements with their type, audience (execution), language and schedule. */
export function AnnouncementsTab({ content, canEdit }: ContentTabProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const column = tableColumns<AdminAnnouncement>();
    return [
      column.accessor('title', { header: t('contentDesk.announcements.title') }),
      column.accessor('type', {
        header: t('contentDesk.announcements.type'),
        cell: (i) => t(`contentDesk.announcements.types.${i.getValue()}`),
      }),
      column.accessor('execution', {
        header: t('contentDesk.announcements.execution'),
        cell: (i) => t(`contentDesk.announcements.executions.${i.getValue()}`),
      }),
      column.accessor('language', { header: t('contentDesk.language') }),
      column.display({
        id: 'schedule',
        header: t('contentDesk.schedule'),
        cell: (i) =>
          t(
            `contentDesk.${scheduleState(i.row.original.startsAt, i.row.original.endsAt, Date.now())}`,
          ),
      }),
    ];
  }, [t]);
  return (
    <ContentList
      rows={content.announcements}
      columns={columns}
      label={t('contentDesk.tabs.announcements')}
      emptyText={t('contentDesk.announcements.empty')}
      testId="announcements-table"
      addTestId="announcement-add"
      tablePrefix="n"
      nameOf={nameOf}
      canEdit={canEdit}
      remove={deleteAnnouncement}
      editor={(announcement, close) => (
        <AnnouncementEditor
          merchantCode={content.merchantCode}
          announcement={announcement}
          onClose={close}
        />
      )}
    />
  );
}

function AnnouncementEditor({
  merchantCode,
  announcement,
  onClose,
}: {
  merchantCode: string;
  announcement: AdminAnnouncement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    type: announcement?.type ?? ('PU' as AnnouncementType),
    execution: announcement?.execution ?? ('B' as Execution),
    language: (announcement?.language ?? 'pt-BR') as Language,
    title: announcement?.title ?? '',
    content: announcement?.content ?? '',
    promotionType: (announcement?.promotionType ?? '') as PromotionCategory | '',
    sortOrder: announcement?.sortOrder ?? 0,
    startsAt: toLocalInput(announcement?.startsAt ?? null),
    endsAt: toLocalInput(announcement?.endsAt ?? null),
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const save = useContentMutation(
    (input: AnnouncementInput) =>
      announcement
        ? updateAnnouncement(announcement.id, input)
        : createAnnouncement(merchantCode, input),
    'saved',
    onClose,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      type: form.type,
      execution: form.execution,
      language: form.language,
      title: form.title,
      content: form.content,
      promotionType: form.promotionType || null,
      sortOrder: form.sortOrder,
      startsAt: fromLocalInput(form.startsAt),
      endsAt: fromLocalInput(form.endsAt) ?? null,
    });
  };
  return (
    <Dialog open onClose={onClose} title={t('contentDesk.tabs.announcements')} size="wide">
      <form className={styles.form} onSubmit={submit} data-testid="announcement-editor">
        <div className={styles.grid}>
          <label className={styles.field}>
            {t('contentDesk.announcements.type')}
            <select
              value={form.type}
              onChange={(e) => set('type', e.target.value as AnnouncementType)}
            >
              {ANNOUNCEMENT_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`contentDesk.announcements.types.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.announcements.execution')}
            <select
              value={form.execution}
              onChange={(e) => set('execution', e.target.value as Execution)}
            >
              {ANNOUNCEMENT_EXECUTIONS.map((execution) => (
                <option key={execution} value={execution}>
                  {t(`contentDesk.announcements.executions.${execution}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.language')}
            <select
              value={form.language}
              onChange={(e) => set('language', e.target.value as Language)}
            >
              {SUPPORTED_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`contentDesk.languages.${language}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.announcements.promotion')}
            <select
              value={form.promotionType}
              onChange={(e) => set('promotionType', e.target.value as PromotionCategory | '')}
            >
              <option value="">{t('contentDesk.announcements.noPromotion')}</option>
              {PROMOTION_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            {t('contentDesk.sortOrder')}
            <input
              type="number"
              min={0}
              max={10000}
              value={form.sortOrder}
              onChange={(e) => set('sortOrder', Number(e.target.value))}
            />
          </label>
          <label className={styles.field}>
            {t('contentDesk.startsAt')}
            <input
              type="datetime-local"
              value={form.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
            />
          </label>
          <label className={styles.field}>
            {t('contentDesk.endsAt')}
            <input
              type="datetime-local"
              value={form.endsAt}
              onChange={(e) => set('endsAt', e.target.value)}
            />
          </label>
        </div>
        <label className={styles.field}>
          {t('contentDesk.announcements.title')}
          <input
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
            data-testid="announcement-title-input"
          />
        </label>
        <label className={styles.field}>
          {t('contentDesk.announcements.content')}
          <textarea
            rows={8}
            value={form.content}
            onChange={(e) => set('content', e.target.value)}
            data-testid="announcement-content-input"
          />
          <span className={styles.muted}>{t('contentDesk.announcements.contentHint')}</span>
        </label>
        <div className={styles.actions}>
          <Button type="submit" busy={save.isPending} data-testid="announcement-save">
            {t('contentDesk.save')}
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('contentDesk.cancel')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
