import { useTranslation } from 'react-i18next';

/** The language the API should answer in: the one the shop shows. */
export function useLanguage(): string {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage ?? i18n.language;
}
