import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StarIcon, VerifiedIcon } from '../../../components/icons';
import { PagerControls } from '../../../components/ui/pager-controls';
import { HomeSection } from './home-section';

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

/** Out of sight, still read by screen readers and as a name (aria-labelledby). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  // In pixels: to `sx`, a width of 1 is the whole width of the parent.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Seeds §9: 3 per page on desktop, 1 on mobile. */
const DESKTOP_PER_PAGE = 3;
const DESKTOP_PAGES = Math.ceil(TESTIMONIALS.length / DESKTOP_PER_PAGE);

/**
 * Both layouts are in the page, told apart by CSS alone: the server's HTML is then right on any
 * screen, and the browser's first render matches it (src/entry-server.tsx). The desktop's page of
 * three is rendered; on a phone only one of them shows. The desktop's layout is the one without a
 * media query, as screens without one (tests in jsdom) read it.
 */
export function Testimonials() {
  const { t } = useTranslation('home');
  const phone = useTheme().breakpoints.down('md');
  // The testimonial a phone shows; a desktop shows the page of three it is in.
  const [shownOnPhone, setShownOnPhone] = useState(0);
  const desktopPage = Math.floor(shownOnPhone / DESKTOP_PER_PAGE);
  const first = desktopPage * DESKTOP_PER_PAGE;
  const shown = TESTIMONIALS.slice(first, first + DESKTOP_PER_PAGE);
  const onDesktop = { [phone]: { display: 'none' } };
  const onPhone = { display: 'none', [phone]: { display: 'block' } };
  const pagerLabels = {
    previous: t('testimonials.previous'),
    next: t('testimonials.next'),
    goTo: (position: number, count: number) => t('testimonials.goTo', { position, count }),
  };

  return (
    <HomeSection titleId="testimonials-title" title={t('testimonials.title')} subtitle={t('testimonials.subtitle')}>
      {/* The list's name is the page of the layout shown: a hidden part of it is left out of the name. */}
      <Box component="span" id="testimonials-page" sx={VISUALLY_HIDDEN}>
        <Box component="span" sx={onDesktop}>
          {t('testimonials.pageLabel', { position: desktopPage + 1, count: DESKTOP_PAGES })}
        </Box>
        <Box component="span" sx={onPhone}>
          {t('testimonials.pageLabel', { position: shownOnPhone + 1, count: TESTIMONIALS.length })}
        </Box>
      </Box>
      <Box
        component="ul"
        aria-labelledby="testimonials-page"
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: `repeat(${DESKTOP_PER_PAGE}, minmax(0, 1fr))`,
          [phone]: { gridTemplateColumns: '1fr' },
          listStyle: 'none',
          p: 0,
          m: 0,
        }}
      >
        {shown.map((testimonial, index) => (
          <Box
            component="li"
            key={testimonial.id}
            sx={{
              display: 'flex',
              [phone]: { display: first + index === shownOnPhone ? 'flex' : 'none' },
              flexDirection: 'column',
              gap: 2,
              p: 3,
              borderRadius: 3,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Box role="img" aria-label={t('testimonials.rating', { rating: RATING, max: 5 })} sx={{ display: 'flex' }}>
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
      <Box sx={{ mt: 4, ...onDesktop }}>
        <PagerControls
          count={DESKTOP_PAGES}
          current={desktopPage}
          onChange={(page) => setShownOnPhone(page * DESKTOP_PER_PAGE)}
          labels={pagerLabels}
        />
      </Box>
      <Box sx={{ mt: 4, ...onPhone }}>
        <PagerControls
          count={TESTIMONIALS.length}
          current={shownOnPhone}
          onChange={setShownOnPhone}
          labels={pagerLabels}
        />
      </Box>
    </HomeSection>
  );
}
