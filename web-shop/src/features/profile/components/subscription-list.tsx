import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { MySubscriptions, RenewalDialogProps } from '../types';
import { SubscriptionItem } from './subscription-item';
import { QueryFeedback } from '../../../components/ui/query-feedback';

export function SubscriptionList({
  query,
  RenewalDialog,
}: {
  query: UseQueryResult<MySubscriptions>;
  RenewalDialog?: ComponentType<RenewalDialogProps>;
}) {
  const { t } = useTranslation('profile');
  // The renewal reminder's one-click link: /profile?renew=<subscription id> opens its renewal.
  const [params] = useSearchParams();
  const renewId = params.get('renew');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
      <Typography component="h2" variant="h3" sx={{ mb: 2 }}>
        {t('subscriptions.title')}
      </Typography>
      <QueryFeedback
        status={query.status}
        loading={t('subscriptions.loading')}
        loadError={t('subscriptions.loadError')}
      />
      {query.status === 'success' && query.data.data.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 3 }}>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('subscriptions.empty')}</Typography>
          <Button component={RouterLink} to="/subscriptions" variant="contained">
            {t('subscriptions.explore')}
          </Button>
        </Box>
      )}
      {query.status === 'success' && query.data.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {query.data.data.map((subscription) => (
            <SubscriptionItem
              key={subscription.id}
              subscription={subscription}
              RenewalDialog={RenewalDialog}
              renewAtOnce={subscription.id === renewId}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
