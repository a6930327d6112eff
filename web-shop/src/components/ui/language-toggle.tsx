import { useTranslation } from 'react-i18next';
import { config, isLanguage, type Language } from '../../config';
import { useLanguageSwitch } from '../../lib/language-switch';
import { ChoiceGroup } from './choice-group';

/** EN/FR switch: moves to the page's address in the other language (`/x` ↔ `/en/x`) and remembers the choice. */
export function LanguageToggle({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const switchLanguage = useLanguageSwitch();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : config.defaultLanguage;
  const colours =
    tone === 'dark'
      ? {
          text: 'rgba(255,255,255,0.85)',
          border: 'rgba(255,255,255,0.4)',
          selectedText: 'primary.dark',
          selected: '#fff',
        }
      : { text: 'text.secondary', border: 'divider', selectedText: 'primary.main', selected: 'rgba(76,29,149,0.1)' };
  return (
    <ChoiceGroup<Language>
      label={t('language.label')}
      size="small"
      value={current}
      onChange={(language) => (switchLanguage ? switchLanguage(language) : void i18n.changeLanguage(language))}
      choices={config.languages.map((language) => ({
        value: language,
        label: t(`language.short.${language}`),
        // The spoken name starts with the visible "FR"/"EN", so voice control finds the button by what it shows.
        ariaLabel: `${t(`language.short.${language}`)} ${t(`language.${language}`)}`,
        lang: language,
      }))}
      sx={{
        flexWrap: 'nowrap',
        '& .MuiButton-root': {
          minWidth: 40,
          px: 1.25,
          color: colours.text,
          border: 1,
          borderColor: colours.border,
          borderRadius: 0,
          fontWeight: 700,
        },
        '& .MuiButton-root:first-of-type': { borderTopLeftRadius: 8, borderBottomLeftRadius: 8 },
        '& .MuiButton-root:last-of-type': { borderTopRightRadius: 8, borderBottomRightRadius: 8, ml: '-1px' },
        '& .MuiButton-root.Mui-selected': { color: colours.selectedText, bgcolor: colours.selected },
      }}
    />
  );
}
