import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchPage } from '@shared/page-routes';
import { queryClient } from '@client/lib/query-client';
import { App } from './app/app';
import { loadPage } from './app/page';
import './styles.css';

// Spec §8: unhandled rejections and global errors are logged; rejections are not surfaced further.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
  event.preventDefault();
});
window.addEventListener('error', (event) => console.error('Unhandled error', event.error ?? event.message));

/** The query cache the server rendered the page with (absent on client-rendered screens). */
function serverState(): DehydratedState | null {
  const element = document.getElementById('__AITLAS_STATE__');
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return null;
  }
}

/** Marks the document once React owns it (hydrated or rendered), for tests and diagnostics. */
function Started() {
  useEffect(() => {
    document.documentElement.dataset.started = 'true';
  }, []);
  return null;
}

async function start(root: HTMLElement) {
  const location = { hostname: window.location.hostname };
  const { route } = matchPage(window.location.pathname, location.hostname);
  const state = serverState();
  // The page's chunk is preloaded by the server's hints: waiting for it lets the first render match
  // the server's HTML instead of suspending.
  await loadPage(route.page).catch(() => undefined);
  const app = (
    <StrictMode>
      <App queryClient={queryClient} location={location} />
      <Started />
    </StrictMode>
  );
  if (state !== null && root.firstElementChild) {
    hydrate(queryClient, state);
    hydrateRoot(root, app);
  } else {
    root.innerHTML = '';
    createRoot(root).render(app);
  }
}

const root = document.getElementById('root');
if (root) void start(root);
