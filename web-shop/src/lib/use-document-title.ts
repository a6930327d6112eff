import { useEffect } from 'react';
import { config } from '../config';

/** Names the browser tab after the screen (`Aide · PremiumShare`) and gives the previous name back on leaving. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${config.brand}`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
