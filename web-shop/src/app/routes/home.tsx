import Container from '@mui/material/Container';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../../features/catalogue/api/get-plans';
import { PlanCatalogue } from '../../features/catalogue/components/plan-catalogue';
import { FreeOfferBanner } from '../../features/free-offer/components/free-offer-banner';
import { FeaturesSection } from '../../features/marketing/components/features-section';
import { HomeHero } from '../../features/marketing/components/home-hero';
import { Testimonials } from '../../features/marketing/components/testimonials';
import { useLanguage } from '../../lib/use-language';

export default function HomeRoute() {
  // Both namespaces at once: asked for by the sections one after the other, they would load in turn.
  useTranslation(['home', 'catalogue', 'free-offer']);
  const plans = usePlans({ language: useLanguage() });
  return (
    <>
      <HomeHero servicesCount={plans.data?.length} />
      <Container maxWidth="xl" sx={{ py: { xs: 5, md: 8 } }}>
        <FreeOfferBanner />
        <PlanCatalogue plans={plans} />
      </Container>
      <FeaturesSection />
      <Testimonials />
    </>
  );
}
