import Container from '@mui/material/Container';
import { usePlans } from '../../features/catalogue/api/get-plans';
import { PlanCatalogue } from '../../features/catalogue/components/plan-catalogue';
import { SubscriptionsHero } from '../../features/marketing/components/subscriptions-hero';
import { useLanguage } from '../../lib/use-language';

export default function SubscriptionsRoute() {
  const plans = usePlans({ language: useLanguage() });
  return (
    <>
      <SubscriptionsHero />
      <Container maxWidth="xl" sx={{ py: { xs: 5, md: 8 } }}>
        <PlanCatalogue plans={plans} />
      </Container>
    </>
  );
}
