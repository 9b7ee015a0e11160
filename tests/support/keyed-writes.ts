import { randomUUID } from 'node:crypto';

/** A graph answer as a client reads it: the data, or errors with their code. */
export interface GraphAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
}

export const CREATE_ENTITY = `mutation ($input: CreateEntityInput!) {
  createEntity(input: $input) { entity { databaseId } userErrors { message } }
}`;

/**
 * One intended creation of a chantier named `name`, sent through `send` with one clientMutationId again and
 * again until it is acknowledged (its id) or `stopped` says to give up (null), as a client that retries safely.
 */
export async function createEntityUntilAcknowledged(
  send: (query: string, variables: object) => Promise<GraphAnswer>,
  establishmentId: string,
  name: string,
  stopped: () => boolean,
): Promise<number | null> {
  const input = { establishmentId, name, startDate: '2026-01-05', clientMutationId: randomUUID() };
  while (!stopped()) {
    const answer = await send(CREATE_ENTITY, { input });
    const created = (answer.data?.createEntity as { entity: { databaseId: number } | null } | undefined)
      ?.entity;
    if (created) return created.databaseId;
  }
  return null;
}
