import DeleteIcon from '@mui/icons-material/Delete';
import RestoreIcon from '@mui/icons-material/Restore';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import {
  RecordContextProvider,
  useDataProvider,
  useLocaleState,
  useRecordContext,
  useRedirect,
  useRefresh,
  useResourceContext,
  useTranslate,
} from 'react-admin';
import { useRowDialog } from '../../components/row-dialog-host';
import { SavingDialog } from '../../components/save-dialog-actions';
import { useLocales } from '../../i18n/i18n-provider';
import { formatCents } from '../../lib/money';
import { useSavingDialog } from '../../lib/use-saving-dialog';
import { untilProjected } from './until-projected';
import { SubscriptionDialogIntro } from './subscription-dialog-intro';
import { ReasonField } from './reason-field';
import { RefundButton } from './refund-button';
import { useSubscriptionMoney } from './use-subscription-money';
import { personal } from '../users/user-vocabulary';
import type { ShopDataProvider } from '../../providers/data-provider';
import { canReactivate, operatorMoves, type Subscription, type SubscriptionStatus } from './subscription-vocabulary';

/** A list row opens its subscription on click: a click in these buttons and their dialogs stays here. */
const keepInside = (event: MouseEvent) => event.stopPropagation();

function ActionButton({
  compact,
  icon,
  label,
  color,
  disabled,
  onClick,
}: {
  compact: boolean;
  icon: ReactNode;
  label: string;
  color?: 'error';
  disabled?: boolean;
  onClick: () => void;
}) {
  if (compact) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} size="small" color={color} disabled={disabled} onClick={onClick}>
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button startIcon={icon} color={color} variant="outlined" disabled={disabled} onClick={onClick}>
      {label}
    </Button>
  );
}

/**
 * 'Changer le statut': the statuses the subscription may move to, and the reason the history
 * keeps. Success: 'Statut mis à jour vers {status}'. In a list, its `RowDialogHost` keeps the dialog.
 */
export function ChangeStatusButton({ compact = false }: { compact?: boolean }) {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const dialog = useRowDialog();
  if (!subscription) return null;
  return (
    <Box component="span" onClick={keepInside}>
      <ActionButton
        compact={compact}
        icon={<SwapHorizIcon />}
        label={translate('shop.subscriptions.statusChange.action')}
        disabled={operatorMoves(subscription).length === 0}
        onClick={() =>
          dialog.open((onClosed) => <ChangeStatusDialog subscription={subscription} onClosed={onClosed} />)
        }
      />
      {dialog.inPlace}
    </Box>
  );
}

/** The status change's dialog, open from its mount until it is closed or saved (`onClosed`). */
function ChangeStatusDialog({ subscription, onClosed }: { subscription: Subscription; onClosed: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [to, setTo] = useState<SubscriptionStatus | ''>('');
  const [reason, setReason] = useState('');
  const dialog = useSavingDialog({ open: true, onClosed });
  const choicesId = useId();

  const moves = operatorMoves(subscription);
  const save = async () => {
    if (to === '') return;
    await dialog.save(
      async () => {
        await dataProvider.update<Subscription>('subscriptions', {
          id: subscription.id,
          data: { status: to, reason: reason.trim() } as Partial<Subscription>,
          previousData: subscription,
        });
        await untilProjected(dataProvider, subscription.id, (row) => row === null || row.status === to);
      },
      {
        success: 'shop.subscriptions.statusChange.success',
        messageArgs: { status: translate(`shop.subscriptions.statuses.${to}`) },
      },
    );
  };

  return (
    <SavingDialog
      dialog={dialog}
      title={translate('shop.subscriptions.statusChange.action')}
      onConfirm={save}
      confirmLabel="shop.subscriptions.statusChange.confirm"
      disabled={to === '' || reason.trim() === ''}
    >
      <SubscriptionDialogIntro subscription={subscription}>
        {translate('shop.subscriptions.statusChange.current', {
          status: translate(`shop.subscriptions.statuses.${subscription.status}`),
        })}
      </SubscriptionDialogIntro>
      <FormControl required>
        <FormLabel id={choicesId}>{translate('shop.subscriptions.statusChange.to')}</FormLabel>
        <RadioGroup
          aria-labelledby={choicesId}
          value={to}
          onChange={(event) => setTo(event.target.value as SubscriptionStatus)}
        >
          {moves.map((status) => (
            <FormControlLabel
              key={status}
              value={status}
              control={<Radio />}
              label={translate(`shop.subscriptions.statuses.${status}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      <ReasonField value={reason} onChange={setReason} helper="shop.subscriptions.reason.statusHelp" />
    </SavingDialog>
  );
}

/**
 * 'Supprimer': voids a subscription recorded by mistake, after the seeds' confirmation and a
 * reason. It leaves every list and figure; its history stays. The dialog says what it does to the
 * figures: a paid one is refunded instead ("Rembourser plutôt"), or voided only when the operator
 * ticks that its payment leaves the revenue. Success: 'Abonnement supprimé'. `label` (given the
 * plan) tells it apart where other deletes stand beside it. In a list, its `RowDialogHost` keeps
 * the dialog.
 */
export function VoidSubscriptionButton({
  compact = false,
  label: labelKey = 'shop.subscriptions.void.action',
}: {
  compact?: boolean;
  label?: string;
}) {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const dialog = useRowDialog();
  if (!subscription || subscription.voidedAt) return null;
  return (
    <Box component="span" onClick={keepInside}>
      <ActionButton
        compact={compact}
        icon={<DeleteIcon />}
        label={translate(labelKey, { plan: subscription.planName })}
        color="error"
        onClick={() =>
          dialog.open((onClosed) => (
            <VoidSubscriptionDialog subscription={subscription} compact={compact} onClosed={onClosed} />
          ))
        }
      />
      {dialog.inPlace}
    </Box>
  );
}

/** The delete's confirmation, open from its mount until it is closed or saved (`onClosed`). */
function VoidSubscriptionDialog({
  subscription,
  compact,
  onClosed,
}: {
  subscription: Subscription;
  compact: boolean;
  onClosed: () => void;
}) {
  const resource = useResourceContext() ?? 'subscriptions';
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [reason, setReason] = useState('');
  const [insist, setInsist] = useState(false);
  const dialog = useSavingDialog({ open: true, onClosed });
  // Read once the dialog opens: a list row does not ask for every subscription's payments.
  const money = useSubscriptionMoney(String(subscription.id));
  const textId = useId();

  const keptCents = (money.data?.payments ?? []).reduce((sum, payment) => sum + payment.refundableCents, 0);
  const paid = keptCents > 0;
  const kept = formatCents(keptCents, subscription.currency, locale);
  const confirm = () =>
    dialog.save(
      async () => {
        await dataProvider.voidSubscription(String(subscription.id), reason.trim(), paid && insist);
        await untilProjected(dataProvider, subscription.id, (row) => row === null || row.voidedAt !== undefined);
      },
      {
        success: 'shop.subscriptions.void.success',
        afterwards: () => (compact ? refresh() : redirect('list', resource)),
      },
    );

  return (
    <RecordContextProvider value={subscription}>
      <SavingDialog
        dialog={dialog}
        title={translate('shop.subscriptions.void.title', { plan: subscription.planName })}
        describedBy={textId}
        onConfirm={confirm}
        confirmLabel="shop.subscriptions.void.submit"
        disabled={reason.trim() === '' || money.isPending || (paid && !insist)}
        color="error"
        maxWidth="sm"
      >
        <DialogContentText id={textId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {translate('shop.subscriptions.void.confirm')}
        </DialogContentText>
        <Typography variant="body2" component="p" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {subscription.planName} — {personal(subscription.customerName || subscription.customerEmail, translate)}
        </Typography>
        <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
          {translate('shop.subscriptions.void.help')}
        </Typography>
        {money.isSuccess &&
          (paid ? (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={<RefundButton label="shop.subscriptions.void.refundInstead" onRefunded={dialog.close} />}
            >
              {translate('shop.subscriptions.void.paid', { amount: kept })}
            </Alert>
          ) : (
            <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mt: 1 }}>
              {translate('shop.subscriptions.void.figures')}
            </Typography>
          ))}
        <ReasonField value={reason} onChange={setReason} helper="shop.subscriptions.reason.voidHelp" autoFocus />
        {paid && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={insist} onChange={(event) => setInsist(event.target.checked)} />}
            label={translate('shop.subscriptions.void.insist', { amount: kept })}
          />
        )}
      </SavingDialog>
    </RecordContextProvider>
  );
}

/**
 * 'Réactiver': takes back a cancellation before the expiry, with a reason; the cancellation stays
 * in the history, followed by this reactivation. Offered on a cancelled subscription still
 * running (not refunded, expiry ahead); the server refuses anything else with its reason.
 */
export function ReactivateButton({ compact = false }: { compact?: boolean }) {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const { dateLocale } = useLocales();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [reason, setReason] = useState('');
  const dialog = useSavingDialog({ onClosed: () => setReason('') });
  if (!subscription || !canReactivate(subscription)) return null;

  const save = () =>
    dialog.save(
      async () => {
        await dataProvider.reactivateSubscription(String(subscription.id), reason.trim());
        await untilProjected(dataProvider, subscription.id, (row) => row === null || row.status === 'active');
      },
      { success: 'shop.subscriptions.reactivate.success' },
    );

  const label = translate('shop.subscriptions.reactivate.action');
  const until = new Date(subscription.expiresAt!).toLocaleDateString(dateLocale, { dateStyle: 'long' });
  return (
    <Box component="span" onClick={keepInside}>
      <ActionButton compact={compact} icon={<RestoreIcon />} label={label} onClick={dialog.show} />
      <SavingDialog
        dialog={dialog}
        title={translate('shop.subscriptions.reactivate.title', { plan: subscription.planName })}
        onConfirm={save}
        confirmLabel="shop.subscriptions.reactivate.submit"
        disabled={reason.trim() === ''}
      >
        <SubscriptionDialogIntro subscription={subscription}>
          {translate('shop.subscriptions.reactivate.intro', { date: until })}
        </SubscriptionDialogIntro>
        <ReasonField value={reason} onChange={setReason} helper="shop.subscriptions.reactivate.help" autoFocus />
      </SavingDialog>
    </Box>
  );
}
