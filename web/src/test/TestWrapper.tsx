import { act, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, type DataRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import type { IEnvironment, OperationDescriptor } from 'relay-runtime';
import {
  createMockEnvironment,
  type MockEnvironment,
  MockPayloadGenerator,
  type MockResolvers,
} from 'relay-test-utils';
import { AppProviders } from '../AppProviders.tsx';
import { createAppRouter } from '../routes.tsx';

/**
 * The one test wrapper: the app's providers (Relay mock environment, Chakra, i18n) around a memory router.
 * `renderRoute` renders the real route table at a path; `renderRoutes` renders routes a test defines.
 */
export type { MockEnvironment };

/**
 * Renders the app's real route table at a path (`strict`: in React's strict mode, as the app runs), on a Relay
 * mock environment unless given another.
 */
export function renderRoute<TEnvironment extends IEnvironment>(
  path: string,
  environment: TEnvironment,
  options?: { strict?: boolean },
): RenderedRouter<TEnvironment>;
export function renderRoute(
  path: string,
  environment?: MockEnvironment,
  options?: { strict?: boolean },
): RenderedRouter<MockEnvironment>;
export function renderRoute(
  path: string,
  environment: IEnvironment = createMockEnvironment(),
  { strict = false }: { strict?: boolean } = {},
) {
  const router = createAppRouter(environment, (routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  return renderRouter(router, environment, strict);
}

/** Renders any route objects (layouts, error boundaries) with the same providers. */
export function renderRoutes<TEnvironment extends IEnvironment = MockEnvironment>(
  routes: RouteObject[],
  options: { path?: string; environment?: TEnvironment; strict?: boolean } = {},
) {
  const environment = options.environment ?? (createMockEnvironment() as IEnvironment as TEnvironment);
  const router = createMemoryRouter(routes, { initialEntries: [options.path ?? '/'] });
  return renderRouter(router, environment, options.strict ?? false);
}

type RenderedRouter<TEnvironment extends IEnvironment> = ReturnType<typeof render> & {
  router: DataRouter;
  environment: TEnvironment;
  user: ReturnType<typeof userEvent.setup>;
};

function renderRouter<TEnvironment extends IEnvironment>(
  router: DataRouter,
  environment: TEnvironment,
  strict: boolean,
): RenderedRouter<TEnvironment> {
  // No pointer-events check before each action: it reads computed styles up the tree, slow in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const app = (
    <AppProviders environment={environment}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, environment, user };
}

function operationName(operation: OperationDescriptor): string {
  return operation.request.node.params.name;
}

/** The names of the operations sent and not answered yet, in order. */
export function pendingOperationNames(environment: MockEnvironment): string[] {
  return environment.mock.getAllOperations().map(operationName);
}

/** The pending operation of that name, once the app has sent it. */
export async function findOperation(
  environment: MockEnvironment,
  name: string,
): Promise<OperationDescriptor> {
  let found: OperationDescriptor | undefined;
  await waitFor(() => {
    found = environment.mock.getAllOperations().find((operation) => operationName(operation) === name);
    if (!found)
      throw new Error(
        `Operation ${name} not sent; pending: ${pendingOperationNames(environment).join(', ') || 'none'}`,
      );
  });
  return found as OperationDescriptor;
}

/** Fails the named operation as the network layer would (a gateway down, a refusal). */
export async function rejectOperation(
  environment: MockEnvironment,
  name: string,
  error: Error,
): Promise<void> {
  const operation = await findOperation(environment, name);
  act(() => environment.mock.reject(operation, error));
}

/** Mock values per GraphQL type name (`{ User: { fullName: 'Claire Martin' } }`); the rest is generated. */
export type TypeValues = Record<string, Record<string, unknown>>;

function toResolvers(values: TypeValues): MockResolvers {
  return Object.fromEntries(Object.entries(values).map(([type, value]) => [type, () => value]));
}

/** Waits until the app sends the named operation, then answers it with data generated from the values. */
export async function resolveOperation(
  environment: MockEnvironment,
  name: string,
  values: TypeValues = {},
): Promise<OperationDescriptor> {
  const operation = await findOperation(environment, name);
  const payload = MockPayloadGenerator.generate(operation, toResolvers(values));
  // Every screen reads one viewer: an answer giving it a generated id would repoint the store's viewer at another
  // record, and a layout rendering in between would miss its fields (a failure only a slow machine shows).
  const viewerId = (payload.data as { viewer?: { id?: unknown } } | undefined)?.viewer?.id;
  if (typeof viewerId === 'string' && viewerId.includes('mock-id'))
    throw new Error(`${name}: give the viewer its id (User: { id: USER_ID }), not a generated one`);
  act(() => {
    environment.mock.resolve(operation, payload);
  });
  return operation;
}

/** Signs a user in for the route guards (the session query every authenticated loader awaits). */
export async function resolveSession(
  environment: MockEnvironment,
  viewer: {
    hasAcceptedCGU: boolean;
    /** The user's typologies (the route guards' audiences); by default its own site typology's. */
    typologies?: ('PRODUCER' | 'RETRIEVER' | 'CARRIER')[];
    ownSiteTypology?: 'PRODUCER' | 'RETRIEVER';
    isRetriever?: boolean;
    /** What the api's policy allows (`admin:manage` for the operator's administrators); none by default. */
    permissions?: string[];
  } | null,
) {
  const typologies = viewer?.typologies ?? [
    viewer?.ownSiteTypology ?? (viewer?.isRetriever ? 'RETRIEVER' : 'PRODUCER'),
  ];
  const permissions = viewer?.permissions ?? [];
  await resolveOperation(environment, 'viewerSessionQuery', {
    Query: { viewer: viewer === null ? null : { id: 'VXNlcjox', ...viewer, typologies, permissions } },
  });
}

export { screen };
