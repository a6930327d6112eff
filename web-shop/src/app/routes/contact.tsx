import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatIcon, EmailIcon, ScheduleIcon } from '../../components/icons';
import { IconCard } from '../../components/ui/icon-card';
import { InfoPage } from '../../components/ui/page-header';
import { TwoColumns } from '../../components/ui/two-columns';
import { config } from '../../config';
import { ChatDialog } from '../../features/support/components/chat-dialog';
import { ContactMessageForm } from '../../features/support/components/contact-message-form';

export default function ContactRoute() {
  const { t } = useTranslation('support');
  const [chatOpen, setChatOpen] = useState(false);

  return (
    <>
      <InfoPage id="contact-title" title={t('contact.title')} subtitle={t('contact.subtitle')} icon={<EmailIcon />}>
        <TwoColumns widths={[1.6, 1]}>
          <ContactMessageForm />
          <Box component="section" aria-labelledby="contact-channels-title">
            <Typography id="contact-channels-title" component="h2" variant="h3" sx={{ mb: 2 }}>
              {t('contact.channelsTitle')}
            </Typography>
            <Stack spacing={2}>
              <IconCard
                icon={<ChatIcon />}
                title={t('contact.chat.title')}
                description={t('contact.chat.description')}
                action={{ label: t('contact.chat.action'), onClick: () => setChatOpen(true) }}
              />
              <IconCard
                icon={<EmailIcon />}
                title={t('contact.email.title')}
                description={
                  <>
                    <Link href={`mailto:${config.supportEmail}`} sx={{ fontWeight: 600 }}>
                      {config.supportEmail}
                    </Link>
                    <br />
                    {t('contact.email.description')}
                  </>
                }
              />
              <IconCard
                icon={<ScheduleIcon />}
                title={t('contact.hours.title')}
                description={t('contact.hours.description')}
              />
            </Stack>
          </Box>
        </TwoColumns>
      </InfoPage>
      <ChatDialog open={chatOpen} onClose={() => setChatOpen(false)} />
    </>
  );
}
