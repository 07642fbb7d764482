import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // The first render as a transition: React renders it in slices and lets the browser paint and
  // answer input between them, instead of one long task on a phone.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppProviders />
      </StrictMode>,
    );
  });
}

registerServiceWorker();
