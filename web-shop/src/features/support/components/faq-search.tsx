import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SectionCard } from '../../../components/ui/section-card';
import { FAQ_ENTRIES } from '../lib/faq';
import { matchesQuery } from '../lib/search';
import { SearchField } from './search-field';

/** The four FAQ entries, filtered by the words in the search box (question or answer). */
export function FaqSearch() {
  const { t } = useTranslation('support');
  const [query, setQuery] = useState('');
  const entries = FAQ_ENTRIES.filter(({ id }) =>
    matchesQuery(query, t(`support.faq.items.${id}.question`), t(`support.faq.items.${id}.answer`)),
  );

  return (
    <SectionCard titleId="faq-title" title={t('support.faq.title')}>
      <SearchField
        id="faq-search"
        label={t('support.faq.searchLabel')}
        placeholder={t('support.faq.searchPlaceholder')}
        value={query}
        onChange={setQuery}
      />
      <div aria-live="polite">
        {entries.length === 0 ? (
          <Typography sx={{ mt: 3, color: 'text.secondary' }}>
            {t('support.faq.noResults', { query: query.trim() })}
          </Typography>
        ) : (
          <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0, mt: 3 }}>
            {entries.map(({ id, category }) => (
              <Paper
                component="li"
                key={id}
                elevation={0}
                sx={{ p: 2.5, borderRadius: 2, bgcolor: 'rgba(76,29,149,0.04)' }}
              >
                <Chip size="small" label={t(`support.faq.categories.${category}`)} sx={{ mb: 1 }} />
                <Typography component="h3" sx={{ fontWeight: 700, mb: 0.75 }}>
                  {t(`support.faq.items.${id}.question`)}
                </Typography>
                <Typography sx={{ color: 'text.secondary' }}>{t(`support.faq.items.${id}.answer`)}</Typography>
              </Paper>
            ))}
          </Stack>
        )}
      </div>
      <Button component={RouterLink} to="/help" variant="outlined" sx={{ mt: 3 }}>
        {t('support.faq.viewAll')}
      </Button>
    </SectionCard>
  );
}
