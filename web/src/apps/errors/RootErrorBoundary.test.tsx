import { messages } from '@portal/domain/messages';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes, screen } from '../../test/TestWrapper.tsx';
import { isBotUserAgent } from './botUserAgent.ts';
import { CHUNK_RELOAD_WINDOW_MS, canReloadAfterChunkError, isChunkLoadError } from './chunkReload.ts';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

function failingRoutes(error: Error): RouteObject[] {
  return [
    {
      path: '/',
      errorElement: <RootErrorBoundary />,
      hydrateFallbackElement: <p>chargement</p>,
      loader: () => {
        throw error;
      },
      element: <p>jamais affiché</p>,
    },
  ];
}

describe('root error boundary', () => {
  it('shows the 404 page for an unhandled error and logs it', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(FIREFOX);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(failingRoutes(new Error('panne')));
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accéder au tableau de bord' })).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(log).toHaveBeenCalledWith('Unhandled error', expect.objectContaining({ message: 'panne' })),
    );
  });

  it('renders no error page for a bot and only logs the error', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(GOOGLEBOT);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container } = renderRoutes(failingRoutes(new Error('panne')));
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Unhandled error', expect.any(Error)));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByText(messages.notFound)).not.toBeInTheDocument();
  });

  it('reloads the page when a chunk of an older deployment fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot navigate
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/CguPage-abc.js');
    const { container } = renderRoutes(failingRoutes(chunkError));
    await vi.waitFor(() => expect(window.sessionStorage.getItem('portal:chunk-reload-at')).not.toBeNull());
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the error page when a chunk fails again within 10 seconds of a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.sessionStorage.setItem('portal:chunk-reload-at', String(Date.now() - 2_000));
    const chunkError = new TypeError('Failed to fetch dynamically imported module: /assets/CguPage-abc.js');
    renderRoutes(failingRoutes(chunkError));
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
  });
});

describe('error helpers', () => {
  it('recognises common crawlers and not browsers', () => {
    for (const agent of [
      GOOGLEBOT,
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
      'Some crawler/1.0',
      'Mozilla/5.0 (Linux; Android 6.0.1) Chrome/120 Mobile Safari/537.36 (compatible; Googlebot/2.1)',
    ]) {
      expect(isBotUserAgent(agent), agent).toBe(true);
    }
    for (const agent of [
      FIREFOX,
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36',
      '',
    ]) {
      expect(isBotUserAgent(agent), agent).toBe(false);
    }
  });

  it('reloads for a chunk error at most once in 10 seconds', () => {
    const now = 1_000_000;
    expect(canReloadAfterChunkError(now, null)).toBe(true);
    expect(canReloadAfterChunkError(now, now - 1_000)).toBe(false);
    expect(canReloadAfterChunkError(now, now - CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('panne'))).toBe(false);
  });
});
