import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/ui/toast-provider';

/** How long a copy button says "copied" (seeds §4). */
export const COPY_FEEDBACK_MS = 2000;

/** Copies a value, says so with a toast and on the button for two seconds; which field was copied last. */
export function useCopyToClipboard() {
  const { t } = useTranslation('credentials');
  const toast = useToast();
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(
    async (field: string, label: string, value: string) => {
      try {
        await navigator.clipboard.writeText(value);
        setCopied(field);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
        toast({ severity: 'success', title: t('copy.done'), message: t('copy.toast', { label }) });
      } catch {
        toast({ severity: 'error', message: t('copy.error') });
      }
    },
    [t, toast],
  );

  return { copied, copy };
}
