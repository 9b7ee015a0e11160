import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { idFromIri } from '@portal/domain/iri';
import { messages } from '@portal/domain/messages';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { EmailConfirmPageMutation } from '../../__generated__/EmailConfirmPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { paths } from '../../paths.ts';

const confirmMutation = graphql`
  mutation EmailConfirmPageMutation($input: ConfirmEmailChangeInput!) {
    confirmEmailChange(input: $input) {
      ok
      email
      linkExpired
      viewer {
        id
        email
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type Outcome =
  | { state: 'pending' }
  | { state: 'done'; signedIn: boolean }
  | { state: 'failed'; message: string };

/** The page of the mailed link `/mon-profil/email?id={userId}&token={token}`: it confirms once, on arrival. */
export function EmailConfirmPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const userId = idFromIri(searchParams.get('id'));
  const token = searchParams.get('token')?.trim() ?? '';
  const [commit] = useMutation<EmailConfirmPageMutation>(confirmMutation);
  const [outcome, setOutcome] = useState<Outcome>(
    userId === null || token === ''
      ? { state: 'failed', message: t('emailChange.invalidLink') }
      : { state: 'pending' },
  );
  const sent = useRef(false);

  useEffect(() => {
    if (userId === null || token === '' || sent.current) return;
    sent.current = true;
    commit({
      variables: { input: { userId, token } },
      onCompleted: ({ confirmEmailChange }) =>
        setOutcome(
          confirmEmailChange.ok
            ? { state: 'done', signedIn: confirmEmailChange.viewer !== null }
            : {
                state: 'failed',
                message: confirmEmailChange.userErrors[0]?.message ?? messages.emailLinkExpired,
              },
        ),
      onError: () => setOutcome({ state: 'failed', message: messages.retryLater }),
    });
  }, [commit, userId, token]);

  return (
    <Stack gap="6">
      <PageTitle title={t('emailChange.title')} />
      <Heading as="h1" size="xl">
        {t('emailChange.title')}
      </Heading>
      {outcome.state === 'pending' && <Text role="status">{t('emailChange.confirming')}</Text>}
      {outcome.state === 'done' && (
        <Stack gap="5">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{messages.emailChangeConfirmed}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand" width="full">
            <RouterLink to={outcome.signedIn ? paths.profile : paths.login}>
              {outcome.signedIn ? t('emailChange.toProfile') : t('emailChange.toLogin')}
            </RouterLink>
          </Button>
        </Stack>
      )}
      {outcome.state === 'failed' && (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Description>{outcome.message}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
