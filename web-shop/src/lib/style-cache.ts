import createCache, { type EmotionCache } from '@emotion/cache';

/** Marks the style tag of a page the server rendered, with the names of the styles it holds. */
export const STYLE_NAMES_ATTRIBUTE = 'data-style-names';

/**
 * The browser's style cache, the styles a page the server rendered carries (src/entry-server.tsx)
 * counted as inserted where they are: hydration adds none of them again, and nothing is moved.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const tag of document.querySelectorAll(`style[${STYLE_NAMES_ATTRIBUTE}]`)) {
    for (const name of (tag.getAttribute(STYLE_NAMES_ATTRIBUTE) ?? '').split(' ')) {
      if (name) cache.inserted[name] = true;
    }
  }
  return cache;
}
