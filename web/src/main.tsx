// zod's setting, before any schema is built (vite.config.ts keeps it in zod's own chunk).
import './zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import { PwaUpdatePrompt } from './components/PwaUpdatePrompt.tsx';
import { createRelayEnvironment } from './relay/environment.ts';
import { createSessionExpiredHandler } from './relay/viewerSession.ts';
import { createRoutes } from './routes.tsx';
import { enableIntentPreloading } from './routing/intentPreload.ts';

const environment = createRelayEnvironment({ onUnauthenticated: createSessionExpiredHandler() });

const router = createBrowserRouter(createRoutes(environment));
enableIntentPreloading(router);

// A chunk of an older deployment that is gone fails its import, which the route's error boundary answers with a
// reload (SPEC 8) once the router is on the address the user asked for. Vite's own 'vite:preloadError' event is not
// used: it fires before, on the page being left, and for a mere hover's preload too.

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders environment={environment}>
      <RouterProvider router={router} />
      <PwaUpdatePrompt />
    </AppProviders>
  </StrictMode>,
);
