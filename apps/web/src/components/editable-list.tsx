import type { RowData } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { DataTable, tableColumns, type DataTableColumns } from '@/components/data-table';
import { useTableState } from '@/lib/use-table-state';
import styles from './editable-list.module.css';

/** The words of a list's buttons, in the desk's own catalogue. */
export type EditableListLabels = {
  add: string;
  edit: string;
  remove: string;
  /** The question before a removal, naming the row. */
  confirmRemove: (name: string) => string;
};

/**
 * A console list that is edited in place (docs/admin-console.md): every row the desk loaded in
 * one table, an "add" button beside it, Edit and Remove on each row for operators who may edit
 * (Remove asks first), and the desk's own editor in a dialog for a new row or the one picked.
 */
export function EditableList<Row extends RowData>({
  rows,
  columns,
  label,
  emptyText,
  testId,
  addTestId,
  tablePrefix,
  getRowId,
  nameOf,
  canEdit,
  labels,
  onRemove,
  editor,
}: {
  rows: Row[];
  /** The data columns; the row buttons are added after them. */
  columns: DataTableColumns<Row>;
  label: string;
  emptyText: string;
  testId: string;
  addTestId?: string;
  /** The table state's prefix in the address (one per list on a page). */
  tablePrefix: string;
  getRowId: (row: Row) => string;
  /** What the removal question calls the row. */
  nameOf: (row: Row) => string;
  canEdit: boolean;
  labels: EditableListLabels;
  onRemove: (row: Row) => void;
  /** The editor of a row (null: a new one); `close` ends the editing. */
  editor: (row: Row | null, close: () => void) => ReactNode;
}) {
  const table = useTableState({ prefix: tablePrefix });
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const withActions = useMemo(() => {
    const column = tableColumns<Row>();
    return [
      ...columns,
      column.display({
        id: 'actions',
        header: '',
        cell: (i) =>
          canEdit ? (
            <span className={styles.rowActions}>
              <Button size="sm" variant="ghost" onClick={() => setEditing({ row: i.row.original })}>
                {labels.edit}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => {
                  if (window.confirm(labels.confirmRemove(nameOf(i.row.original))))
                    onRemove(i.row.original);
                }}
              >
                {labels.remove}
              </Button>
            </span>
          ) : null,
      }),
    ];
  }, [columns, canEdit, labels, nameOf, onRemove]);
  return (
    <>
      <DataTable
        columns={withActions}
        page={{ rows, page: 1, pageSize: Math.max(1, rows.length), total: rows.length }}
        state={table}
        label={label}
        emptyText={emptyText}
        getRowId={getRowId}
        testId={testId}
        actions={
          canEdit ? (
            <Button size="sm" onClick={() => setEditing({ row: null })} data-testid={addTestId}>
              {labels.add}
            </Button>
          ) : null
        }
      />
      {editing ? editor(editing.row, () => setEditing(null)) : null}
    </>
  );
}
