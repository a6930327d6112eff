import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loopPage, PagerControls } from '../../../components/ui/pager-controls';

/** A swipe shorter than this is a tap or a scroll, not a change of slide. */
const SWIPE_THRESHOLD_PX = 40;

/** Seeds: desktop shows a grid of 1, 2, 3 or 5 columns with the width. */
export const gridColumns = {
  gridTemplateColumns: '1fr',
  '@media (min-width: 768px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  '@media (min-width: 1024px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  '@media (min-width: 1280px)': { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' },
} as const;

interface PlanCarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
  /** A new value starts again from the first slide (a new category chosen). */
  resetKey?: string;
}

/**
 * Seeds: below 768 px (the theme's `md`) the plans are a looping swipe carousel with arrows and
 * dots, one slide at a time, the others in the page but inert, out of reach of the keyboard and
 * screen readers; wider, a grid. One markup for both, laid out by CSS: the server, which cannot
 * tell a phone, sends it and a phone shows the carousel from its first paint; once the browser
 * knows the width only attributes change (inert slides, the carousel's roles), the cards are not
 * rendered again.
 */
export function PlanCarousel<T>({ items, itemKey, renderItem, label, resetKey }: PlanCarouselProps<T>) {
  const { t } = useTranslation('catalogue');
  const mobile = useMediaQuery((theme) => theme.breakpoints.down('md'));
  const [slide, setSlide] = useState({ resetKey, index: 0 });
  const touchStartX = useRef<number | null>(null);
  const count = items.length;
  // The category filter can shorten the list under the current slide.
  const current = Math.min(slide.resetKey === resetKey ? slide.index : 0, Math.max(count - 1, 0));
  const show = (index: number) => setSlide({ resetKey, index });

  if (count === 0) return null;
  return (
    <Box
      component="section"
      aria-roledescription={mobile ? t('carousel.roleDescription') : undefined}
      aria-label={mobile ? label : undefined}
    >
      <Box
        sx={{ overflow: { xs: 'hidden', md: 'visible' }, touchAction: 'pan-y' }}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          const end = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (!mobile || start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
          show(loopPage(current + (end < start ? 1 : -1), count));
        }}
      >
        <Box
          aria-live={mobile ? 'polite' : undefined}
          sx={{
            display: { xs: 'flex', md: 'grid' },
            gap: { md: 3 },
            ...gridColumns,
            transform: { xs: `translateX(-${current * 100}%)`, md: 'none' },
            transition: 'transform 300ms ease',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {items.map((item, position) => (
            <Box
              key={itemKey(item)}
              role={mobile ? 'group' : undefined}
              aria-roledescription={mobile ? t('carousel.slide') : undefined}
              aria-label={mobile ? t('carousel.slideLabel', { position: position + 1, count }) : undefined}
              inert={mobile && position !== current}
              sx={{ flex: '0 0 100%', minWidth: 0, px: { xs: 0.5, md: 0 }, py: { xs: 1, md: 0 } }}
            >
              {renderItem(item)}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ mt: 2, display: { md: 'none' } }}>
        <PagerControls
          count={count}
          current={current}
          onChange={show}
          labels={{
            previous: t('carousel.previous'),
            next: t('carousel.next'),
            goTo: (position, total) => t('carousel.goTo', { position, count: total }),
          }}
        />
      </Box>
    </Box>
  );
}
