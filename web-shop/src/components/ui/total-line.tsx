import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/**
 * What is to pay, under a rule: its label, then the amount in large (`testId` on the amount). Read
 * out when it changes, as the duration or the promo code chosen changes it.
 */
export function TotalLine({
  label,
  amount,
  testId,
  sx,
}: {
  label: string;
  amount: string;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  return (
    <Stack
      direction="row"
      aria-live="polite"
      sx={[
        { justifyContent: 'space-between', alignItems: 'baseline', pt: 2, borderTop: 1, borderColor: 'divider' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
      <Typography data-testid={testId} sx={{ fontWeight: 800, fontSize: '1.5rem', color: 'primary.main' }}>
        {amount}
      </Typography>
    </Stack>
  );
}
