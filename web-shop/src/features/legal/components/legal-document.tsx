import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ShieldIcon, SupportIcon } from '../../../components/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { config } from '../../../config';
import { LEGAL_PAGES, type LegalPage } from '../lib/legal-pages';

interface LegalSection {
  heading: string;
  paragraphs: string[];
  items?: string[];
}

interface LegalText {
  title: string;
  intro: string;
  sections: LegalSection[];
}

/** One legal text: title and date, a table of contents for the long ones, its sections, then the other texts. */
export function LegalDocument({ page }: { page: LegalPage }) {
  const { t } = useTranslation('legal');
  const text: LegalText = t(`pages.${page.key}`, { returnObjects: true, email: config.supportEmail });
  const sectionId = (index: number) => `${page.key}-section-${index + 1}`;

  return (
    <>
      <PageHeader id="legal-title" title={text.title} subtitle={t('lastUpdated')} icon={<ShieldIcon />} />
      <Container maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 5 }, borderRadius: 3 }}>
          <Typography sx={{ fontSize: '1.1rem', mb: 3 }}>{text.intro}</Typography>

          {page.long && (
            <Box
              component="nav"
              aria-labelledby="legal-contents-title"
              sx={{ mb: 4, p: { xs: 2, sm: 3 }, borderRadius: 2, bgcolor: 'rgba(76,29,149,0.05)' }}
            >
              <Typography id="legal-contents-title" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
                {t('contents')}
              </Typography>
              <Box
                component="ol"
                sx={{ m: 0, pl: 0, listStyle: 'none', columns: { sm: 2 }, columnGap: 4, '& li': { mb: 0.5 } }}
              >
                {text.sections.map((section, index) => (
                  <li key={section.heading}>
                    <Link href={`#${sectionId(index)}`}>{section.heading}</Link>
                  </li>
                ))}
              </Box>
            </Box>
          )}

          <Stack spacing={3.5}>
            {text.sections.map((section, index) => (
              <Box component="section" key={section.heading} aria-labelledby={sectionId(index)}>
                <Typography id={sectionId(index)} component="h2" variant="h3" sx={{ mb: 1.5, scrollMarginTop: 80 }}>
                  {section.heading}
                </Typography>
                {section.paragraphs.map((paragraph) => (
                  <Typography key={paragraph} sx={{ mb: 1.5, color: 'text.secondary', lineHeight: 1.7 }}>
                    {paragraph}
                  </Typography>
                ))}
                {section.items && (
                  <Box
                    component="ul"
                    sx={{ m: 0, pl: 3, color: 'text.secondary', '& li': { mb: 0.75, lineHeight: 1.6 } }}
                  >
                    {section.items.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </Box>
                )}
              </Box>
            ))}
          </Stack>
        </Paper>

        <Paper
          component="section"
          aria-labelledby="legal-questions-title"
          variant="outlined"
          sx={{ mt: 3, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
        >
          <Typography id="legal-questions-title" component="h2" variant="h3" sx={{ mb: 1 }}>
            {t('questions')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('questionsText')}</Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Button component={RouterLink} to="/support" variant="contained" startIcon={<SupportIcon aria-hidden />}>
              {t('contactSupport')}
            </Button>
            <Link href={`mailto:${config.supportEmail}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {config.supportEmail}
            </Link>
          </Stack>
        </Paper>

        <Box component="nav" aria-labelledby="legal-other-title" sx={{ mt: 4 }}>
          <Typography id="legal-other-title" component="h2" variant="h3" sx={{ mb: 1.5 }}>
            {t('otherPages')}
          </Typography>
          <Stack
            component="ul"
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
          >
            {LEGAL_PAGES.filter((other) => other.key !== page.key).map((other) => (
              <li key={other.key}>
                <Button component={RouterLink} to={other.path} variant="outlined" size="small">
                  {t(`pages.${other.key}.title`)}
                </Button>
              </li>
            ))}
          </Stack>
        </Box>
      </Container>
    </>
  );
}
