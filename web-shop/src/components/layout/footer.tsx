import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BoltIcon, ChatIcon, LockIcon, ShieldIcon, SupportIcon } from '../icons';
import { LanguageToggle } from '../ui/language-toggle';

const INFO_LINKS = [
  ['/about', 'footer.info.about'],
  ['/story', 'footer.info.story'],
  ['/contact', 'footer.info.contact'],
  ['/help', 'footer.info.help'],
  ['/affiliate', 'footer.info.affiliate'],
  ['/blog', 'footer.info.blog'],
  ['/suggest-service', 'footer.info.suggestService'],
  ['/become-partner', 'footer.info.becomePartner'],
] as const;

const LEGAL_LINKS = [
  ['/terms', 'footer.legal.terms'],
  ['/privacy', 'footer.legal.privacy'],
  ['/copyright', 'footer.legal.copyright'],
  ['/refund-policy', 'footer.legal.refundPolicy'],
  ['/aml-policy', 'footer.legal.amlPolicy'],
  ['/terms-of-use', 'footer.legal.termsOfUse'],
  ['/gdpr', 'footer.legal.gdpr'],
  ['/cookies', 'footer.legal.cookies'],
] as const;

const BADGES = [
  [LockIcon, 'footer.badges.securePayment'],
  [BoltIcon, 'footer.badges.instantDelivery'],
  [SupportIcon, 'footer.badges.support'],
] as const;

const linkSx = {
  color: 'rgba(255,255,255,0.85)',
  textDecoration: 'none',
  fontSize: '0.875rem',
  '&:hover': { color: '#fff', textDecoration: 'underline' },
} as const;

export function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: '#fff', mt: 8, pt: 6, pb: 4 }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1.4fr 1fr 1fr 1fr' },
          }}
        >
          <Stack spacing={2}>
            <Typography sx={{ fontWeight: 800, fontSize: '1.2rem' }}>{t('brand')}</Typography>
            <Typography sx={{ color: 'rgba(255,255,255,0.85)' }}>{t('footer.tagline')}</Typography>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5 }}>
              {BADGES.map(([Icon, key]) => (
                <Stack key={key} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
                  <Icon fontSize="small" aria-hidden />
                  <Typography variant="body2">{t(key)}</Typography>
                </Stack>
              ))}
            </Stack>
          </Stack>
          <FooterLinks title={t('footer.infoTitle')} links={INFO_LINKS} />
          <FooterLinks title={t('footer.legalTitle')} links={LEGAL_LINKS} />
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Typography component="h2" sx={{ fontWeight: 700 }}>
              {t('footer.helpTitle')}
            </Typography>
            <Button
              component={RouterLink}
              to="/support"
              variant="contained"
              color="secondary"
              startIcon={<ChatIcon aria-hidden />}
            >
              {t('footer.liveChat')}
            </Button>
            <LanguageToggle tone="dark" />
          </Stack>
        </Box>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{
            mt: 5,
            pt: 3,
            borderTop: '1px solid rgba(255,255,255,0.2)',
            justifyContent: 'space-between',
            alignItems: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ShieldIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{t('footer.guarantee')}</Typography>
          </Stack>
          <Typography variant="body2" sx={{ color: 'rgba(255,255,255,0.85)' }}>
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}

function FooterLinks({ title, links }: { title: string; links: ReadonlyArray<readonly [string, FooterKey]> }) {
  const { t } = useTranslation();
  return (
    <Box component="nav" aria-label={title}>
      <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {links.map(([to, key]) => (
          <li key={to}>
            <Box component={RouterLink} to={to} sx={linkSx}>
              {t(key)}
            </Box>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

type FooterKey = (typeof INFO_LINKS)[number][1] | (typeof LEGAL_LINKS)[number][1];
