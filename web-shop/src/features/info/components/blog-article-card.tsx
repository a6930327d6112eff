import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  CalendarIcon,
  CommentIcon,
  ExpandMoreIcon,
  PersonIcon,
  ScheduleIcon,
  ShareIcon,
  VisibilityIcon,
} from '../../../components/icons';
import { useToast } from '../../../components/ui/toast-provider';
import { formatDate } from '../../../lib/format-date';
import { useLanguage } from '../../../lib/use-language';
import type { BLOG_ARTICLES } from '../lib/blog-articles';
import { shareArticle } from '../lib/share-article';

type Article = (typeof BLOG_ARTICLES)[number];

/** One article: its facts, the summary, and the full text when `expanded`. */
export function BlogArticleCard({
  article,
  expanded,
  onToggle,
}: {
  article: Article;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('info');
  const language = useLanguage();
  const toast = useToast();
  const base = `blog.articles.${article.id}` as const;
  const title = t(`${base}.title`);
  const excerpt = t(`${base}.excerpt`);
  const paragraphs: Record<string, string> = t(`${base}.content`, { returnObjects: true });
  const headingId = `article-${article.id}-title`;
  const contentId = `article-${article.id}-content`;

  const onShare = async () => {
    const url = `${window.location.origin}/blog#article-${article.id}`;
    const outcome = await shareArticle({ title, excerpt, url });
    if (outcome === 'copied') toast({ severity: 'success', title: t('blog.copied'), message: t('blog.copiedMessage') });
    if (outcome === 'failed') toast({ severity: 'error', message: t('blog.copyFailed') });
  };

  const facts = [
    { icon: CalendarIcon, text: formatDate(article.date, language) },
    { icon: ScheduleIcon, text: t('blog.readTime', { count: article.readMinutes }) },
    { icon: VisibilityIcon, text: t('blog.views', { count: article.views }) },
    { icon: CommentIcon, text: t('blog.comments', { count: article.comments }) },
  ];

  return (
    <Paper
      component="article"
      id={`article-${article.id}`}
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, scrollMarginTop: 80 }}
    >
      <Chip label={t(`${base}.category`)} color="primary" size="small" sx={{ mb: 1.5 }} />
      <Typography id={headingId} component="h3" variant="h3" sx={{ fontSize: { xs: '1.2rem', md: '1.4rem' }, mb: 1 }}>
        {title}
      </Typography>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', mb: 1.5 }}>
        <PersonIcon fontSize="small" aria-hidden />
        <Typography variant="body2">{t('blog.byAuthor', { author: t(`${base}.author`) })}</Typography>
      </Stack>
      <Stack
        component="ul"
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0, mb: 2, color: 'text.secondary' }}
      >
        {facts.map(({ icon: Icon, text }) => (
          <Stack component="li" key={text} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Icon fontSize="small" aria-hidden />
            <Typography variant="body2">{text}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography sx={{ fontSize: '1.05rem' }}>{excerpt}</Typography>
      <Collapse in={expanded} id={contentId}>
        <Box sx={{ pt: 2 }}>
          {Object.entries(paragraphs).map(([key, paragraph]) => (
            <Typography key={key} sx={{ mb: 1.5, color: 'text.secondary' }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      </Collapse>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, mt: 2 }}>
        <Button
          variant="contained"
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={contentId}
          endIcon={
            <ExpandMoreIcon
              aria-hidden
              sx={{ transform: expanded ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          }
        >
          {expanded ? t('blog.collapse') : t('blog.readMore')}
        </Button>
        <Button variant="outlined" startIcon={<ShareIcon aria-hidden />} onClick={() => void onShare()}>
          {t('blog.share')}
        </Button>
      </Stack>
    </Paper>
  );
}
