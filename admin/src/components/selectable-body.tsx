import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import { useMemo, type ComponentProps, type MouseEvent } from 'react';
import {
  DataTableBody,
  DataTableConfigContext,
  DataTableRow,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';

/**
 * A row's selection box, named on its input. react-admin (5.15) names the box's wrapper instead,
 * which a screen reader does not announce and which accessibility checks refuse.
 */
function RowCheckbox() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { handleToggleItem, isRowSelectable } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  if (!record) return null;
  const selectable = !isRowSelectable || isRowSelectable(record);
  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (selectable) handleToggleItem?.(record.id, event);
  };
  return (
    <Checkbox
      color="primary"
      className="select-item"
      checked={selectable && (selectedIds ?? []).includes(record.id)}
      onClick={toggle}
      disabled={!selectable}
      slotProps={{ input: { 'aria-label': translate('ra.action.select_row') } }}
    />
  );
}

/** react-admin's row, its selection box replaced by `RowCheckbox`. */
function SelectableRow(props: ComponentProps<typeof DataTableRow>) {
  const config = useDataTableConfigContext();
  const withoutItsBox = useMemo(() => ({ ...config, hasBulkActions: false }), [config]);
  if (!config.hasBulkActions) return <DataTableRow {...props} />;
  return (
    <DataTableConfigContext.Provider value={withoutItsBox}>
      <DataTableRow {...props}>
        <TableCell padding="checkbox">
          <RowCheckbox />
        </TableCell>
        {props.children}
      </DataTableRow>
    </DataTableConfigContext.Provider>
  );
}

/** The body of a list whose rows can be selected for bulk actions (`<DataTable body={SelectableBody}>`). */
export function SelectableBody(props: ComponentProps<typeof DataTableBody>) {
  return <DataTableBody {...props} row={SelectableRow} />;
}
