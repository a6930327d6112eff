import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { OrderErrorKey, RenewalErrorKey } from '../lib/checkout-errors';

/** Why an order or a renewal was refused, under `title`; nothing while there is no `error`. */
export function PaymentError({
  title,
  error,
  sx,
}: {
  title: string;
  error: OrderErrorKey | RenewalErrorKey | null;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation('checkout');
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      <AlertTitle>{title}</AlertTitle>
      {t(error)}
    </Alert>
  );
}
