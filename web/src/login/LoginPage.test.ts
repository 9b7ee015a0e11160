import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '@portal/domain/messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withFrenchTexts } from '../../vite/loginPage.ts';
import LoginPageMutation from '../__generated__/LoginPageMutation.graphql.ts';
import viewerSessionQuery from '../__generated__/viewerSessionQuery.graphql.ts';
import { paths } from '../paths.ts';
import {
  APP_SERVICE_WORKER,
  enterApp,
  INSTALL_WORKER_AFTER_MS,
  installAppWorker,
  installWorkerWhenLeftAlone,
  loadApp,
  PRELOADS_PER_TASK,
  PREPARE_AFTER_PAUSE_MS,
  preloadApp,
  readyApp,
  returnTarget,
  startLoginPage,
} from './LoginPage.ts';

/** login.html as the build writes it: its French texts in place. */
const page = withFrenchTexts(readFileSync(join(import.meta.dirname, '../../login.html'), 'utf8'));

interface Sent {
  docId: string;
  variables: Record<string, unknown>;
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/**
 * Opens the page at `search` with the gateway answering `session` to the session query and `login` to the
 * login mutation; returns what was sent and where the page sent the user.
 */
function openLoginPage({
  search = '',
  signedIn = false,
  login = async () => json({ data: { login: { viewer: { id: 'VXNlcjox' }, userErrors: [] } } }),
}: {
  search?: string;
  signedIn?: boolean;
  login?: () => Promise<Response>;
} = {}) {
  window.history.replaceState(null, '', `/customer/Login${search}`);
  const parsed = new DOMParser().parseFromString(page, 'text/html');
  // The body's content, not the body: screen queries the body of the page's start. The head stays the test
  // page's (the style sheets of the other tests of this worker live there).
  document.title = parsed.title;
  document.body.innerHTML = parsed.body.innerHTML;
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      const { doc_id, variables } = JSON.parse(String(init?.body)) as {
        doc_id: string;
        variables: Sent['variables'];
      };
      sent.push({ docId: doc_id, variables });
      if (doc_id === viewerSessionQuery.params.id) {
        return json({ data: { viewer: signedIn ? { id: 'VXNlcjox', hasAcceptedCGU: true } : null } });
      }
      return login();
    }),
  );
  const leave = vi.fn();
  const prepareLeaving = vi.fn();
  const readyWhilePaused = vi.fn();
  startLoginPage(leave, prepareLeaving, readyWhilePaused);
  const logins = () => sent.filter((request) => request.docId === LoginPageMutation.params.id);
  return { user: userEvent.setup(), leave, prepareLeaving, readyWhilePaused, logins };
}

const emailField = () => screen.getByLabelText(/^Adresse e-mail/);
const passwordField = () => screen.getByLabelText(/^Mot de passe/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Se connecter' });

/** What a test adds to the head, removed after it. */
const added: Element[] = [];
afterEach(() => {
  for (const element of added.splice(0)) element.remove();
});

/** A `<meta>` the login build writes into the page: the app's first files, its script. */
function pageMeta(name: 'portal-app-files' | 'portal-app-start', content: string): void {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
  added.push(meta);
}

/** The modules the page preloads, with how (removed after each test with the page's other additions). */
function preloaded(): [string, string | null][] {
  const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
  added.push(...links);
  return links.map((link) => [new URL(link.href).pathname, link.crossOrigin]);
}

describe('the login page (login.html)', () => {
  it("carries the app's French texts, and links to the app's pages", () => {
    openLoginPage();
    expect(document.title).toBe('Connexion · Portail déchets');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute(
      'href',
      paths.forgotPassword,
    );
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', paths.legalNotice);
    expect(screen.queryByText(/\{\{/)).not.toBeInTheDocument();
    // The session's notice shows only when the app sent the user here for that reason.
    expect(screen.queryByText(messages.unauthenticated)).not.toBeInTheDocument();
  });

  it('says the session expired when the app sent the user here for that reason', () => {
    openLoginPage({ search: '?session=expiree' });
    expect(screen.getByText(messages.unauthenticated)).toBeVisible();
  });

  it("shows loginSchema's messages under the fields, linked to them, and sends nothing invalid", async () => {
    const { user, logins } = openLoginPage();
    await user.click(submitButton());
    expect(emailField()).toHaveAccessibleDescription(messages.required);
    expect(passwordField()).toHaveAccessibleDescription(messages.passwordRequired);
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveFocus();

    await user.type(emailField(), 'pas-une-adresse');
    await user.type(passwordField(), 'Secret1!');
    await user.click(submitButton());
    expect(emailField()).toHaveAccessibleDescription(messages.invalidEmail);
    expect(passwordField()).not.toHaveAttribute('aria-invalid');
    expect(logins()).toEqual([]);
  });

  it('shows the refusal the gateway answers and keeps what was typed', async () => {
    const { user, leave, logins } = openLoginPage({
      login: async () =>
        json({
          data: {
            login: { viewer: null, userErrors: [{ field: [], message: messages.invalidCredentials }] },
          },
        }),
    });
    await user.type(emailField(), 'claire@exemple.fr');
    await user.type(passwordField(), 'mauvais');
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);
    expect(logins().map((request) => request.variables)).toEqual([
      { input: { email: 'claire@exemple.fr', password: 'mauvais' } },
    ]);
    expect(submitButton()).toBeEnabled();
    expect(emailField()).toHaveValue('claire@exemple.fr');
    expect(leave).not.toHaveBeenCalled();
  });

  it('says to retry later when the gateway cannot be reached', async () => {
    const { user } = openLoginPage({
      login: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await user.type(emailField(), 'claire@exemple.fr');
    await user.type(passwordField(), 'Secret1!');
    await user.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.retryLater);
    expect(submitButton()).toBeEnabled();
  });

  it('signed in, goes where the user was heading: on this site only', async () => {
    const { user, leave, prepareLeaving } = openLoginPage({
      search: '?redirect=%2Fmes-couts%3Fetablissement%3D3',
    });
    await user.type(emailField(), 'claire@exemple.fr');
    await user.type(passwordField(), 'Secret1!');
    expect(prepareLeaving).not.toHaveBeenCalled();
    await user.pointer({ keys: '[MouseLeft>]', target: submitButton() });
    // Readied as the button is pressed, and again (its work done once) as the login leaves, before its answer.
    expect(prepareLeaving).toHaveBeenCalledTimes(1);
    await user.pointer({ keys: '[/MouseLeft]', target: submitButton() });
    expect(prepareLeaving).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/mes-couts?etablissement=3'));

    expect(returnTarget('?redirect=%2F%2Fexemple.com')).toBe('/');
    expect(returnTarget('?redirect=%2F%5Cexemple.com')).toBe('/');
    expect(returnTarget('?redirect=https%3A%2F%2Fexemple.com')).toBe('/');
    expect(returnTarget('')).toBe('/');
  });

  it('readies signing in once the user has filled both fields and paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { prepareLeaving, readyWhilePaused } = openLoginPage();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.type(emailField(), 'claire@exemple.fr');
      await vi.advanceTimersByTimeAsync(PREPARE_AFTER_PAUSE_MS * 2);
      expect(readyWhilePaused).not.toHaveBeenCalled();
      await user.type(passwordField(), 'Secr');
      await vi.advanceTimersByTimeAsync(PREPARE_AFTER_PAUSE_MS - 50);
      // Typing on puts it off.
      await user.type(passwordField(), 'et1!');
      await vi.advanceTimersByTimeAsync(PREPARE_AFTER_PAUSE_MS - 50);
      expect(readyWhilePaused).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(50);
      expect(readyWhilePaused).toHaveBeenCalledTimes(1);
      // The button's readying is for a click.
      expect(prepareLeaving).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a user already signed in where they were heading', async () => {
    const { leave } = openLoginPage({ search: '?redirect=%2Fdocuments', signedIn: true });
    await waitFor(() => expect(leave).toHaveBeenCalledWith('/documents'));
  });

  it('shows and hides the password', async () => {
    const { user } = openLoginPage();
    const toggle = screen.getByRole('button', { name: 'Afficher le mot de passe' });
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Masquer le mot de passe');
    await user.click(toggle);
    expect(passwordField()).toHaveAttribute('type', 'password');
  });

  it("preloads the app's first modules, as the app's module scripts are fetched, a few in each task", async () => {
    const files = Array.from({ length: PRELOADS_PER_TASK + 2 }, (_, index) => `/assets/file-${index}.js`);
    pageMeta('portal-app-files', files.join(' '));
    const done = preloadApp();
    // The first task's share, then the rest in the next.
    expect(preloaded()).toEqual(files.slice(0, PRELOADS_PER_TASK).map((file) => [file, 'anonymous']));
    await done;
    expect(preloaded()).toEqual(files.map((file) => [file, 'anonymous']));
  });

  it("imports the app's script the page names, once, and nothing where it names none or the import fails", async () => {
    const importModule = vi.fn(async (url: string) => ({ startApp: vi.fn(), url }));
    await expect(loadApp(importModule)).resolves.toBeUndefined();
    expect(importModule).not.toHaveBeenCalled();

    pageMeta('portal-app-start', '/assets/main-a.js');
    const app = await loadApp(importModule);
    expect(app).toMatchObject({ url: '/assets/main-a.js' });
    expect(await loadApp(importModule)).toBe(app);
    expect(importModule).toHaveBeenCalledTimes(1);

    // A page naming another file (a later build) imports that one.
    for (const named of document.head.querySelectorAll('meta[name="portal-app-start"]')) named.remove();
    pageMeta('portal-app-start', '/assets/main-b.js');
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    await expect(loadApp(failing)).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalledWith('/assets/main-b.js');

    for (const named of document.head.querySelectorAll('meta[name="portal-app-start"]')) named.remove();
    pageMeta('portal-app-start', '/assets/other-c.js');
    await expect(loadApp(async () => ({ somethingElse: true }))).resolves.toBeUndefined();
  });

  it("readies the app's start in a task after its script's import, where the script could be imported", async () => {
    vi.useFakeTimers();
    try {
      const prepareApp = vi.fn();
      await readyApp(Promise.resolve({ startApp: vi.fn(), prepareApp }));
      // Not in the task that ran the script's modules.
      expect(prepareApp).not.toHaveBeenCalled();
      await vi.runAllTimersAsync();
      expect(prepareApp).toHaveBeenCalledTimes(1);

      await readyApp(Promise.resolve(undefined));
      await vi.runAllTimersAsync();
      expect(prepareApp).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('starts the app in its own document, the form shown until the first screen replaces it', async () => {
    openLoginPage();
    const loginStyle = document.createElement('link');
    loginStyle.rel = 'stylesheet';
    loginStyle.href = '/assets/login/login-a.css';
    document.head.append(loginStyle);
    added.push(loginStyle);
    const startApp = vi.fn();
    const loadPage = vi.fn();

    await enterApp('/documents?annee=2026', {
      app: Promise.resolve({ startApp, prepareApp: vi.fn() }),
      loadPage,
    });

    expect(window.location.pathname + window.location.search).toBe('/documents?annee=2026');
    const root = document.getElementById('root');
    expect(root?.parentElement).toBe(document.body);
    expect(document.body.children).toHaveLength(1);
    expect(root).toContainElement(submitButton());
    expect(startApp).toHaveBeenCalledWith(root, { inPlace: true, onFirstDraw: expect.any(Function) });
    expect(loginStyle.isConnected).toBe(true);
    startApp.mock.calls[0]?.[1].onFirstDraw();
    expect(loginStyle.isConnected).toBe(false);
    expect(loadPage).not.toHaveBeenCalled();
  });

  it("loads the app's page where its script could not be imported, or failed to start", async () => {
    openLoginPage();
    const loadPage = vi.fn();
    await enterApp('/documents', { app: Promise.resolve(undefined), loadPage });
    expect(loadPage).toHaveBeenCalledWith('/documents');
    expect(document.getElementById('root')).toBeNull();
    expect(window.location.pathname).toBe('/customer/Login');

    const startApp = vi.fn(() => {
      throw new Error('Minified React error');
    });
    await enterApp('/operations', { app: Promise.resolve({ startApp, prepareApp: vi.fn() }), loadPage });
    expect(startApp).toHaveBeenCalledTimes(1);
    expect(loadPage).toHaveBeenLastCalledWith('/operations');
  });

  it("installs the app's service worker while the user types", async () => {
    const register = vi.fn(async () => ({}) as ServiceWorkerRegistration);
    await installAppWorker({ register } as unknown as ServiceWorkerContainer);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(APP_SERVICE_WORKER).toEqual({ url: '/sw.js', scope: '/' });
  });

  it('leaves the page as it is where no service worker installs', async () => {
    await expect(installAppWorker(undefined)).resolves.toBeUndefined();
    const register = vi.fn(async () => {
      throw new DOMException('Service workers are blocked', 'SecurityError');
    });
    await expect(
      installAppWorker({ register } as unknown as ServiceWorkerContainer),
    ).resolves.toBeUndefined();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it("installs the app's worker once the page is left alone, each sending of the form putting it off", async () => {
    vi.useFakeTimers();
    try {
      const form = document.createElement('form');
      const install = vi.fn();
      installWorkerWhenLeftAlone(form, install);
      await vi.advanceTimersByTimeAsync(INSTALL_WORKER_AFTER_MS - 100);
      form.dispatchEvent(new Event('submit'));
      await vi.advanceTimersByTimeAsync(INSTALL_WORKER_AFTER_MS - 1);
      expect(install).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(install).toHaveBeenCalledTimes(1);
      form.dispatchEvent(new Event('submit'));
      await vi.advanceTimersByTimeAsync(INSTALL_WORKER_AFTER_MS * 2);
      expect(install).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops for good once told: a sign-in that succeeds leaves the worker's install to the app", async () => {
    vi.useFakeTimers();
    try {
      const form = document.createElement('form');
      const install = vi.fn();
      const stop = installWorkerWhenLeftAlone(form, install);
      await vi.advanceTimersByTimeAsync(INSTALL_WORKER_AFTER_MS - 1);
      stop();
      form.dispatchEvent(new Event('submit'));
      await vi.advanceTimersByTimeAsync(INSTALL_WORKER_AFTER_MS * 2);
      expect(install).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
