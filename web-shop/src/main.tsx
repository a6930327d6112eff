import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, receiveServerState } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A public page arrives rendered by the server (src/entry-server.tsx) with the answers it showed.
const serverState = document.getElementById('shop-state');
if (serverState && container.firstElementChild && received(serverState)) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

/** Whether the server's answers could be read: a page cut short is rendered anew rather than left inert. */
function received(state: HTMLElement): boolean {
  try {
    receiveServerState(JSON.parse(state.textContent ?? '{}') as DehydratedState);
    return true;
  } catch {
    return false;
  }
}
