import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ArticleIcon, ExpandMoreIcon, SupportIcon } from '../../../components/icons';
import { CONTACT_FORM_ID } from '../lib/focus-contact-form';
import { matchesQuery } from '../lib/search';
import { SearchField } from './search-field';

interface HelpArticle {
  title: string;
  content: string;
}

interface HelpCategory {
  title: string;
  articles: Record<string, HelpArticle>;
}

/**
 * Search over the help articles (title or content) and the matching ones by category, each expandable.
 * The four categories and their articles are the `help.categories` texts, in their order.
 */
export function HelpCenter() {
  const { t } = useTranslation('support');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);

  const all: Record<string, HelpCategory> = t('help.categories', { returnObjects: true });
  const categories = Object.entries(all)
    .map(([id, category]) => ({
      id,
      title: category.title,
      articles: Object.entries(category.articles)
        .filter(([, article]) => matchesQuery(query, article.title, article.content))
        .map(([articleId, article]) => ({ id: articleId, ...article })),
    }))
    .filter((category) => category.articles.length > 0);

  return (
    <Stack spacing={4}>
      <Box sx={{ maxWidth: 640, width: '100%', mx: 'auto' }}>
        <SearchField
          id="help-search"
          label={t('help.searchLabel')}
          placeholder={t('help.searchPlaceholder')}
          value={query}
          onChange={setQuery}
        />
      </Box>

      <div aria-live="polite">
        {categories.length === 0 ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, borderRadius: 3, textAlign: 'center' }}>
            <Typography component="h2" variant="h3" sx={{ mb: 1 }}>
              {t('help.noResults')}
            </Typography>
            <Typography sx={{ color: 'text.secondary', mb: 3 }}>
              {t('help.noResultsHint', { query: query.trim() })}
            </Typography>
            <Button
              component={RouterLink}
              to={`/support#${CONTACT_FORM_ID}`}
              variant="contained"
              startIcon={<SupportIcon aria-hidden />}
            >
              {t('help.contactSupport')}
            </Button>
          </Paper>
        ) : (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
            {categories.map((category) => (
              <Paper
                component="section"
                key={category.id}
                aria-labelledby={`help-${category.id}`}
                variant="outlined"
                sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
              >
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
                  <ArticleIcon color="primary" aria-hidden />
                  <Typography id={`help-${category.id}`} component="h2" variant="h3" sx={{ flexGrow: 1 }}>
                    {category.title}
                  </Typography>
                  <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {t('help.articleCount', { count: category.articles.length })}
                  </Typography>
                </Stack>
                {category.articles.map((article) => {
                  const key = `${category.id}-${article.id}`;
                  return (
                    <Accordion
                      key={key}
                      disableGutters
                      elevation={0}
                      expanded={open === key}
                      onChange={(_event, expanded) => setOpen(expanded ? key : null)}
                      sx={{
                        border: 1,
                        borderColor: 'divider',
                        '&:not(:last-of-type)': { borderBottom: 0 },
                        '&::before': { display: 'none' },
                      }}
                    >
                      <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden />} id={`help-article-${key}`}>
                        <Typography sx={{ fontWeight: 600 }}>{article.title}</Typography>
                      </AccordionSummary>
                      <AccordionDetails>
                        <Typography sx={{ color: 'text.secondary' }}>{article.content}</Typography>
                      </AccordionDetails>
                    </Accordion>
                  );
                })}
              </Paper>
            ))}
          </Box>
        )}
      </div>
    </Stack>
  );
}
