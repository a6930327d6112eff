/** The three blog articles (seeds §2); their texts are in the `info` namespace under `blog.articles.<id>`. */
export const BLOG_ARTICLES = [
  { id: 'savings', date: '2025-07-15', readMinutes: 5, views: 2847, comments: 23 },
  { id: 'security', date: '2025-07-08', readMinutes: 4, views: 1923, comments: 15 },
  { id: 'newServices', date: '2025-07-01', readMinutes: 3, views: 3156, comments: 31 },
] as const;

export type BlogArticleId = (typeof BLOG_ARTICLES)[number]['id'];
