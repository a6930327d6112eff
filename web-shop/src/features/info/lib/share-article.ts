/**
 * Shares through the device's share sheet when there is one; otherwise copies the title, summary
 * and link. Answers what happened, so the page can say so.
 */
export async function shareArticle(article: {
  title: string;
  excerpt: string;
  url: string;
}): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: article.title, text: article.excerpt, url: article.url });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused (no user gesture, unsupported data): fall back to the clipboard.
    }
  }
  try {
    await navigator.clipboard.writeText(`${article.title}\n\n${article.excerpt}\n\n${article.url}`);
    return 'copied';
  } catch {
    return 'failed';
  }
}
