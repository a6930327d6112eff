import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, receiveServerState, type ServerState } from './app';

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
  void receiveServerState(JSON.parse(serverState.textContent ?? '{}') as ServerState).then(
    () => hydrateRoot(container, app),
    // A chunk or a translation that cannot be loaded: the page is rendered anew, which says so.
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
