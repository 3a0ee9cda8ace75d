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
import { tableColumns } from '@/components/data-table';
import { Dialog } from '@/components/dialog';
import { deleteHelpTopic, saveHelpTopic } from '../../api/admin-content';
import type { ContentTabProps } from './content-desk';
import { ContentList } from './content-list';
import styles from './content-desk.module.css';
import { useContentMutation } from './use-content-mutation';

/** What the removal question calls a help article. */
const nameOf = (topic: AdminHelpTopic) => topic.title;

/** Help articles per topic key and language (footer, /help#key, /helpmc). */
export function HelpTab({ content, canEdit }: ContentTabProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const column = tableColumns<AdminHelpTopic>();
    return [
      column.accessor('key', { header: t('contentDesk.help.key') }),
      column.accessor('language', { header: t('contentDesk.language') }),
      column.accessor('title', { header: t('contentDesk.help.title') }),
      column.accessor('sortOrder', { header: t('contentDesk.sortOrder') }),
    ];
  }, [t]);
  return (
    <ContentList
      rows={content.helpTopics}
      columns={columns}
      label={t('contentDesk.tabs.help')}
      emptyText={t('contentDesk.help.empty')}
      testId="help-table"
      tablePrefix="h"
      nameOf={nameOf}
      canEdit={canEdit}
      remove={deleteHelpTopic}
      editor={(topic, close) => (
        <HelpEditor merchantCode={content.merchantCode} topic={topic} onClose={close} />
      )}
    />
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
