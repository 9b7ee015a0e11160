import { Button } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { StartLinkButtonMutation } from '../../__generated__/StartLinkButtonMutation.graphql.ts';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';

const startLinkMutation = graphql`
  mutation StartLinkButtonMutation($input: StartTrackdechetsLinkInput!) {
    startTrackdechetsLink(input: $input) {
      authorizeUrl
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * Starts linking the viewer's Trackdéchets account: the api gives Trackdéchets' authorisation page (with its
 * single-use `state`), which the browser opens in a full page load; Trackdéchets then sends it back to
 * `/customer/Validatetrackdechets`. A refusal is toasted; the button stays busy until the page is left.
 */
export function StartLinkButton({ label, size = 'sm' }: { label: string; size?: 'xs' | 'sm' | 'md' }) {
  const [commit, inFlight] = useMutation<StartLinkButtonMutation>(startLinkMutation);
  const [leaving, setLeaving] = useState(false);
  const start = () =>
    commit({
      variables: { input: {} },
      ...mutationFeedback({
        result: ({ startTrackdechetsLink }) => ({
          userErrors: startTrackdechetsLink.userErrors,
          ok: !!startTrackdechetsLink.authorizeUrl,
        }),
        failure: messages.trackdechetsLinkFailed,
        onSuccess: ({ startTrackdechetsLink }) => {
          if (!startTrackdechetsLink.authorizeUrl) return;
          setLeaving(true);
          window.location.assign(startTrackdechetsLink.authorizeUrl);
        },
      }),
    });
  return (
    <Button colorPalette="brand" size={size} alignSelf="start" loading={inFlight || leaving} onClick={start}>
      {label}
    </Button>
  );
}
