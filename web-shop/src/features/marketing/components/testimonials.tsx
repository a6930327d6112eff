import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon, VerifiedIcon } from '../../../components/icons';
import { PagerControls } from '../../../components/ui/pager-controls';

/** Seeds §3: six hard-coded testimonials (name, country, initials, 5 stars, text, service, verified). */
const TESTIMONIALS = [
  { id: 'sophie', name: 'Sophie Martin', initials: 'SM', service: 'Netflix' },
  { id: 'lucas', name: 'Lucas Dubois', initials: 'LD', service: 'Spotify Premium' },
  { id: 'emma', name: 'Emma Rossi', initials: 'ER', service: 'Disney+' },
  { id: 'thomas', name: 'Thomas Leroy', initials: 'TL', service: 'NordVPN' },
  { id: 'amina', name: 'Amina Benali', initials: 'AB', service: 'YouTube Premium' },
  { id: 'julien', name: 'Julien Moreau', initials: 'JM', service: 'Netflix' },
] as const;
const RATING = 5;

/** Seeds §9: 3 per page on desktop, 1 on mobile. */
export function Testimonials() {
  const { t } = useTranslation('home');
  const mobile = useMediaQuery((theme) => theme.breakpoints.down('md'), { noSsr: true });
  const perPage = mobile ? 1 : 3;
  const pages = Math.ceil(TESTIMONIALS.length / perPage);
  const [page, setPage] = useState(0);
  // Turning the phone (or widening the window) changes the page size under the current page.
  const current = Math.min(page, pages - 1);
  const shown = TESTIMONIALS.slice(current * perPage, current * perPage + perPage);

  return (
    <Box component="section" aria-labelledby="testimonials-title" sx={{ py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Typography id="testimonials-title" component="h2" variant="h2" sx={{ textAlign: 'center', mb: 1.5 }}>
          {t('testimonials.title')}
        </Typography>
        <Typography sx={{ textAlign: 'center', color: 'text.secondary', mb: { xs: 4, md: 6 } }}>
          {t('testimonials.subtitle')}
        </Typography>
        <Box
          component="ul"
          aria-label={t('testimonials.pageLabel', { position: current + 1, count: pages })}
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: `repeat(${perPage}, minmax(0, 1fr))`,
            listStyle: 'none',
            p: 0,
            m: 0,
          }}
        >
          {shown.map((testimonial) => (
            <Box
              component="li"
              key={testimonial.id}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                gap: 2,
                p: 3,
                borderRadius: 3,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              <Box
                role="img"
                aria-label={t('testimonials.rating', { rating: RATING, max: 5 })}
                sx={{ display: 'flex' }}
              >
                {Array.from({ length: RATING }, (_, star) => (
                  <StarIcon key={star} aria-hidden sx={{ color: '#b45309' }} />
                ))}
              </Box>
              <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
                <Typography>
                  {t('testimonials.quote', { text: t(`testimonials.items.${testimonial.id}.text`) })}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box
                  aria-hidden
                  sx={{
                    display: 'grid',
                    placeItems: 'center',
                    width: 44,
                    height: 44,
                    flexShrink: 0,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontWeight: 700,
                  }}
                >
                  {testimonial.initials}
                </Box>
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }}>{testimonial.name}</Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`testimonials.items.${testimonial.id}.country`)} · {testimonial.service}
                  </Typography>
                </Box>
              </Stack>
              <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'success.main' }}>
                <VerifiedIcon fontSize="small" aria-hidden />
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {t('testimonials.verified')}
                </Typography>
              </Stack>
            </Box>
          ))}
        </Box>
        <Box sx={{ mt: 4 }}>
          <PagerControls
            count={pages}
            current={current}
            onChange={setPage}
            labels={{
              previous: t('testimonials.previous'),
              next: t('testimonials.next'),
              goTo: (position, count) => t('testimonials.goTo', { position, count }),
            }}
          />
        </Box>
      </Container>
    </Box>
  );
}
