import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../../components/icons';

/** One labelled value of the credentials, with its copy button and any further actions. */
export function CredentialField({
  id,
  label,
  children,
  copied,
  copyDisabled = false,
  onCopy,
  actions,
}: {
  id: string;
  label: string;
  children: ReactNode;
  copied: boolean;
  copyDisabled?: boolean;
  onCopy: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('credentials');
  const copyLabel = copied ? t('copy.done') : t('copy.action', { label: label.toLowerCase() });
  return (
    <Box>
      <Typography id={`${id}-label`} variant="body2" sx={{ color: 'text.secondary', fontWeight: 600, mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          bgcolor: 'action.hover',
          minHeight: 48,
        }}
      >
        <Box
          aria-labelledby={`${id}-label`}
          data-testid={`credentials-${id}`}
          sx={{ flex: 1, minWidth: 0, fontFamily: 'monospace', fontSize: '1rem', overflowWrap: 'anywhere' }}
        >
          {children}
        </Box>
        {actions}
        <Tooltip title={copyDisabled ? '' : copyLabel}>
          <span>
            <IconButton
              aria-label={copyLabel}
              onClick={onCopy}
              disabled={copyDisabled}
              color={copied ? 'success' : 'default'}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
