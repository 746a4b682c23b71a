import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles.css';

// Spec §8: unhandled rejections and global errors are logged; rejections are not surfaced further.
window.addEventListener('unhandledrejection', (event) => {
  console.error('Unhandled promise rejection', event.reason);
  event.preventDefault();
});
window.addEventListener('error', (event) => console.error('Unhandled error', event.error ?? event.message));

const root = document.getElementById('root');
if (root) {
  // The server may have rendered a crawler-friendly fallback inside #root; React replaces it.
  root.innerHTML = '';
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
