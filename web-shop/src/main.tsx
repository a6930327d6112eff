import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ServerState } from './app';
import { holdEarlyInput } from './lib/early-input';

/**
 * The shop starts in steps, each a task of its own, so that a phone's browser paints and answers a
 * tap between them rather than after one long one: React (this module), then MUI and the theme,
 * then the rest of the shop's code (both preloaded from index.html), then the page's answers, and,
 * with the page's screen and translations at hand, the hydration of the page the server rendered,
 * in slices.
 * What a visitor does on that page meanwhile is kept (src/lib/early-input.ts).
 */
async function start(container: HTMLElement): Promise<void> {
  const serverState = serverStateOf(container);
  const early = serverState ? holdEarlyInput(container) : null;
  // MUI, emotion and the theme, most of the shop's code by weight, in a task of their own.
  await import('./app/theme');
  await nextTask();
  const { App, receiveServerState } = await import('./app');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!serverState || !early) {
    createRoot(container).render(app);
    return;
  }
  // The shop's code was evaluated in a task of its own; taking the answers in is the next one.
  await nextTask();
  try {
    await receiveServerState(serverState);
  } catch {
    // Answers that cannot be taken in: the page is rendered anew rather than left inert.
    createRoot(container).render(app);
    early.release();
    return;
  }
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds rather than holding
  // it for the whole page: a tap meanwhile makes React hydrate what it touches first.
  startTransition(() => void hydrateRoot(container, app));
  // React listens from now on: what was pressed before is pressed again.
  early.release();
}

/**
 * The answers a page the server rendered (src/entry-server.tsx) was rendered with; none for a page
 * the browser renders, or one whose answers cannot be read (cut short: rendered anew, not left inert).
 */
function serverStateOf(container: HTMLElement): ServerState | null {
  const state = document.getElementById('shop-state');
  if (!state || !container.firstElementChild) return null;
  try {
    return JSON.parse(state.textContent ?? '{}') as ServerState;
  } catch {
    return null;
  }
}

/** Lets the browser run what waits (a paint, a tap) before going on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
