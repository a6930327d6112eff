import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategoryFilter } from '../hooks/use-category-filter';
import type { Plan } from '../../../types/api';
import { CategoryFilter } from './category-filter';
import { PlanCard } from './plan-card';
import { gridColumns, PlanCarousel } from './plan-carousel';

// Opened from a card; most visits never open it, so it is not part of the page's first download.
const PurchaseDialog = lazy(() => import('./purchase-dialog'));

/** Category filter, plan list and the purchase dialog, as on / and /subscriptions. */
export function PlanCatalogue({ plans, titleId = 'plans-title' }: { plans: UseQueryResult<Plan[]>; titleId?: string }) {
  const { t } = useTranslation('catalogue');
  const [category, setCategory] = useCategoryFilter();
  const [purchase, setPurchase] = useState<{ plan: Plan; open: boolean; openedAt: number } | null>(null);
  const visible = plans.data?.filter((plan) => category === 'ALL' || plan.category === category) ?? [];
  const onPurchase = useCallback((plan: Plan) => setPurchase({ plan, open: true, openedAt: Date.now() }), []);
  const card = (plan: Plan) => <PlanCard plan={plan} onPurchase={onPurchase} />;

  return (
    <Box component="section" id="plans" aria-labelledby={titleId} sx={{ scrollMarginTop: 80 }}>
      <Stack spacing={3} sx={{ alignItems: { xs: 'stretch', sm: 'center' }, mb: 4 }}>
        <Typography id={titleId} component="h2" variant="h2" sx={{ textAlign: 'center' }}>
          {t('list.title')}
        </Typography>
        <CategoryFilter value={category} onChange={setCategory} />
      </Stack>
      {plans.status === 'error' ? (
        <Stack
          role="alert"
          direction="row"
          sx={{
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            p: 2,
            borderRadius: 2,
            bgcolor: '#fdecea',
            color: '#5f2120',
          }}
        >
          <Typography>{t('errors.unexpected', { ns: 'common' })}</Typography>
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('errors.retry', { ns: 'common' })}
          </Button>
        </Stack>
      ) : plans.status === 'pending' ? (
        <Box aria-busy sx={{ display: 'grid', gap: 3, ...gridColumns }}>
          {/* One on a phone, where the carousel shows one plan. */}
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton
              key={index}
              variant="rounded"
              height={420}
              aria-label={t('list.loading')}
              sx={index > 0 ? { display: { xs: 'none', md: 'block' } } : undefined}
            />
          ))}
        </Box>
      ) : (
        <PlanCarousel
          items={visible}
          itemKey={(plan) => plan.id}
          renderItem={card}
          label={t('carousel.label')}
          resetKey={category}
        />
      )}
      {plans.status === 'success' && visible.length === 0 && (
        <Typography role="status" sx={{ textAlign: 'center', color: 'text.secondary' }}>
          {t('list.empty')}
        </Typography>
      )}
      {purchase && (
        <Suspense fallback={null}>
          <PurchaseDialog
            key={purchase.openedAt}
            plan={purchase.plan}
            open={purchase.open}
            onClose={() => setPurchase({ ...purchase, open: false })}
          />
        </Suspense>
      )}
    </Box>
  );
}
