import { Environment, Network, RecordSource, Store } from 'relay-runtime';
import { createFetchFunction, type FetchGraphQLOptions } from './fetchGraphQL.ts';

export function createRelayEnvironment(options: FetchGraphQLOptions): Environment {
  return new Environment({
    network: Network.create(createFetchFunction(options)),
    store: new Store(new RecordSource()),
    isServer: false,
  });
}
