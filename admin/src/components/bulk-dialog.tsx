import DownloadIcon from '@mui/icons-material/GetApp';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId, useState, type ReactNode } from 'react';
import { useDataProvider, useListContext, useNotify, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import type { BulkOutcome } from '@shop/contracts';
import { SavingDialog } from './save-dialog-actions';
import { useBulkOutcome } from './bulk-outcome';
import { waitUntil } from '../lib/wait-until';

/**
 * A bulk action of a list: its button in the bar over the selected rows, and its dialog (what it
 * does to each, then the choices in `children`); confirming runs `act` on the selection and says
 * each record's outcome. A failure of the request itself leaves the dialog open with the choices.
 */
export function BulkActionDialog({
  resource,
  messages,
  icon,
  children,
  ready,
  disabledReason,
  act,
  shows,
  onClosed,
}: {
  resource: string;
  /** Where its words are: `<messages>.action` (the button), `.title` (counting the selection), `.intro` and `.confirm`. */
  messages: string;
  icon: ReactNode;
  children: ReactNode;
  /** The choices are complete. */
  ready: boolean;
  /** Why the action does not apply to this selection (the button then shows it and is off). */
  disabledReason?: string;
  act: (ids: string[]) => Promise<BulkOutcome>;
  /** How a changed record reads once its change is projected: the list is shown again only then. */
  shows: (record: RaRecord) => boolean;
  /** Resets the choices. */
  onClosed: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { selectedIds } = useListContext();
  const report = useBulkOutcome();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const close = () => {
    if (saving) return;
    setOpen(false);
    onClosed();
  };
  const confirm = async () => {
    setSaving(true);
    try {
      const outcome = await act(selectedIds.map((id: Identifier) => String(id)));
      const changed = outcome.results.filter((result) => result.outcome === 'changed').map((result) => result.id);
      // Shown again once every changed record reads as changed.
      await waitUntil(
        () => dataProvider.getMany(resource, { ids: changed }).then(({ data }) => data),
        (records) => records.every(shows),
      );
      setOpen(false);
      onClosed();
      report(outcome);
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  // With nothing selected react-admin keeps the bar, folded away: its buttons are not there.
  if (selectedIds.length === 0 && !open) return null;
  return (
    <>
      <Button
        size="small"
        startIcon={icon}
        onClick={() => setOpen(true)}
        disabled={disabledReason !== undefined}
        title={disabledReason}
      >
        {translate(`${messages}.action`)}
      </Button>
      <SavingDialog
        dialog={{ open, saving, close }}
        title={translate(`${messages}.title`, { smart_count: selectedIds.length })}
        onConfirm={() => void confirm()}
        confirmLabel={`${messages}.confirm`}
        disabled={!ready}
        maxWidth="sm"
      >
        <DialogContentText sx={{ mb: 2 }}>{translate(`${messages}.intro`)}</DialogContentText>
        <Box>{children}</Box>
        <DialogContentText variant="body2" sx={{ mt: 2 }}>
          {translate('shop.bulk.selected', { smart_count: selectedIds.length })}
        </DialogContentText>
      </SavingDialog>
    </>
  );
}

/** The statuses a bulk status change offers, one to choose. */
export function BulkStatusChoices<S extends string>({
  statuses,
  labelOf,
  value,
  onChange,
}: {
  statuses: readonly S[];
  labelOf: (status: S) => string;
  value: S | '';
  onChange: (status: S) => void;
}) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <FormControl required>
      <FormLabel id={labelId}>{translate('shop.bulk.status.to')}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as S)}>
        {statuses.map((status) => (
          <FormControlLabel key={status} value={status} control={<Radio />} label={labelOf(status)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/**
 * 'Exporter' for the selection: the selected records to the list's file, through the list's own
 * exporter, recorded as an export of those records (the filter names their ids).
 */
export function ExportSelectionButton<R extends RaRecord>({
  exporter,
}: {
  exporter: (filter: Record<string, unknown>, rows: R[]) => Promise<void>;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const { selectedIds, resource } = useListContext<R>();
  const [exporting, setExporting] = useState(false);
  const exportSelection = async () => {
    setExporting(true);
    try {
      const { data } = await dataProvider.getMany<R>(resource, { ids: selectedIds });
      await exporter({ id: selectedIds.map(String) }, data);
    } finally {
      setExporting(false);
    }
  };
  if (selectedIds.length === 0) return null;
  return (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void exportSelection()} disabled={exporting}>
      {translate('shop.bulk.exportSelection')}
    </Button>
  );
}
