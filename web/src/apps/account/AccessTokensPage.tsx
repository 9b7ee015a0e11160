import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Heading,
  HStack,
  Input,
  Link,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { ACCESS_TOKEN_DURATIONS, accessTokenDurationLabels, accessTokenSchema } from '@portal/domain/account';
import { messages } from '@portal/domain/messages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import type { AccessTokensPageCreateMutation } from '../../__generated__/AccessTokensPageCreateMutation.graphql.ts';
import type { AccessTokensPageQuery } from '../../__generated__/AccessTokensPageQuery.graphql.ts';
import type { AccessTokensPageRevokeMutation } from '../../__generated__/AccessTokensPageRevokeMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { CheckboxField } from '../../forms/CheckboxField.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { mutationFeedback, notifySuccess } from '../../forms/mutationFeedback.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { ProfileCard } from './ProfileCard.tsx';

export const accessTokensPageQuery = graphql`
  query AccessTokensPageQuery @preloadable {
    viewer {
      id
      ...AccessTokensPage_tokens @relay(mask: false)
    }
  }
`;

graphql`
  fragment AccessTokensPage_tokens on User {
    accessTokens {
      databaseId
      name
      readOnly
      createdAt
      expiresAt
      lastUsedAt
      expired
    }
  }
`;

const createMutation = graphql`
  mutation AccessTokensPageCreateMutation($input: CreateAccessTokenInput!) {
    createAccessToken(input: $input) {
      token
      viewer {
        id
        ...AccessTokensPage_tokens @relay(mask: false)
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const revokeMutation = graphql`
  mutation AccessTokensPageRevokeMutation($input: RevokeAccessTokenInput!) {
    revokeAccessToken(input: $input) {
      viewer {
        id
        ...AccessTokensPage_tokens @relay(mask: false)
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** The form's values: the duration as its select gives it. */
const formSchema = accessTokenSchema.extend({
  expiresInDays: z.coerce.number().pipe(accessTokenSchema.shape.expiresInDays),
});
type TokenValues = z.input<typeof formSchema>;

/**
 * `/mon-profil/acces`: personal access tokens for reporting scripts and internal tools. A new token is shown once,
 * with how to use it; the list says when each was last used and lets it be revoked.
 */
export function AccessTokensPage() {
  const { t } = useTranslation();
  const data = usePreloadedRouteQuery<AccessTokensPageQuery>(accessTokensPageQuery);
  const [shown, setShown] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const [commitRevoke, revokeInFlight] = useMutation<AccessTokensPageRevokeMutation>(revokeMutation);
  const viewer = data.viewer;
  if (!viewer) return null;
  const revoke = () => {
    if (revoking === null) return;
    commitRevoke({
      variables: { input: { accessTokenId: revoking.id } },
      ...mutationFeedback({
        result: ({ revokeAccessToken }) => ({
          userErrors: revokeAccessToken.userErrors,
          ok: !!revokeAccessToken.viewer,
        }),
        failure: messages.accessTokenRevokeError,
        onSettled: () => setRevoking(null),
        onSuccess: () => notifySuccess(messages.accessTokenRevoked),
      }),
    });
  };
  const columns = [
    { label: t('accessTokens.name') },
    { label: t('accessTokens.rights') },
    { label: t('accessTokens.createdAt') },
    { label: t('accessTokens.expiresAt') },
    { label: t('accessTokens.lastUsedAt') },
    { label: t('accessTokens.revoke'), actions: true, hideLabel: true },
  ];

  return (
    <Stack gap="6" maxW="5xl">
      <PageTitle title={t('accessTokens.title')} />
      <Stack gap="1">
        <Link asChild fontSize="sm" alignSelf="start">
          <RouterLink to={paths.profile}>{t('accessTokens.back')}</RouterLink>
        </Link>
        <Heading as="h1" size="2xl">
          {t('accessTokens.title')}
        </Heading>
        <Text color="fg.muted">{t('accessTokens.intro')}</Text>
      </Stack>
      {shown && <NewToken name={shown.name} token={shown.token} onDone={() => setShown(null)} />}
      <CreateTokenCard onCreated={setShown} />
      <ProfileCard title={t('accessTokens.list')}>
        {viewer.accessTokens.length === 0 ? (
          <Text color="fg.muted">{t('accessTokens.empty')}</Text>
        ) : (
          <ResponsiveTable columns={columns} label={t('accessTokens.list')}>
            {viewer.accessTokens.map((token) => (
              <Table.Row key={token.databaseId}>
                <Table.Cell>
                  <Text fontWeight="medium">{token.name}</Text>
                </Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={token.readOnly ? 'gray' : 'orange'}>
                    {token.readOnly ? t('accessTokens.readOnly') : t('accessTokens.readWrite')}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{formatDateTime(token.createdAt)}</Table.Cell>
                <Table.Cell>
                  {formatDateTime(token.expiresAt)}{' '}
                  {token.expired && (
                    <Badge colorPalette="red" ms="1">
                      {t('accessTokens.expired')}
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('accessTokens.neverUsed')}
                </Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('accessTokens.revokeNamed', { name: token.name })}
                    onClick={() => setRevoking({ id: token.databaseId, name: token.name })}
                  >
                    {t('accessTokens.revoke')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </ResponsiveTable>
        )}
      </ProfileCard>
      <ConfirmDialog
        open={revoking !== null}
        title={t('accessTokens.revokeTitle')}
        description={t('accessTokens.revokeText', { name: revoking?.name ?? '' })}
        confirmLabel={t('accessTokens.revoke')}
        loading={revokeInFlight}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
    </Stack>
  );
}

/** A name, a duration and the rights of a new token. */
function CreateTokenCard({ onCreated }: { onCreated: (created: { name: string; token: string }) => void }) {
  const { t } = useTranslation();
  const [commit, isInFlight] = useMutation<AccessTokensPageCreateMutation>(createMutation);
  const { form, alert, submit, outcome } = useMutationForm<TokenValues, z.output<typeof formSchema>>({
    schema: formSchema,
    defaultValues: { name: '', expiresInDays: '90', readOnly: true },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const send = submit((input) => {
    commit({
      variables: { input },
      ...outcome({
        result: ({ createAccessToken }) => ({
          userErrors: createAccessToken.userErrors,
          ok: !!createAccessToken.token,
        }),
        success: messages.accessTokenCreated,
        failure: messages.accessTokenError,
        onSuccess: ({ createAccessToken }) => {
          if (createAccessToken.token) onCreated({ name: input.name, token: createAccessToken.token });
          form.reset();
        },
      }),
    });
  });
  return (
    <ProfileCard title={t('accessTokens.create')}>
      <form noValidate onSubmit={send}>
        <Stack gap="4">
          <FormAlert {...alert} />
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
            <FormField
              label={t('accessTokens.name')}
              helperText={t('accessTokens.nameHelp')}
              error={errors.name?.message}
              required
            >
              <Input {...register('name')} />
            </FormField>
            <FormField label={t('accessTokens.duration')} error={errors.expiresInDays?.message} required>
              <SelectInput registration={register('expiresInDays')}>
                {ACCESS_TOKEN_DURATIONS.map((days) => (
                  <option key={days} value={String(days)}>
                    {accessTokenDurationLabels[days]}
                  </option>
                ))}
              </SelectInput>
            </FormField>
          </Box>
          <CheckboxField control={control} name="readOnly" label={t('accessTokens.readOnlyChoice')} />
          <HStack>
            <Button type="submit" colorPalette="brand" loading={isInFlight}>
              {t('accessTokens.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </ProfileCard>
  );
}

/** The token just made, shown this once, with a copy button and how a script uses it. */
function NewToken({ name, token, onDone }: { name: string; token: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Alert.Root status="success" role="status" alignItems="start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('accessTokens.newTitle', { name })}</Alert.Title>
        <Alert.Description>
          <Stack gap="3" mt="2">
            <Text>{t('accessTokens.newText')}</Text>
            <Code
              aria-label={t('accessTokens.tokenLabel')}
              p="2"
              fontSize="sm"
              wordBreak="break-all"
              whiteSpace="pre-wrap"
            >
              {token}
            </Code>
            <Text fontSize="sm">{t('accessTokens.usage')}</Text>
            <Code p="2" fontSize="xs" wordBreak="break-all" whiteSpace="pre-wrap">
              {`curl -H "Authorization: Bearer ${token}" -H "Content-Type: application/json" \\\n  -d '{"query":"{ viewer { registerLines(first: 10) { totalCount } } }"}' ${window.location.origin}/graphql`}
            </Code>
            <HStack gap="2" wrap="wrap">
              <Button
                size="sm"
                variant="outline"
                onClick={async () => {
                  await navigator.clipboard.writeText(token);
                  setCopied(true);
                }}
              >
                {copied ? t('accessTokens.copied') : t('accessTokens.copy')}
              </Button>
              <Button size="sm" variant="ghost" onClick={onDone}>
                {t('accessTokens.done')}
              </Button>
            </HStack>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
