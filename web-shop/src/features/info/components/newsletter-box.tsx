import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { EmailIcon } from '../../../components/icons';
import { config } from '../../../config';
import { useEarlyTyping } from '../../../lib/early-input';

const emailSchema = yup.string().trim().required().email().max(254);

/**
 * Newsletter sign-up. There is no newsletter service yet, so the request leaves by e-mail: the
 * visitor's mail app opens with a message to the team that carries the address typed here.
 */
export function NewsletterBox() {
  const { t } = useTranslation('info');
  const [email, setEmail] = useState('');
  const emailRef = useEarlyTyping<HTMLInputElement>(email);
  const [error, setError] = useState(false);

  const subscribe = () => {
    if (!emailSchema.isValidSync(email)) {
      setError(true);
      return;
    }
    setError(false);
    const subject = encodeURIComponent(t('blog.newsletter.mailSubject'));
    const body = encodeURIComponent(t('blog.newsletter.mailBody', { email: email.trim() }));
    window.location.href = `mailto:${config.supportEmail}?subject=${subject}&body=${body}`;
  };

  return (
    <Paper
      component="section"
      aria-labelledby="newsletter-title"
      sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, color: '#fff', bgcolor: 'primary.main' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <EmailIcon aria-hidden />
        <Typography id="newsletter-title" component="h2" variant="h3">
          {t('blog.newsletter.title')}
        </Typography>
      </Stack>
      <Typography sx={{ color: 'rgba(255,255,255,0.9)', mb: 2.5 }}>{t('blog.newsletter.description')}</Typography>
      <Stack
        component="form"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={(event) => {
          event.preventDefault();
          subscribe();
        }}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          id="newsletter-email"
          type="email"
          label={t('blog.newsletter.emailLabel')}
          value={email}
          inputRef={emailRef}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          error={error}
          helperText={error ? t('validation.emailInvalid') : undefined}
          size="small"
          fullWidth
          // Filled: the label stays inside the white field once an address is typed, never half
          // over the purple card where its grey cannot be read.
          variant="filled"
          sx={{
            borderRadius: 1,
            overflow: 'hidden',
            '& .MuiFilledInput-root, & .MuiFilledInput-root:hover, & .MuiFilledInput-root.Mui-focused': {
              bgcolor: '#fff',
            },
            '& .MuiFormHelperText-root': { m: 0, px: 1.5, py: 0.5, bgcolor: '#fff' },
          }}
        />
        <Button type="submit" variant="contained" color="secondary" sx={{ flexShrink: 0, py: 1 }}>
          {t('blog.newsletter.subscribe')}
        </Button>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1.5, color: 'rgba(255,255,255,0.85)' }}>
        {t('blog.newsletter.note')}
      </Typography>
    </Paper>
  );
}
