import type { RowData } from '@tanstack/react-table';
import { useCallback, useMemo, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { EditableList, type EditableListLabels } from '@/components/editable-list';
import { useContentMutation } from './use-content-mutation';

type ContentListProps<Row extends RowData & { id: number }> = Omit<
  ComponentProps<typeof EditableList<Row>>,
  'labels' | 'onRemove' | 'getRowId'
> & {
  /** The server call that removes a row (the desk reloads and says so). */
  remove: (id: number) => Promise<unknown>;
};

/**
 * One of the content desk's edited lists (banners, announcements, help articles): the shared
 * EditableList with the desk's words, rows keyed by id, and removal through the desk's mutation.
 */
export function ContentList<Row extends RowData & { id: number }>({
  remove,
  ...props
}: ContentListProps<Row>) {
  const { t } = useTranslation();
  const removal = useContentMutation(remove, 'deleted');
  const labels = useMemo<EditableListLabels>(
    () => ({
      add: t('contentDesk.add'),
      edit: t('contentDesk.edit'),
      remove: t('contentDesk.delete'),
      confirmRemove: (name) => t('contentDesk.confirmDelete', { name }),
    }),
    [t],
  );
  const { mutate } = removal;
  const onRemove = useCallback((row: Row) => mutate(row.id), [mutate]);
  return (
    <EditableList
      {...props}
      labels={labels}
      onRemove={onRemove}
      getRowId={(row) => String(row.id)}
    />
  );
}
