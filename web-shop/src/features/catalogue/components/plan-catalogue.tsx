import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { QueryState } from '../../../lib/use-api-query';
import { useCategoryFilter } from '../hooks/use-category-filter';
import type { Plan } from '../types';
import { CategoryFilter } from './category-filter';
import { PlanCard } from './plan-card';

/** Category filter and plan grid (seeds: 1, 2, 3 or 5 columns with the width). */
export function PlanCatalogue({ plans, titleId }: { plans: QueryState<Plan[]>; titleId?: string }) {
  const { t } = useTranslation('catalogue');
  const [category, setCategory] = useCategoryFilter();
  const visible = plans.data?.filter((plan) => category === 'ALL' || plan.category === category) ?? [];

  return (
    <Box component="section" id="plans" aria-labelledby={titleId ?? 'plans-title'} sx={{ scrollMarginTop: 80 }}>
      <Stack spacing={3} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 4 }}>
        <Typography id={titleId ?? 'plans-title'} component="h2" variant="h2" sx={{ textAlign: 'center' }}>
          {t('list.title')}
        </Typography>
        <CategoryFilter value={category} onChange={setCategory} />
      </Stack>
      {plans.status === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {t('errors.retry', { ns: 'common' })}
            </Button>
          }
        >
          {t('errors.unexpected', { ns: 'common' })}
        </Alert>
      ) : (
        <Box
          aria-busy={plans.status === 'loading'}
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: {
              xs: '1fr',
              sm: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(5, minmax(0, 1fr))',
            },
          }}
        >
          {plans.status === 'loading'
            ? Array.from({ length: 5 }, (_, index) => (
                <Skeleton key={index} variant="rounded" height={380} aria-label={t('list.loading')} />
              ))
            : visible.map((plan) => <PlanCard key={plan.id} plan={plan} />)}
        </Box>
      )}
      {plans.status === 'success' && visible.length === 0 && (
        <Typography role="status" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {t('list.empty')}
        </Typography>
      )}
    </Box>
  );
}
