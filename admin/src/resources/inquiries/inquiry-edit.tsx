import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  Edit,
  required,
  SaveButton,
  SelectInput,
  ShowButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { InquiryStatusChip } from './inquiry-status-chip';
import { summaryOf } from './inquiry-summary';
import { InquiryTitle } from './inquiry-title';
import { INQUIRY_TRANSITIONS, statusChoices, type Inquiry } from './inquiry-vocabulary';

/** What is being changed, so the operator does not move the wrong inquiry. */
function InquiryHeading() {
  const inquiry = useRecordContext<Inquiry>();
  const translate = useTranslate();
  if (!inquiry) return null;
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        {translate(`shop.inquiries.kinds.${inquiry.kind}`, { _: inquiry.kind })}
        {inquiry.email ? ` · ${inquiry.email}` : ''}
      </Typography>
      {summaryOf(inquiry) && (
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
          {summaryOf(inquiry)}
        </Typography>
      )}
      <InquiryStatusChip />
    </Box>
  );
}

/** The current status and the ones the server allows from it. */
function StatusInput() {
  const inquiry = useRecordContext<Inquiry>();
  const allowed = inquiry ? [inquiry.status, ...INQUIRY_TRANSITIONS[inquiry.status]] : [];
  return (
    <SelectInput
      source="status"
      choices={statusChoices.filter((choice) => allowed.includes(choice.id))}
      validate={required()}
      helperText="shop.inquiries.statusHelp"
      sx={{ minWidth: 280 }}
    />
  );
}

function InquiryEditActions() {
  return (
    <TopToolbar>
      <ShowButton />
    </TopToolbar>
  );
}

function StatusToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/**
 * Once the server accepted the change: what happened, the status in the operator's words
 * ("Demande passée à « En cours »"), then back to the list as react-admin's own would.
 */
function useStatusChanged() {
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  return (inquiry: Inquiry) => {
    const status = translate(`shop.inquiries.statuses.${inquiry.status}`, { _: inquiry.status });
    notify('shop.inquiries.statusChanged', { type: 'info', messageArgs: { status } });
    redirect('list', 'inquiries');
  };
}

/**
 * The operator changes an inquiry's status, nothing else. Pessimistic: the change is shown once
 * the server has accepted it, since it may refuse it (changed meanwhile, or a move not allowed).
 */
export function InquiryEdit() {
  const statusChanged = useStatusChanged();
  return (
    <Edit<Inquiry>
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess: statusChanged }}
      actions={<InquiryEditActions />}
      title={<InquiryTitle />}
    >
      <SimpleForm toolbar={<StatusToolbar />}>
        <InquiryHeading />
        <StatusInput />
      </SimpleForm>
    </Edit>
  );
}
