import Container from '@mui/material/Container';
import { usePlans } from '../../features/catalogue/api/get-plans';
import { PlanCatalogue } from '../../features/catalogue/components/plan-catalogue';
import { HomeHero } from '../../features/marketing/components/home-hero';
import { useLanguage } from '../../lib/use-language';

export default function HomeRoute() {
  const plans = usePlans({ language: useLanguage() });
  return (
    <>
      <HomeHero servicesCount={plans.data?.length} />
      <Container maxWidth="xl" sx={{ py: { xs: 5, md: 8 } }}>
        <PlanCatalogue plans={plans} />
      </Container>
    </>
  );
}
