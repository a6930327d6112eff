import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { ServerState } from './app';

/**
 * The shop starts in steps, each a task of its own, so that a phone's browser paints and answers a
 * tap between them rather than after one long one: React (this module), then the shop's code, then
 * the hydration of the page the server rendered, in slices.
 */
async function start(container: HTMLElement): Promise<void> {
  const { App, receiveServerState } = await import('./app');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A public page arrives rendered by the server (src/entry-server.tsx) with the answers it showed.
  const serverState = document.getElementById('shop-state');
  if (!serverState || !container.firstElementChild) {
    createRoot(container).render(app);
    return;
  }
  await nextTask();
  try {
    receiveServerState(JSON.parse(serverState.textContent ?? '{}') as ServerState);
  } catch {
    // Answers that cannot be read (a page cut short): the page is rendered anew rather than left inert.
    createRoot(container).render(app);
    return;
  }
  // As a transition, hydration yields to the browser every few milliseconds: the page shown
  // meanwhile is the server's, and a tap on it waits less than a whole page's hydration.
  startTransition(() => void hydrateRoot(container, app));
}

/** Lets the browser run what waits (a paint, a tap) before going on. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
void start(container);
