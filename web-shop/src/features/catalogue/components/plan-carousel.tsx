import Box from '@mui/material/Box';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loopPage, PagerControls } from '../../../components/ui/pager-controls';

/** A swipe shorter than this is a tap or a scroll, not a change of slide. */
const SWIPE_THRESHOLD_PX = 40;

interface PlanCarouselProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  label: string;
}

/**
 * Seeds: on mobile the plans are a looping swipe carousel with arrows and dots. One slide shows at
 * a time; the others stay in the page but inert, out of reach of the keyboard and screen readers.
 */
export function PlanCarousel<T>({ items, itemKey, renderItem, label }: PlanCarouselProps<T>) {
  const { t } = useTranslation('catalogue');
  const [index, setIndex] = useState(0);
  const touchStartX = useRef<number | null>(null);
  const count = items.length;
  // The category filter can shorten the list under the current slide.
  const current = Math.min(index, Math.max(count - 1, 0));

  if (count === 0) return null;
  return (
    <Box component="section" aria-roledescription={t('carousel.roleDescription')} aria-label={label}>
      <Box
        sx={{ overflow: 'hidden', touchAction: 'pan-y' }}
        onTouchStart={(event) => {
          touchStartX.current = event.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(event) => {
          const start = touchStartX.current;
          const end = event.changedTouches[0]?.clientX;
          touchStartX.current = null;
          if (start === null || end === undefined || Math.abs(end - start) < SWIPE_THRESHOLD_PX) return;
          setIndex(loopPage(current + (end < start ? 1 : -1), count));
        }}
      >
        <Box
          aria-live="polite"
          sx={{
            display: 'flex',
            transform: `translateX(-${current * 100}%)`,
            transition: 'transform 300ms ease',
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        >
          {items.map((item, position) => (
            <Box
              key={itemKey(item)}
              role="group"
              aria-roledescription={t('carousel.slide')}
              aria-label={t('carousel.slideLabel', { position: position + 1, count })}
              inert={position !== current}
              sx={{ flex: '0 0 100%', minWidth: 0, px: 0.5, py: 1 }}
            >
              {renderItem(item)}
            </Box>
          ))}
        </Box>
      </Box>
      <Box sx={{ mt: 2 }}>
        <PagerControls
          count={count}
          current={current}
          onChange={setIndex}
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
