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
if (serverState && container.firstElementChild) {
  receiveServerState(JSON.parse(serverState.textContent ?? '{}') as DehydratedState);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
