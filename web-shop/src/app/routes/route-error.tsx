import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../components/ui/message-page';

/** Shown when a screen throws while rendering (or its chunk fails to load after a deployment). */
export function RouteError() {
  const { t } = useTranslation();
  return <MessagePage title={t('errors.unexpected')} message={t('notFound.message')} />;
}
