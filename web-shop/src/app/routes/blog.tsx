import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ArticleIcon } from '../../components/icons';
import { InfoPage } from '../../components/ui/page-header';
import { BlogArticleCard } from '../../features/info/components/blog-article-card';
import { NewsletterBox } from '../../features/info/components/newsletter-box';
import { BLOG_ARTICLES, type BlogArticleId } from '../../features/info/lib/blog-articles';
import { TwoColumns } from '../../components/ui/two-columns';

export default function BlogRoute() {
  const { t } = useTranslation('info');
  const { hash } = useLocation();
  // One article open at a time (seeds §4); a shared link (`/blog#article-<id>`) opens its article.
  const [open, setOpen] = useState<BlogArticleId | null>(null);

  useEffect(() => {
    const linked = BLOG_ARTICLES.find((article) => hash === `#article-${article.id}`);
    if (!linked) return;
    setOpen(linked.id);
    document.getElementById(`article-${linked.id}`)?.scrollIntoView({ block: 'start' });
  }, [hash]);

  return (
    <InfoPage id="blog-title" title={t('blog.title')} subtitle={t('blog.subtitle')} icon={<ArticleIcon />}>
      <TwoColumns widths={[2, 1]} gap={4}>
        <Box component="section" aria-labelledby="blog-articles-title">
          <Typography id="blog-articles-title" component="h2" variant="h2" sx={{ mb: 3 }}>
            {t('blog.articlesTitle')}
          </Typography>
          <Stack spacing={3}>
            {BLOG_ARTICLES.map((article) => (
              <BlogArticleCard
                key={article.id}
                article={article}
                expanded={open === article.id}
                onToggle={() => setOpen((current) => (current === article.id ? null : article.id))}
              />
            ))}
          </Stack>
        </Box>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
          <NewsletterBox />
        </Box>
      </TwoColumns>
    </InfoPage>
  );
}
