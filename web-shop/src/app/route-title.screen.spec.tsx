import { waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../testing/render-screen';
import { RouteTitle } from './route-title';

const known = () => true;

/** RouteTitle run once, then again a moment later (the language resolved, the screens' code arrived). */
function RunsTwice() {
  const [current, setCurrent] = useState(() => known);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(() => () => true), 10);
    return () => clearTimeout(timer);
  }, []);
  return <RouteTitle known={current} />;
}

describe('the tab title of each address', () => {
  it("leaves a plan's page to its screen: the server's title stays, never the brand alone", async () => {
    document.title = 'Netflix partagé à 4,53 €/mois · PremiumShare';
    renderScreen(<RunsTwice />, { path: '/subscription/:id', url: '/subscription/netflix' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(document.title).toBe('Netflix partagé à 4,53 €/mois · PremiumShare');
  });

  it('names a page by its address in the language shown', async () => {
    document.title = 'PremiumShare';
    renderScreen(<RouteTitle known={known} />, { path: '/security', url: '/security' });
    await waitFor(() => expect(document.title).toBe('Sécurité · PremiumShare'));
  });
});
