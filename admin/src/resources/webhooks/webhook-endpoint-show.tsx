import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import ReplayIcon from '@mui/icons-material/Replay';
import Typography from '@mui/material/Typography';
import type { WebhookReplayAccepted } from '@shop/contracts';
import { useState } from 'react';
import {
  DataTable,
  DateField,
  DeleteWithConfirmButton,
  FunctionField,
  Labeled,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { ShowActions } from '../../components/show-actions';
import { useLocales } from '../../i18n/i18n-provider';
import { httpClient } from '../../lib/http-client';
import { EndpointStatusChip, EventTypeChips } from './webhook-endpoint-list';
import { eventTypeName, refusalMessage, type WebhookDelivery, type WebhookEndpoint } from './webhook-vocabulary';

/** « Rejouer depuis… »: asks for a position in the log, then every matching event from it is sent again. */
function ReplayButton() {
  const endpoint = useRecordContext<WebhookEndpoint>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState('1');
  const [sending, setSending] = useState(false);
  if (!endpoint || endpoint.status !== 'active') return null;
  const fromPosition = Number(position);
  const valid = Number.isInteger(fromPosition) && fromPosition >= 1;
  const replay = async () => {
    setSending(true);
    try {
      const { json } = await httpClient(`/api/admin/webhook-endpoints/${encodeURIComponent(endpoint.id)}/replay`, {
        method: 'POST',
        body: JSON.stringify({ fromPosition }),
      });
      notify('shop.webhooks.replayStarted', {
        type: 'success',
        messageArgs: { position: (json as WebhookReplayAccepted).fromPosition },
      });
      setOpen(false);
      refresh();
    } catch (error) {
      notify(refusalMessage(translate, error), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <>
      <Button size="small" startIcon={<ReplayIcon />} onClick={() => setOpen(true)}>
        {translate('shop.webhooks.replay')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="webhook-replay-title">
        <DialogTitle id="webhook-replay-title">{translate('shop.webhooks.replayTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('shop.webhooks.replayExplanation')}</DialogContentText>
          <MuiTextField
            label={translate('shop.webhooks.replayPosition')}
            type="number"
            value={position}
            onChange={(event) => setPosition(event.target.value)}
            error={!valid}
            helperText={valid ? undefined : translate('shop.webhooks.refusals.invalid_position')}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={() => void replay()} disabled={!valid || sending}>
            {translate('shop.webhooks.replayConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Removes the endpoint after a confirmation; its page and log stay, marked removed. */
function RemoveButton() {
  const endpoint = useRecordContext<WebhookEndpoint>();
  const translate = useTranslate();
  const notify = useNotify();
  if (!endpoint || endpoint.status !== 'active') return null;
  return (
    <DeleteWithConfirmButton
      label="shop.webhooks.remove"
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle={translate('shop.webhooks.removeTitle', { url: endpoint.url })}
      confirmContent="shop.webhooks.removeConfirm"
      mutationOptions={{ onError: (error: unknown) => notify(refusalMessage(translate, error), { type: 'error' }) }}
    />
  );
}

function WebhookEndpointActions() {
  return (
    <ShowActions>
      <ReplayButton />
      <RemoveButton />
    </ShowActions>
  );
}

const DELIVERY_COLORS: Record<WebhookDelivery['status'], 'default' | 'success' | 'error' | 'warning'> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A delivery's attempts, one line each: when, the answer (or the error), how long it took. */
function AttemptLog() {
  const delivery = useRecordContext<WebhookDelivery>();
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  if (!delivery) return null;
  return (
    <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={translate('shop.webhooks.delivery.attempts')}>
      {delivery.attemptLog.map((attempt) => (
        <li key={attempt.attempt}>
          <Typography variant="body2">
            {[
              new Date(attempt.at).toLocaleString(dateLocale),
              attempt.statusCode ?? '—',
              `${attempt.durationMs} ms`,
              attempt.error ?? '',
            ]
              .filter((part) => part !== '')
              .join(' · ')}
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** Each event queued for the endpoint: how it went, how many attempts, when the next one is; each attempt on expanding its row. */
function DeliveryLog() {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  const label = (key: string) => translate(`shop.webhooks.delivery.${key}`);
  return (
    <ReferenceManyField
      reference="webhook-deliveries"
      target="endpointId"
      sort={{ field: 'eventPosition', order: 'DESC' }}
      perPage={25}
      pagination={<Pagination />}
      empty={<Typography variant="body2">{translate('shop.webhooks.noDeliveries')}</Typography>}
    >
      <DataTable<WebhookDelivery>
        bulkActionButtons={false}
        rowClick="expand"
        expand={<AttemptLog />}
        isRowExpandable={(delivery) => delivery.attemptLog.length > 0}
      >
        <DataTable.Col source="eventPosition" label={label('eventPosition')} />
        <DataTable.Col
          source="eventType"
          label={label('eventType')}
          disableSort
          render={(delivery) => eventTypeName(translate, delivery.eventType)}
        />
        <DataTable.Col
          source="status"
          label={label('status')}
          render={(delivery: WebhookDelivery) => (
            <>
              <Chip
                size="small"
                color={DELIVERY_COLORS[delivery.status]}
                label={label(`statuses.${delivery.status}`)}
              />
              {delivery.replayId && <Chip size="small" variant="outlined" sx={{ ml: 0.5 }} label={label('replayed')} />}
            </>
          )}
        />
        <DataTable.Col source="attempts" label={label('attempts')} disableSort align="right" />
        <DataTable.Col
          source="nextAttemptAt"
          label={label('nextAttemptAt')}
          disableSort
          render={(delivery) =>
            delivery.nextAttemptAt ? new Date(delivery.nextAttemptAt).toLocaleString(dateLocale) : '—'
          }
        />
        <DataTable.Col
          source="lastStatusCode"
          label={label('lastStatusCode')}
          disableSort
          render={(delivery) => delivery.lastStatusCode ?? '—'}
        />
        <DataTable.Col
          source="lastError"
          label={label('lastError')}
          disableSort
          render={(delivery) => delivery.lastError ?? ''}
        />
      </DataTable>
    </ReferenceManyField>
  );
}

/** Replay under way: from where. (`label` false: no field label above it.) */
function ReplayUnderWay(_props: { label: false }) {
  const endpoint = useRecordContext<WebhookEndpoint>();
  const translate = useTranslate();
  if (!endpoint?.replay) return null;
  return (
    <Alert severity="info">{translate('shop.webhooks.replayUnderWay', { from: endpoint.replay.fromPosition })}</Alert>
  );
}

/** One endpoint: what it receives, its scope, and its delivery log. */
export function WebhookEndpointShow() {
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  return (
    <Show actions={<WebhookEndpointActions />}>
      <SimpleShowLayout>
        <ReplayUnderWay label={false} />
        <TextField source="url" sx={{ overflowWrap: 'anywhere' }} />
        <FunctionField<WebhookEndpoint>
          source="status"
          render={(endpoint) => <EndpointStatusChip endpoint={endpoint} />}
        />
        <FunctionField<WebhookEndpoint>
          source="eventTypes"
          render={(endpoint) => <EventTypeChips types={endpoint.eventTypes} />}
        />
        <FunctionField<WebhookEndpoint>
          source="personalData"
          render={(endpoint) =>
            translate(endpoint.personalData ? 'shop.webhooks.withPersonalData' : 'shop.webhooks.withoutPersonalData')
          }
        />
        <DateField source="createdAt" showTime locales={dateLocale} />
        <TextField source="cursorPosition" />
        <Labeled label="shop.webhooks.deliveries" fullWidth>
          <DeliveryLog />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
