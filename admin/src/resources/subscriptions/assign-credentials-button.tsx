import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  useCreatePath,
  useDataProvider,
  useGetList,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { intlLocaleOf } from '../../i18n/i18n-provider';
import type { ShopDataProvider } from '../../providers/data-provider';
import { servedCount, type CredentialsSummary } from '../credentials/credentials-vocabulary';
import type { Subscription } from './subscription-vocabulary';
import { untilProjected } from './until-projected';
import { SubscriptionDialogIntro } from './subscription-dialog-intro';
import { SavingDialog } from '../../components/save-dialog-actions';
import { useSavingDialog } from '../../lib/use-saving-dialog';

/** The sets stored for the subscription's plan, to choose one from (also for several subscriptions of one plan). */
export function CredentialsChoices({
  subscription,
  value,
  onChange,
}: {
  subscription: Pick<Subscription, 'planId' | 'planName' | 'credentialsId'>;
  value: string;
  onChange: (id: string) => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const labelId = useId();
  const createPath = useCreatePath();
  const { data, isPending, error } = useGetList<CredentialsSummary>('credentials', {
    filter: { planId: subscription.planId },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'updatedAt', order: 'DESC' },
  });
  if (isPending) return <LinearProgress aria-label={translate('ra.page.loading')} />;
  if (error) return <Alert severity="error">{translate('shop.credentials.loadError')}</Alert>;
  if (data.length === 0) {
    const source = encodeURIComponent(JSON.stringify({ planId: subscription.planId }));
    return (
      <Alert
        severity="info"
        action={
          <Button
            component={Link}
            to={`${createPath({ resource: 'credentials', type: 'create' })}?source=${source}`}
            color="inherit"
            size="small"
          >
            {translate('shop.subscriptions.assign.createFirst')}
          </Button>
        }
      >
        {translate('shop.subscriptions.assign.none', { plan: subscription.planName })}
      </Alert>
    );
  }
  return (
    <>
      <Typography id={labelId} variant="body2" sx={{ mb: 1 }}>
        {translate('shop.subscriptions.assign.choose', { plan: subscription.planName })}
      </Typography>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value)}>
        {data.map((set) => {
          const current = set.id === subscription.credentialsId;
          return (
            <FormControlLabel
              key={set.id}
              value={set.id}
              disabled={current}
              control={<Radio />}
              sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
              label={
                <Box>
                  <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {set.email}
                  </Box>
                  {current && ` (${translate('shop.subscriptions.assign.current')})`}
                  <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                    {servedCount(translate, set.assignedCount)}
                    {' · '}
                    {translate('shop.credentials.updatedOn', {
                      date: new Date(set.updatedAt).toLocaleDateString(intlLocaleOf(locale)),
                    })}
                  </Typography>
                </Box>
              }
            />
          );
        })}
      </RadioGroup>
    </>
  );
}

/**
 * 'Attribuer des identifiants': a dialog listing the sets stored for the subscription's plan. The
 * customer is told by e-mail and notification once a set is given (never the credentials themselves).
 */
export function AssignCredentialsButton() {
  const subscription = useRecordContext<Subscription>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<ShopDataProvider>();
  const [chosen, setChosen] = useState('');
  const dialog = useSavingDialog({ onClosed: () => setChosen('') });
  if (!subscription) return null;

  const replacing = subscription.credentialsId !== null;
  const assign = () =>
    dialog.save(
      async () => {
        await dataProvider.assignCredentials(subscription.id, chosen);
        await untilProjected(dataProvider, subscription.id, (row) => row?.credentialsId === chosen);
      },
      { success: 'shop.subscriptions.assign.success' },
    );

  return (
    <>
      <Button
        variant={replacing ? 'outlined' : 'contained'}
        startIcon={<KeyIcon />}
        onClick={dialog.show}
        disabled={subscription.status !== 'active'}
      >
        {translate(replacing ? 'shop.subscriptions.assign.replace' : 'shop.subscriptions.assign.action')}
      </Button>
      <SavingDialog
        dialog={dialog}
        title={translate('shop.subscriptions.assign.action')}
        maxWidth="sm"
        onConfirm={assign}
        confirmLabel="shop.subscriptions.assign.confirm"
        disabled={chosen === ''}
      >
        <SubscriptionDialogIntro subscription={subscription}>
          {translate('shop.subscriptions.assign.help')}
        </SubscriptionDialogIntro>
        {dialog.open && <CredentialsChoices subscription={subscription} value={chosen} onChange={setChosen} />}
      </SavingDialog>
    </>
  );
}
