import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { personal } from '../users/user-vocabulary';
import type { Subscription } from './subscription-vocabulary';

/** A subscription dialog's opening lines: which plan for which customer, then what the dialog does. */
export function SubscriptionDialogIntro({
  subscription,
  children,
}: {
  subscription: Subscription;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {subscription.planName} — {personal(subscription.customerName || subscription.customerEmail, translate)}
      </Typography>
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary', mb: 2 }}>
        {children}
      </Typography>
    </>
  );
}
