import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { formatRelativeTime } from '../lib/relative-time';

/** "il y a 5 minutes", with the full date for a pointer or a screen reader. */
export function RelativeTimeText({ iso }: { iso: string }) {
  const { t, i18n } = useTranslation('account');
  const text = formatRelativeTime(iso, i18n.language) ?? t('time.justNow');
  const full = new Date(iso);
  return (
    <time dateTime={iso} title={`${formatDate(iso, i18n.language)} ${full.toLocaleTimeString(i18n.language)}`}>
      {text}
    </time>
  );
}
