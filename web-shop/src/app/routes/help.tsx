import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, SupportIcon } from '../../components/icons';
import { InfoPage } from '../../components/ui/page-header';
import { config } from '../../config';
import { ChatDialog } from '../../features/support/components/chat-dialog';
import { HelpCenter } from '../../features/support/components/help-center';

export default function HelpRoute() {
  const { t } = useTranslation('support');
  const [chatOpen, setChatOpen] = useState(false);

  return (
    <>
      <InfoPage id="help-title" title={t('help.title')} subtitle={t('help.subtitle')} icon={<SupportIcon />}>
        <HelpCenter />
        <Paper
          component="section"
          aria-labelledby="help-footer-title"
          variant="outlined"
          sx={{ mt: { xs: 4, md: 6 }, p: { xs: 3, sm: 4 }, borderRadius: 3, textAlign: 'center' }}
        >
          <Typography id="help-footer-title" component="h2" variant="h3" sx={{ mb: 1 }}>
            {t('help.footer.title')}
          </Typography>
          <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('help.footer.description')}</Typography>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'center', alignItems: 'center' }}
          >
            <Link href={`mailto:${config.supportEmail}`} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {config.supportEmail}
            </Link>
            <Button variant="contained" startIcon={<ChatIcon aria-hidden />} onClick={() => setChatOpen(true)}>
              {t('help.footer.liveChat')}
            </Button>
          </Stack>
        </Paper>
      </InfoPage>
      <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} />
    </>
  );
}
