import { useTranslation } from 'react-i18next';
import { MessagePage } from '../../components/ui/message-page';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return <MessagePage eyebrow={t('notFound.code')} title={t('notFound.title')} message={t('notFound.message')} />;
}
