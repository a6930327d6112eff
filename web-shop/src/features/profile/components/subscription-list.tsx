import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { ComponentType } from 'react';
import type { MySubscriptions, RenewalDialogProps } from '../types';
import { SubscriptionItem } from './subscription-item';
import { QueryList } from '../../../components/ui/query-list';

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
      <QueryList
        query={query}
        text={(key) => t(`subscriptions.${key}`)}
        renderItem={(subscription) => (
          <SubscriptionItem
            key={subscription.id}
            subscription={subscription}
            RenewalDialog={RenewalDialog}
            renewAtOnce={subscription.id === renewId}
          />
        )}
      />
    </Paper>
  );
}
