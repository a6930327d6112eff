import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatPrice } from '../../../lib/format-price';
import type { Profile } from '../../../types/api';

function initials(name: string): string {
  const words = name.split(/[\s@.]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

interface ProfileSummaryProps {
  user: Profile;
  /** Undefined while the subscriptions load. */
  figures?: { activeCount: number; totalSpentCents: number; currency: string };
}

export function ProfileSummary({ user, figures }: ProfileSummaryProps) {
  const { t, i18n } = useTranslation('profile');
  const stats = [
    { key: 'active', label: t('stats.active'), value: figures ? String(figures.activeCount) : '…' },
    {
      key: 'spent',
      label: t('stats.spent'),
      value: figures ? formatPrice(figures.totalSpentCents, figures.currency, i18n.language) : '…',
    },
    { key: 'satisfaction', label: t('stats.satisfaction'), value: t('stats.satisfactionValue') },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Avatar sx={{ width: 64, height: 64, bgcolor: 'primary.main', fontWeight: 800 }} aria-hidden>
          {initials(user.fullName || user.email)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h1" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
            {user.fullName || user.email}
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>{user.email}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('memberSince', { date: formatDate(user.memberSince, i18n.language) })}
          </Typography>
        </Box>
      </Stack>
      <Box
        component="dl"
        aria-label={t('stats.label')}
        sx={{
          display: 'grid',
          // Three tiles are too narrow on a phone for 'Abonnements' or 'Satisfaction': one row each there.
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
          gap: { xs: 1, sm: 1.5 },
          mt: 3,
          mb: 0,
        }}
      >
        {stats.map((stat) => (
          <Box
            key={stat.key}
            sx={{
              display: 'flex',
              flexDirection: { xs: 'row', sm: 'column-reverse' },
              // In a tile the values stand in one line at the top, whatever their labels' length.
              justifyContent: { xs: 'space-between', sm: 'flex-end' },
              alignItems: { xs: 'center', sm: 'stretch' },
              gap: { xs: 2, sm: 0 },
              px: { xs: 2, sm: 1.5 },
              py: { xs: 1, sm: 1.5 },
              borderRadius: 2,
              minWidth: 0,
              bgcolor: 'rgba(76,29,149,0.06)',
              textAlign: { xs: 'left', sm: 'center' },
            }}
          >
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {stat.label}
            </Typography>
            <Typography
              component="dd"
              data-testid={`profile-${stat.key}`}
              sx={{ m: 0, fontSize: { xs: '1.1rem', sm: '1.5rem' }, fontWeight: 800, color: 'primary.main' }}
            >
              {stat.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
