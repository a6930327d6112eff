import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LightbulbIcon } from '../../components/icons';
import { InfoPage } from '../../components/ui/page-header';
import { SectionCard } from '../../components/ui/section-card';
import { TwoColumns } from '../../components/ui/two-columns';
import { SuggestionForm } from '../../features/info/components/suggestion-form';

const STEPS = ['collect', 'evaluate', 'launch'] as const;

export default function SuggestServiceRoute() {
  const { t } = useTranslation('info');
  return (
    <InfoPage id="suggest-title" title={t('suggest.title')} subtitle={t('suggest.subtitle')} icon={<LightbulbIcon />}>
      <TwoColumns widths={[3, 2]}>
        <SuggestionForm />
        <SectionCard titleId="suggest-how-title" title={t('suggest.howTitle')}>
          <Box component="ol" sx={{ m: 0, pl: 3, '& li': { mb: 1.5, color: 'text.secondary' } }}>
            {STEPS.map((step) => (
              <li key={step}>{t(`suggest.how.${step}`)}</li>
            ))}
          </Box>
        </SectionCard>
      </TwoColumns>
    </InfoPage>
  );
}
