import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useField } from 'formik';
import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The customer's express request for access to start now (or, renewing, on `startsOn`), before the
 * 14-day withdrawal period ends, acknowledging that the right to withdraw is lost once the service
 * is provided: unticked, to be ticked before paying (`immediateAccess`, recorded with the order).
 * Inside a Formik form whose values hold `immediateAccess`.
 */
export function ImmediateAccessField({ disabled, startsOn }: { disabled: boolean; startsOn?: string }) {
  const { t } = useTranslation('checkout');
  const [field, meta] = useField<boolean>({ name: 'immediateAccess', type: 'checkbox' });
  const errorId = useId();
  const error = meta.touched && meta.error ? t(meta.error as ParseKeys<'checkout'>) : undefined;
  return (
    <Box sx={{ mb: 2 }}>
      <FormControlLabel
        control={
          <Checkbox
            {...field}
            id="immediate-access"
            disabled={disabled}
            slotProps={{
              input: { 'aria-invalid': Boolean(error), ...(error ? { 'aria-describedby': errorId } : {}) },
            }}
          />
        }
        label={startsOn ? t('immediateAccess.renewalLabel', { date: startsOn }) : t('immediateAccess.label')}
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -1 } }}
      />
      <Box sx={{ ml: 4, typography: 'body2' }}>
        <Link component={RouterLink} to="/terms" target="_blank" rel="noopener">
          {t('immediateAccess.terms')}
        </Link>
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ ml: 4 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
