// First: the head start, which index.html also runs on its own (one module, run once), runs before the app,
// whichever of the page's two scripts the browser runs first; else the app's own first request stopped it.
import './headStart.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import { PwaUpdatePrompt } from './components/PwaUpdatePrompt.tsx';
import { WhenQuiet } from './components/WhenQuiet.tsx';
import { createRelayEnvironment } from './relay/environment.ts';
import { endSendingAhead } from './relay/sentAhead.ts';
import { createSessionExpiredHandler } from './relay/viewerSession.ts';
import { createAppRouter } from './routes.tsx';
import { FIRST_DRAW_WAIT_MS, whenFirstScreen } from './routing/firstDraw.ts';
import { enableIntentPreloading } from './routing/intentPreload.ts';
import { RouterInStep } from './routing/RouterInStep.tsx';

const environment = createRelayEnvironment({ onUnauthenticated: createSessionExpiredHandler() });

const router = createAppRouter(environment, createBrowserRouter);
enableIntentPreloading(router);
// What the page's head start sent serves its first navigation only.
void whenFirstScreen(router).then(endSendingAhead);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// Drawn as a transition, React yields to the browser every few milliseconds while it renders the first screen
// instead of holding the page in one long task: on a slow phone (Lighthouse's), 1.2 s of blocking time to 0.5 s.
void whenFirstScreen(router, FIRST_DRAW_WAIT_MS).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders environment={environment}>
          <RouterInStep router={router} />
          <WhenQuiet router={router}>
            <PwaUpdatePrompt />
          </WhenQuiet>
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
