import type { ApolloServerPlugin } from '@apollo/server';
import type { GatewayContext } from './context.ts';

/** graphql-js's hint at the end of a message: ` Did you mean "viewer"?`, ` Did you mean the enum value "X"?`. */
const SUGGESTION = / ?Did you mean .+\?$/;

/**
 * Outside development, the errors Apollo reports name no field, argument or enum value the caller did not
 * write: "Did you mean ...?" would tell the schema that introspection keeps hidden. Apollo's own option masks
 * validation's hints only, not those of the variables' coercion; the guard's validation hides them itself.
 */
export function noSuggestionsPlugin(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) error.message = error.message.replace(SUGGESTION, '');
        },
      };
    },
  };
}
