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
import { formatPrice } from '../../lib/format-price';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLanguage } from '../../lib/use-language';

export default function SubscriptionRoute() {
  const { id = '' } = useParams();
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const plan = usePlan({ id, language });
  const notFound = plan.status === 'error' && plan.error instanceof ApiError && plan.error.code === 'plan.not_found';
  // The tab reads as the server's head for this address: the plan and its price, or the 404's.
  useDocumentTitle(
    plan.status === 'success'
      ? t('meta.planTitle', {
          name: plan.data.name,
          price: formatPrice(plan.data.monthlyPriceCents, plan.data.currency, language),
        })
      : notFound
        ? t('notFound.title', { ns: 'common' })
        : null,
  );

  if (plan.status === 'pending') return <PageLoader />;
  if (plan.status === 'error') {
    if (notFound) return <MessagePage title={t('detail.notFound')} message={t('detail.notFoundMessage')} />;
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
