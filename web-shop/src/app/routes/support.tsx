import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ArticleIcon, ChatIcon, EmailIcon, SupportIcon } from '../../components/icons';
import { IconCard } from '../../components/ui/icon-card';
import { PageHeader } from '../../components/ui/page-header';
import { ChatDialog } from '../../features/support/components/chat-dialog';
import { FaqSearch } from '../../features/support/components/faq-search';
import { SupportMessageForm } from '../../features/support/components/support-message-form';
import { CONTACT_FORM_ID, focusContactForm } from '../../features/support/lib/focus-contact-form';

export default function SupportRoute() {
  const { t } = useTranslation('support');
  const { hash } = useLocation();
  const [chatOpen, setChatOpen] = useState(false);

  // `/support#contact-form` (help center, chat window elsewhere) lands on the form, ready to type.
  useEffect(() => {
    if (hash === `#${CONTACT_FORM_ID}`) focusContactForm();
  }, [hash]);

  return (
    <>
      <PageHeader
        id="support-title"
        title={t('support.title')}
        subtitle={t('support.subtitle')}
        icon={<SupportIcon />}
      />
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box component="section" aria-labelledby="channels-title" sx={{ mb: { xs: 4, md: 6 } }}>
          <Typography id="channels-title" component="h2" variant="h2" sx={{ mb: 3 }}>
            {t('support.channels.title')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <IconCard
              icon={<ChatIcon />}
              title={t('support.channels.chat.title')}
              description={t('support.channels.chat.description')}
              action={{ label: t('support.channels.chat.action'), onClick: () => setChatOpen(true) }}
            />
            <IconCard
              icon={<EmailIcon />}
              title={t('support.channels.email.title')}
              description={t('support.channels.email.description')}
              action={{ label: t('support.channels.email.action'), onClick: focusContactForm }}
            />
          </Box>
        </Box>

        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <FaqSearch />
            <Paper
              component="section"
              aria-labelledby="resources-title"
              variant="outlined"
              sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3 }}
            >
              <Typography id="resources-title" component="h2" variant="h3" sx={{ mb: 1 }}>
                {t('support.resources.title')}
              </Typography>
              <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('support.resources.description')}</Typography>
              <Button component={RouterLink} to="/help" variant="outlined" startIcon={<ArticleIcon aria-hidden />}>
                {t('support.resources.documentation')}
              </Button>
            </Paper>
          </Stack>
          <SupportMessageForm />
        </Box>
      </Container>
      <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} onWriteToUs={focusContactForm} />
    </>
  );
}
