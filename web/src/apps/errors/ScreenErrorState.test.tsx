import { messages } from '@portal/domain/messages';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { renderRoutes, screen } from '../../test/TestWrapper.tsx';
import { RootErrorBoundary } from './RootErrorBoundary.tsx';
import { ScreenErrorState } from './ScreenErrorState.tsx';

const REQUEST_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

function failingScreen(error: Error, errorElement = <ScreenErrorState />): RouteObject[] {
  return [
    {
      path: '/',
      errorElement,
      hydrateFallbackElement: <p>chargement</p>,
      loader: () => {
        throw error;
      },
      element: <p>jamais affiché</p>,
    },
  ];
}

const upstreamError = () =>
  new GraphQLRequestError(
    'SomeScreenQuery: indisponible',
    200,
    [{ message: messages.retryLater, extensions: { code: 'UPSTREAM_ERROR', requestId: REQUEST_ID } }],
    REQUEST_ID,
  );

describe('the reference of a failed request', () => {
  it('is shown in French below the error of a screen, for the user to quote', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(failingScreen(upstreamError()));
    expect(await screen.findByText(messages.retryLater)).toBeInTheDocument();
    expect(screen.getByText(`Référence de l'erreur : ${REQUEST_ID}`)).toBeInTheDocument();
  });

  it('is shown on the page of a fatal error too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(failingScreen(upstreamError(), <RootErrorBoundary />));
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(screen.getByText(`Référence de l'erreur : ${REQUEST_ID}`)).toBeInTheDocument();
  });

  it('is not shown for an error that is no request of the graph', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(failingScreen(new Error('panne')));
    expect(await screen.findByText(messages.retryLater)).toBeInTheDocument();
    expect(screen.queryByText(/Référence de l'erreur/)).not.toBeInTheDocument();
  });
});
