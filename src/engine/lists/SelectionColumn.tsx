import type { MouseEvent } from 'react';
import { Checkbox } from '@mui/material';
import {
  DataTable,
  useDataTableCallbacksContext,
  useDataTableDataContext,
  useDataTableSelectedIdsContext,
  useGetRecordRepresentation,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';

/** What a row's selection box is called: the record's name when it has one, else "Select this row". */
export type RowLabel<R extends RaRecord> = (record: R) => string;

function useDefaultRowLabel(): RowLabel<RaRecord> {
  const translate = useTranslate();
  const represent = useGetRecordRepresentation(useResourceContext());
  return (record) => {
    const name = represent(record);
    return typeof name === 'string' && name && name !== `#${record.id}`
      ? translate('engine.list.select', { name })
      : translate('ra.action.select_row');
  };
}

function SelectRowBox<R extends RaRecord>({ label }: { label?: RowLabel<R> }) {
  const record = useRecordContext<R>();
  const selectedIds = useDataTableSelectedIdsContext();
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const fallback = useDefaultRowLabel();
  if (!record) return null;
  const selectable = !isRowSelectable || isRowSelectable(record);
  return (
    <Checkbox
      className="select-item"
      checked={selectable && (selectedIds?.includes(record.id) ?? false)}
      disabled={!selectable}
      // A click with Shift held picks every row between this one and the last picked (react-admin's rule).
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        event.stopPropagation();
        if (selectable) handleToggleItem?.(record.id, event);
      }}
      slotProps={{ input: { 'aria-label': (label ?? fallback)(record) } }}
    />
  );
}

function SelectPageBox() {
  const data = useDataTableDataContext();
  const selectedIds = useDataTableSelectedIdsContext() ?? [];
  const { isRowSelectable, onSelect } = useDataTableCallbacksContext();
  const translate = useTranslate();
  const ids = (data ?? []).filter((r) => !isRowSelectable || isRowSelectable(r)).map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  return (
    <Checkbox
      className="select-all"
      checked={all}
      indeterminate={!all && ids.some((id) => selectedIds.includes(id))}
      disabled={ids.length === 0}
      onClick={(event) => event.stopPropagation()}
      onChange={() => onSelect?.(all ? selectedIds.filter((id) => !ids.includes(id)) : [...new Set([...selectedIds, ...ids])])}
      slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
    />
  );
}

/**
 * The column of selection boxes for a list with bulk actions: one per row and one in the header for the
 * whole page. Each box's name is on its input, where screen readers and axe look for it (react-admin's
 * own boxes put theirs on MUI 9's wrapper span). Put it first in a `DataTable` whose
 * `bulkActionButtons` is `false`, and give the table a `bulkActionsToolbar` if the selection has actions.
 *
 * @example
 * <DataTable bulkActionButtons={false} bulkActionsToolbar={<BulkActionsToolbar>{buttons}</BulkActionsToolbar>}>
 *   <SelectionColumn<Booking> label={(b) => translate('custom.bookings.list.select', { id: b.Id })} />
 *   <DataTable.Col source="Name" />
 * </DataTable>
 */
export function SelectionColumn<R extends RaRecord = RaRecord>({ label }: { label?: RowLabel<R> }) {
  return (
    <DataTable.Col<R>
      source="_selection"
      disableSort
      padding="checkbox"
      label={<SelectPageBox />}
      render={() => <SelectRowBox<R> label={label} />}
    />
  );
}
