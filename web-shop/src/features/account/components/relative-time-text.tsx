import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatRelativeTime } from '../lib/relative-time';

/**
 * "il y a 5 minutes", with the full date for a pointer or a screen reader. `midSentence`: after
 * other words ("Dernière activité à l'instant"), so "just now" is not capitalised.
 */
export function RelativeTimeText({ iso, midSentence = false }: { iso: string; midSentence?: boolean }) {
  const { t, i18n } = useTranslation('account');
  const text = formatRelativeTime(iso, i18n.language) ?? t(midSentence ? 'time.justNowMidSentence' : 'time.justNow');
  const full = new Date(iso);
  return (
    <time dateTime={iso} title={`${formatDate(iso, i18n.language)} ${full.toLocaleTimeString(i18n.language)}`}>
      {text}
    </time>
  );
}
