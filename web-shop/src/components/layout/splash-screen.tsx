import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seeds §2: the bar advances by random steps of up to 15 every 100 ms and leaves 500 ms after 100%. */
const STEP_INTERVAL_MS = 100;
const MAX_STEP = 15;
const READY_DELAY_MS = 500;
const SHOWN_KEY = 'shop.splashShown';

/**
 * Once per browser session, and never for visitors who ask for less motion: an animation
 * that only delays the shop should not greet them on every visit.
 */
export function shouldShowSplash(): boolean {
  splashDecision ??= decideSplash();
  return splashDecision;
}

let splashDecision: boolean | undefined;

/** Once gone, the splash stays gone when the layout mounts again (a switch of language). */
export function splashDone(): void {
  splashDecision = false;
}

function decideSplash(): boolean {
  try {
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return false;
    if (window.sessionStorage.getItem(SHOWN_KEY)) return false;
    window.sessionStorage.setItem(SHOWN_KEY, '1');
    return true;
  } catch {
    // Storage refused: no way to show it only once, so not at all.
    return false;
  }
}

/** The shop renders underneath meanwhile, so its data and screens load while the bar runs. */
export function SplashScreen({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState(0);
  const ready = progress >= 100;

  useEffect(() => {
    if (ready) {
      const timer = window.setTimeout(onDone, READY_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    const timer = window.setInterval(() => {
      setProgress((value) => Math.min(100, value + Math.ceil(Math.random() * MAX_STEP)));
    }, STEP_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [ready, onDone]);

  const label = ready ? t('splash.ready') : t('loading');
  return (
    <Box
      data-testid="splash"
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.modal + 1,
        display: 'grid',
        placeItems: 'center',
        background: 'linear-gradient(135deg, #2e1065 0%, #4c1d95 55%, #6d28d9 100%)',
        color: '#fff',
      }}
    >
      <Box sx={{ width: 'min(80vw, 360px)', textAlign: 'center' }}>
        <Box component="img" src="/favicon.svg" alt="" width={64} height={64} sx={{ mb: 2 }} />
        <Typography sx={{ fontWeight: 800, fontSize: '1.5rem', mb: 3 }}>{t('brand')}</Typography>
        <Box
          role="progressbar"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          sx={{ height: 8, borderRadius: 4, bgcolor: 'rgba(255,255,255,0.25)', overflow: 'hidden' }}
        >
          <Box
            sx={{
              height: '100%',
              width: `${progress}%`,
              bgcolor: '#fbbf24',
              borderRadius: 4,
              transition: `width ${STEP_INTERVAL_MS}ms linear`,
            }}
          />
        </Box>
        <Typography role="status" sx={{ mt: 2, fontWeight: 600 }}>
          {label} <span aria-hidden>{progress}%</span>
        </Typography>
      </Box>
    </Box>
  );
}
