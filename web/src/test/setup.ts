import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { toaster } from '../components/toaster.tsx';
import { frScreens } from '../i18n/fr-screens.ts';
import { i18n } from '../i18n/index.ts';
import { forgetSentAhead } from '../relay/sentAhead.ts';

// Tests render screens without their routes: every screen's text is there from the start.
i18n.addResourceBundle('fr', 'translation', frScreens, true, false);

// findBy* and waitFor: the default second is too short for a screen's first render on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// relay-test-utils' mock environment wraps its methods with jest.fn.
(globalThis as unknown as { jest: typeof vi }).jest = vi;

afterEach(() => {
  cleanup();
  // The toaster is one store for the whole app: a test's toasts must not be read by the next one.
  toaster.remove();
  window.sessionStorage.clear();
  // The last dashboard selection is kept per user in the browser: each test starts without one.
  window.localStorage.clear();
  // What a test sent ahead, and that its app asked, are not the next test's.
  forgetSentAhead();
  // The files of a worker share one window (the project does not isolate them, for speed): each test starts at
  // the root of an empty page, whatever the previous one left.
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
});

// jsdom lacks these browser APIs that Chakra's components (Ark/Zag) call.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {};
// jsdom lays nothing out: a section a link leads to brings itself into view (ChartSection).
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
// React Router's ScrollRestoration scrolls the window on navigation.
window.scrollTo = () => {};
// jsdom computes Chakra's CSS animations but never fires `animationend`: closed dialogs and drawers would stay
// mounted forever. Zero-length animations let them unmount as soon as they close, as in a browser.
const noAnimations = document.createElement('style');
noAnimations.textContent = '*, *::before, *::after { animation-duration: 0s !important; }';
document.head.append(noAnimations);
