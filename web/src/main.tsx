// Where the browser does not preload modules itself, Vite's polyfill does (the page's preloads are written at build).
import 'vite/modulepreload-polyfill';
// Then the head start, which index.html also runs on its own (one module, run once), runs before the app,
// whichever of the page's two scripts the browser runs first; else the app's own first request stopped it.
import './headStart.ts';
import { prepareApp, startApp } from './startApp.tsx';

/**
 * The login page imports this module, its page without a root, to start the app there once signed in, and to
 * prepare that start while the user pauses.
 */
export { prepareApp, startApp };

// The app's page (index.html) has its root.
const container = document.getElementById('root');
if (container) startApp(container);
