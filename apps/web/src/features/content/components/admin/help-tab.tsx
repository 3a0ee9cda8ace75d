import {
  HELP_TOPIC_KEY_PATTERN,
  SUPPORTED_LANGUAGES,
  type AdminHelpTopic,
  type HelpTopicInput,
  type Language,
} from '@banca/contracts';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/button';
import { DataTable, tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { useTableState } from '@/lib/use-table-state';
import { deleteHelpTopic, saveHelpTopic } from '../../api/admin-content';
import type { ContentTabProps } from './content-desk';
import styles from './content-desk.module.css';
import { useContentMutation } from './use-content-mutation';

/** Help articles per topic key and language (footer, /help#key, /helpmc). */
export function HelpTab({ content, canEdit }: ContentTabProps) {
  const { t } = useTranslation();
  const table = useTableState({ prefix: 'h' });
  const [editing, setEditing] = useState<AdminHelpTopic | 'new' | null>(null);
  const remove = useContentMutation((id: number) => deleteHelpTopic(id), 'deleted');
  const columns = useMemo(() => {
    const column = tableColumns<AdminHelpTopic>();
    return [
      column.accessor('key', { header: t('contentDesk.help.key') }),
      column.accessor('language', { header: t('contentDesk.language') }),
      column.accessor('title', { header: t('contentDesk.help.title') }),
      column.accessor('sortOrder', { header: t('contentDesk.sortOrder') }),
      column.display({
        id: 'actions',
        header: '',
        cell: (i) =>
          canEdit ? (
            <span className={styles.rowActions}>
              <Button size="sm" variant="ghost" onClick={() => setEditing(i.row.original)}>
                {t('contentDesk.edit')}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  if (
                    window.confirm(t('contentDesk.confirmDelete', { name: i.row.original.title }))
                  )
                    remove.mutate(i.row.original.id);
                }}
              >
                {t('contentDesk.delete')}
              </Button>
            </span>
          ) : null,
      }),
    ];
  }, [t, canEdit, remove]);
  const rows = content.helpTopics;
  return (
    <>
      <DataTable
        columns={columns}
        page={{ rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }}
        state={table}
        label={t('contentDesk.tabs.help')}
        emptyText={t('contentDesk.help.empty')}
        getRowId={(topic) => String(topic.id)}
        testId="help-table"
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setEditing('new')}>
              {t('contentDesk.add')}
            </Button>
          ) : null
        }
      />
      {editing ? (
        <HelpEditor
          merchantCode={content.merchantCode}
          topic={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function HelpEditor({
  merchantCode,
  topic,
  onClose,
}: {
  merchantCode: string;
  topic: AdminHelpTopic | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState({
    key: topic?.key ?? '',
    language: (topic?.language ?? 'pt-BR') as Language,
    title: topic?.title ?? '',
    content: topic?.content ?? '',
    sortOrder: topic?.sortOrder ?? 0,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const save = useContentMutation(
    (input: HelpTopicInput) => saveHelpTopic(input),
    'saved',
    onClose,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ merchantCode, ...form });
  };
  return (
    <Dialog open onClose={onClose} title={t('contentDesk.tabs.help')} size="wide">
      <form className={styles.form} onSubmit={submit}>
        <div className={styles.grid}>
          <label className={styles.field}>
            {t('contentDesk.help.key')}
            <input
              required
              value={form.key}
              pattern={HELP_TOPIC_KEY_PATTERN.source}
              disabled={topic !== null}
              onChange={(e) => set('key', e.target.value)}
            />
            <span className={styles.muted}>{t('contentDesk.help.keyHint')}</span>
          </label>
          <label className={styles.field}>
            {t('contentDesk.language')}
            <select
              value={form.language}
              disabled={topic !== null}
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
            {t('contentDesk.sortOrder')}
            <input
              type="number"
              min={0}
              max={10000}
              value={form.sortOrder}
              onChange={(e) => set('sortOrder', Number(e.target.value))}
            />
          </label>
        </div>
        <label className={styles.field}>
          {t('contentDesk.help.title')}
          <input
            required
            maxLength={200}
            value={form.title}
            onChange={(e) => set('title', e.target.value)}
          />
        </label>
        <label className={styles.field}>
          {t('contentDesk.help.content')}
          <textarea
            rows={12}
            value={form.content}
            onChange={(e) => set('content', e.target.value)}
          />
          <span className={styles.muted}>{t('contentDesk.announcements.contentHint')}</span>
        </label>
        <div className={styles.actions}>
          <Button type="submit" busy={save.isPending}>
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
