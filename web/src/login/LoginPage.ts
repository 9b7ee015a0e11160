import { loginSchema } from '@portal/domain/login';
import type { RequestParameters, Variables } from 'relay-runtime';
import type { LoginPageMutation } from '../__generated__/LoginPageMutation.graphql.ts';
import sessionQuery, { type viewerSessionQuery } from '../__generated__/viewerSessionQuery.graphql.ts';
import { createFetchFunction } from '../relay/fetchGraphQL.ts';
import { rememberLastViewer } from '../relay/lastViewer.ts';
import { isSameSitePath, RETURN_TO_PARAM, SESSION_EXPIRED_PARAM } from '../returnPath.ts';

/**
 * The login page (login.html): a page of its own, outside the app, so that the first page of a visit loads a
 * few kilobytes of script rather than the app's UI kit and Relay. Its text is written into login.html at build
 * from the app's French resources (vite/loginPage.ts); its form is checked by the domain's loginSchema and sent
 * as the persisted `login` mutation. Signed in, the user goes where they were heading: the app starts there in
 * this very document (`enterApp`), its modules run while the login was on its way.
 */

// The graphql tag exists at build time only: vite/relay.ts replaces it with the artifact relay-compiler made.
declare const graphql: (
  text: TemplateStringsArray,
) => typeof import('../__generated__/LoginPageMutation.graphql.ts').default;

const loginMutation = graphql`
  mutation LoginPageMutation($input: LoginInput!) {
    login(input: $input) {
      viewer {
        id
        typologies
        ownSiteTypology
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];

const fetchGraphQL = createFetchFunction({ onUnauthenticated: () => {} });

/** A persisted operation's data (the fetch function answers a promise, typed as Relay's wider value). */
async function request<TData>(params: RequestParameters, variables: Variables): Promise<TData | undefined> {
  const response = (await fetchGraphQL(params, variables, {})) as { data?: TData };
  return response.data;
}

function element<T extends HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`login.html has no #${id}`);
  return found as T;
}

/** Where the user goes once signed in: the page they were heading to, on this site only; else the dashboard. */
export function returnTarget(search: string): string {
  const wanted = new URLSearchParams(search).get(RETURN_TO_PARAM);
  return isSameSitePath(wanted) ? wanted : '/';
}

/**
 * How long the user pauses, both fields filled, before the page readies what signing in needs (`prepareLeaving`):
 * the click or the key that follows is then answered sooner. A pause, so that the work (the app's modules run, a
 * few hundred milliseconds) falls between keystrokes rather than on them.
 */
export const PREPARE_AFTER_PAUSE_MS = 300;

/**
 * Binds the page's form: called once the page is parsed (the module script is deferred). `leave` takes the user,
 * signed in, where they were heading; `prepareLeaving` readies that as the button is pressed, else as a login
 * leaves, before it is answered; `readyWhilePaused` does so, and more, once the user has filled the form and paused
 * (`PREPARE_AFTER_PAUSE_MS`). Each does its work once.
 */
export function startLoginPage(
  leave: (path: string) => void,
  prepareLeaving: () => void = () => void loadApp(),
  readyWhilePaused: () => void = () => void readyApp(),
): void {
  const form = element<HTMLFormElement>('login-form');
  const submit = element<HTMLButtonElement>('submit');
  const alert = element<HTMLDivElement>('form-alert');
  const inputs = {
    email: element<HTMLInputElement>('email'),
    password: element<HTMLInputElement>('password'),
  };
  const target = returnTarget(window.location.search);

  if (new URLSearchParams(window.location.search).has(SESSION_EXPIRED_PARAM)) {
    const notice = element<HTMLTemplateElement>('session-expired');
    notice.replaceWith(notice.content.cloneNode(true));
  }

  const showAlert = (message: string | null) => {
    alert.hidden = message === null;
    const text = alert.querySelector('p');
    if (text) text.textContent = message ?? '';
  };
  const showFieldError = (field: Field, message: string | null) => {
    const error = element(`${field}-error`);
    error.textContent = message ?? '';
    error.hidden = message === null;
    if (message === null) inputs[field].removeAttribute('aria-invalid');
    else inputs[field].setAttribute('aria-invalid', 'true');
  };
  const setBusy = (busy: boolean) => {
    submit.disabled = busy;
    if (busy) submit.setAttribute('aria-busy', 'true');
    else submit.removeAttribute('aria-busy');
  };

  const showPassword = element<HTMLButtonElement>('show-password');
  showPassword.addEventListener('click', () => {
    const visible = inputs.password.type === 'password';
    inputs.password.type = visible ? 'text' : 'password';
    showPassword.setAttribute('aria-pressed', String(visible));
    showPassword.setAttribute(
      'aria-label',
      (visible ? showPassword.dataset.hideLabel : showPassword.dataset.showLabel) ?? '',
    );
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    showAlert(null);
    const parsed = loginSchema.safeParse({ email: inputs.email.value, password: inputs.password.value });
    const problems = new Map<Field, string>();
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = FIELDS.find((name) => name === issue.path[0]);
      if (field && !problems.has(field)) problems.set(field, issue.message);
    }
    for (const field of FIELDS) showFieldError(field, problems.get(field) ?? null);
    if (!parsed.success) {
      const first = FIELDS.find((field) => problems.has(field));
      if (first) inputs[first].focus();
      return;
    }

    setBusy(true);
    prepareLeaving();
    try {
      const login = (
        await request<LoginPageMutation['response']>(loginMutation.params, { input: parsed.data })
      )?.login;
      if (login?.viewer) {
        // The app's first queries start with its session check on this (see lastViewer.ts).
        rememberLastViewer(login.viewer);
        leave(target);
        return;
      }
      const reasons = login?.userErrors ?? [];
      const general: string[] = [];
      for (const { field, message } of reasons) {
        const named = FIELDS.find((name) => name === field.at(-1));
        if (named) showFieldError(named, message);
        else general.push(message);
      }
      if (general.length > 0 || reasons.length === 0)
        showAlert(general[0] ?? form.dataset.genericError ?? '');
    } catch {
      showAlert(form.dataset.retryLater ?? '');
    }
    setBusy(false);
  });

  // A click's first half, about a tenth of a second before the click itself.
  submit.addEventListener('pointerdown', () => prepareLeaving());
  let pause: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('input', () => {
    clearTimeout(pause);
    if (inputs.email.value !== '' && inputs.password.value !== '')
      pause = setTimeout(readyWhilePaused, PREPARE_AFTER_PAUSE_MS);
  });

  // The form is live: what is typed from now on can be sent.
  setBusy(false);

  // A signed-in user who opens this page goes where they were heading.
  request<viewerSessionQuery['response']>(sessionQuery.params, {})
    .then((data) => {
      if (data?.viewer) leave(target);
    })
    .catch(() => {
      // Signed out (or the gateway unreachable): the form stays.
    });
}

/**
 * The app's first modules (listed in the page at build), fetched and compiled as soon as the page has loaded,
 * none of them run: signed in, the app starts from the browser's cache instead of the network, even when the form
 * is sent at once (a browser filling it). Measured here against the same page without (interleaved, p50 of 10 to
 * 14 sign-ins): the dashboard's figures 80 ms sooner with the files prefetched, 65 ms sooner again compiled.
 */
export async function preloadApp(): Promise<void> {
  const listed = (document.querySelector<HTMLMetaElement>('meta[name="portal-app-files"]')?.content ?? '')
    .split(' ')
    .filter(Boolean);
  for (let first = 0; first < listed.length; first += PRELOADS_PER_TASK) {
    if (first > 0) await new Promise((resolve) => setTimeout(resolve));
    for (const href of listed.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      // As the app's module scripts are fetched, so that they find this copy in the cache.
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.append(link);
    }
  }
}

/**
 * How many of the app's files the page preloads in one task: each costs its thread a request started, about 2 ms
 * here, and the 25 in one task made the page's longest task, most of its blocking time on a slow phone
 * (Lighthouse's).
 */
export const PRELOADS_PER_TASK = 4;

/** The app's script (`main.tsx`), whose `startApp` the page imports; the page names its file at build. */
type AppScript = typeof import('../main.tsx');

let appImport: { url: string; module: Promise<AppScript | undefined> } | undefined;

/**
 * Imports the app's script, once: its modules (React, Chakra building its styles, Relay, the router's screens)
 * run while a login is on its way, rather than in a page loaded after it. Undefined where the page names none, the
 * import fails (the app's files replaced by a deployment since the page loaded) or what it brings has no start:
 * the app's page loads instead.
 */
export function loadApp(
  importModule: (url: string) => Promise<unknown> = (url) => import(/* @vite-ignore */ url),
): Promise<AppScript | undefined> {
  const url = document.querySelector<HTMLMetaElement>('meta[name="portal-app-start"]')?.content;
  if (!url) return Promise.resolve(undefined);
  if (appImport?.url !== url) {
    appImport = {
      url,
      module: importModule(url).then(
        (module) =>
          typeof (module as Partial<AppScript> | undefined)?.startApp === 'function'
            ? (module as AppScript)
            : undefined,
        () => undefined,
      ),
    };
  }
  return appImport.module;
}

/**
 * For a pause of the user's, the form filled: imports the app's script, then prepares its start (`prepareApp`) in a
 * task of its own. A click only imports it (`loadApp`): signed in, the app sends its first queries before it builds
 * what it prepares, which the login's answer would otherwise wait behind.
 */
export async function readyApp(app: Promise<AppScript | undefined> = loadApp()): Promise<void> {
  const loaded = await app;
  if (loaded !== undefined) setTimeout(() => loaded.prepareApp());
}

/**
 * Signed in, the app starts in this document at `path` (`startApp`'s `inPlace`), the page's form shown until the
 * first screen replaces it; the page's style sheets leave as that screen enters. Where the app's script cannot be
 * imported or fails to start, the app's page loads at `path`.
 */
export async function enterApp(
  path: string,
  {
    app = loadApp(),
    loadPage = (page: string) => window.location.replace(page),
  }: { app?: Promise<AppScript | undefined>; loadPage?: (path: string) => void } = {},
): Promise<void> {
  const loaded = await app;
  if (loaded === undefined) {
    loadPage(path);
    return;
  }
  window.history.replaceState(null, '', path);
  const loginStyles = [...document.querySelectorAll('link[rel="stylesheet"]')];
  const container = document.createElement('div');
  container.id = 'root';
  container.append(...document.body.childNodes);
  document.body.append(container);
  try {
    loaded.startApp(container, {
      inPlace: true,
      onFirstDraw: () => {
        for (const style of loginStyles) style.remove();
      },
    });
  } catch {
    // The app's page at that address starts it afresh, or says what failed.
    loadPage(path);
  }
}

/** The app's service worker (vite-plugin-pwa's, SPEC 2): the same script and scope as the app registers. */
export const APP_SERVICE_WORKER = { url: '/sw.js', scope: '/' } as const;

/**
 * Installs the app's service worker while the user types: it precaches every file of the app, compiled, so that
 * signed in, the app starts from it. Where none can install, the preloaded first modules serve.
 */
export async function installAppWorker(
  serviceWorker: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  try {
    await serviceWorker?.register(APP_SERVICE_WORKER.url, { scope: APP_SERVICE_WORKER.scope });
  } catch {
    // Blocked (a private window, a policy): the app's first modules are in the cache already.
  }
}

/**
 * How long the page has been left alone (loaded, or the form last sent) before it installs the app's worker. A
 * user typing takes longer, and finds the app installed once signed in. One whose browser fills the form, clicking
 * at once, is signed in before: the worker's install (every file of the app fetched and compiled, about 2 s of CPU
 * on 2 cores) would otherwise run while the app starts, its first figures 200 to 300 ms later. The app installs it then, once
 * the user lets it be (`WhenQuiet`, `PwaUpdatePrompt`).
 */
export const INSTALL_WORKER_AFTER_MS = 1500;

/**
 * Installs the app's worker (`install`) once the page has stayed `delayMs` without the form being sent: each
 * sending puts it off; a failed one lets it happen while the user corrects. Answers what stops it for good (a
 * sign-in that succeeds: the app installs it once left alone).
 */
export function installWorkerWhenLeftAlone(
  form: HTMLFormElement,
  install: () => void,
  delayMs: number = INSTALL_WORKER_AFTER_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let installed = false;
  const schedule = () => {
    clearTimeout(timer);
    if (installed) return;
    timer = setTimeout(() => {
      installed = true;
      install();
    }, delayMs);
  };
  form.addEventListener('submit', schedule);
  schedule();
  return () => {
    installed = true;
    clearTimeout(timer);
  };
}

if (!import.meta.env.VITEST) {
  let stopInstallingWorker = () => {};
  startLoginPage((path) => {
    stopInstallingWorker();
    void enterApp(path);
  });
  window.addEventListener(
    'load',
    () => {
      void preloadApp();
      stopInstallingWorker = installWorkerWhenLeftAlone(
        element<HTMLFormElement>('login-form'),
        () => void installAppWorker(),
      );
    },
    { once: true },
  );
}
