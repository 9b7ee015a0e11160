import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { AppProviders } from './AppProviders.tsx';
import { sendDashboardAhead } from './apps/dashboard/dashboardAhead.ts';
import { PwaUpdatePrompt } from './components/PwaUpdatePrompt.tsx';
import { WhenQuiet } from './components/WhenQuiet.tsx';
import { createRelayEnvironment } from './relay/environment.ts';
import { endSendingAhead } from './relay/sentAhead.ts';
import { createSessionExpiredHandler } from './relay/viewerSession.ts';
import { createAppRouter } from './routes.tsx';
import { markStartedInPlace } from './routing/documentStart.ts';
import { FIRST_DRAW_WAIT_MS, whenFirstScreen } from './routing/firstDraw.ts';
import { enableIntentPreloading } from './routing/intentPreload.ts';
import { RouterInStep } from './routing/RouterInStep.tsx';
import { appSystem } from './theme/system.ts';

export interface StartAppOptions {
  /**
   * The login page starts the app in its own document once signed in (`LoginPage.ts`): the app's modules have
   * run while the login was on its way, instead of in a page loaded after it.
   */
  inPlace?: boolean;
  /** Called as the first screen enters the page, before it is painted (the login page's style sheets leave then). */
  onFirstDraw?: () => void;
}

/**
 * Starts the app in `container` at the page's address: the app's page does so as it loads (`main.tsx`), the login
 * page once signed in. Importing this module runs nothing but its modules' definitions.
 */
export function startApp(
  container: HTMLElement,
  { inPlace = false, onFirstDraw }: StartAppOptions = {},
): void {
  if (inPlace) {
    markStartedInPlace();
    // What the app's page sends from its head start, before the router's session check would let the screen's
    // queries leave.
    sendDashboardAhead(new URL(window.location.href));
  }
  const environment = createRelayEnvironment({ onUnauthenticated: createSessionExpiredHandler() });
  const router = createAppRouter(environment, createBrowserRouter);
  enableIntentPreloading(router);
  // What the page's head start sent serves its first navigation only.
  void whenFirstScreen(router).then(endSendingAhead);
  // The first screen's queries have left (its loaders started with the router): what the start prepares (Chakra
  // building its styles) is done while they travel, unless the login page had it done while the user paused.
  prepareApp();

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
            {onFirstDraw && <OnFirstDraw call={onFirstDraw} />}
          </AppProviders>
        </StrictMode>,
      ),
    ),
  );
}

/**
 * Builds what the app's start needs that no session decides: Chakra's system from the theme, about a third of the
 * start's work. The login page has it built while the user pauses, the form filled, so that it is done by the click.
 */
export function prepareApp(): void {
  appSystem();
}

/** Calls `call` once, as its tree first enters the page (before the browser paints it). */
function OnFirstDraw({ call }: { call: () => void }) {
  useLayoutEffect(() => call(), [call]);
  return null;
}
