import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { config, isLanguage } from '../../config';

/** EN/FR switch; the choice is remembered by the i18n setup (localStorage). */
export function LanguageToggle({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : config.defaultLanguage;
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={current}
      aria-label={t('language.label')}
      onChange={(_event, value: unknown) => {
        if (isLanguage(value)) void i18n.changeLanguage(value);
      }}
      sx={
        tone === 'dark'
          ? {
              '& .MuiToggleButton-root': { color: 'rgba(255,255,255,0.85)', borderColor: 'rgba(255,255,255,0.4)' },
              '& .MuiToggleButton-root.Mui-selected': { color: 'primary.dark', bgcolor: '#fff' },
              '& .MuiToggleButton-root.Mui-selected:hover': { bgcolor: 'rgba(255,255,255,0.9)' },
            }
          : { '& .MuiToggleButton-root': { color: 'text.secondary' } }
      }
    >
      {config.languages.map((language) => (
        <ToggleButton key={language} value={language} lang={language} aria-label={t(`language.${language}`)}>
          {t(`language.short.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
