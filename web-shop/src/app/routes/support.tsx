import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ArticleIcon, ChatIcon, EmailIcon, SupportIcon } from '../../components/icons';
import { IconCard } from '../../components/ui/icon-card';
import { InfoPage } from '../../components/ui/page-header';
import { PageSection } from '../../components/ui/page-section';
import { SectionCard } from '../../components/ui/section-card';
import { TwoColumns } from '../../components/ui/two-columns';
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
      <InfoPage id="support-title" title={t('support.title')} subtitle={t('support.subtitle')} icon={<SupportIcon />}>
        <PageSection titleId="channels-title" title={t('support.channels.title')}>
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
        </PageSection>

        <TwoColumns widths={[1.15, 1]}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <FaqSearch />
            <SectionCard titleId="resources-title" title={t('support.resources.title')}>
              <Typography sx={{ color: 'text.secondary', mb: 2 }}>{t('support.resources.description')}</Typography>
              <Button component={RouterLink} to="/help" variant="outlined" startIcon={<ArticleIcon aria-hidden />}>
                {t('support.resources.documentation')}
              </Button>
            </SectionCard>
          </Stack>
          <SupportMessageForm />
        </TwoColumns>
      </InfoPage>
      <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} onWriteToUs={focusContactForm} />
    </>
  );
}
