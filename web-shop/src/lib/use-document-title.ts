import { useEffect } from 'react';
import { config } from '../config';

/**
 * Names the browser tab after what the screen shows once it knows it (a plan's page:
 * `Netflix partagé à 4,53 €/mois · PremiumShare`); the other pages are named by their address
 * (`RouteTitle`).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = `${title} · ${config.brand}`;
  }, [title]);
}
