import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { MessagePage } from '../../components/ui/message-page';
import { PageLoader } from '../../components/ui/page-loader';
import { usePlan } from '../../features/catalogue/api/get-plan';
import { PlanDetails } from '../../features/catalogue/components/plan-details';
import { FreeOfferBanner } from '../../features/free-offer/components/free-offer-banner';
import { ApiError } from '../../lib/api-client';
import { useLanguage } from '../../lib/use-language';

export default function SubscriptionRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const plan = usePlan({ id, language: useLanguage() });

  if (plan.status === 'pending') return <PageLoader />;
  if (plan.status === 'error') {
    if (plan.error instanceof ApiError && plan.error.code === 'plan.not_found')
      return <MessagePage title={t('detail.notFound')} message={t('detail.notFoundMessage')} />;
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Alert severity="error">{t('errors.unexpected', { ns: 'common' })}</Alert>
      </Container>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <FreeOfferBanner planId={plan.data.id} />
      <PlanDetails plan={plan.data} />
    </Container>
  );
}
