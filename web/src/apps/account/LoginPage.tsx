import { Alert, Button, Heading, Input, Link, Stack, Text } from '@chakra-ui/react';
import { type LoginInput, loginSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginPageMutation } from '../../__generated__/LoginPageMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { PasswordInput } from '../../forms/PasswordInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths, RETURN_TO_PARAM, SESSION_EXPIRED_PARAM, safeReturnPath } from '../../paths.ts';

const loginMutation = graphql`
  mutation LoginPageMutation($input: LoginInput!) {
    login(input: $input) {
      viewer {
        id
        fullName
        hasAcceptedCGU
        typologies
        ownSiteTypology
        isRetriever
        # The session's fields (relay/viewerSession.ts): the guards read them from the store.
        permissions
      }
      userErrors {
        field
        message
      }
    }
  }
`;

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [commitLogin, isInFlight] = useMutation<LoginPageMutation>(loginMutation);
  const { form, alert, submit, outcome } = useMutationForm<LoginInput>({
    schema: loginSchema,
    defaultValues: { email: '', password: '' },
    failure: 'alert',
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit((input) => {
    commitLogin({
      variables: { input },
      // The session query of the route guards reads Query.viewer: point it at the signed-in user.
      updater: (store) => {
        const viewer = store.getRootField('login')?.getLinkedRecord('viewer');
        if (viewer) store.getRoot().setLinkedRecord(viewer, 'viewer');
      },
      ...outcome({
        result: ({ login }) => ({ userErrors: login.userErrors, ok: !!login.viewer }),
        failure: t('errors.generic'),
        error: t('errors.retryLater'),
        onSuccess: () => navigate(safeReturnPath(searchParams.get(RETURN_TO_PARAM)), { replace: true }),
      }),
    });
  });

  return (
    <Stack gap="6">
      <PageTitle title={t('login.title')} />
      <Stack gap="2">
        <Heading as="h1" size="xl">
          {t('login.title')}
        </Heading>
        <Text color="fg.muted">{t('login.intro')}</Text>
      </Stack>
      {searchParams.has(SESSION_EXPIRED_PARAM) && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('login.sessionExpired')}</Alert.Title>
        </Alert.Root>
      )}
      <FormAlert {...alert} />
      <Stack asChild gap="5">
        <form onSubmit={onSubmit} noValidate>
          <FormField label={t('login.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="username" inputMode="email" {...register('email')} />
          </FormField>
          <FormField label={t('login.password')} error={errors.password?.message} required>
            <PasswordInput autoComplete="current-password" {...register('password')} />
          </FormField>
          <Button
            type="submit"
            colorPalette="brand"
            loading={isInFlight}
            loadingText={t('login.submit')}
            width="full"
          >
            {t('login.submit')}
          </Button>
        </form>
      </Stack>
      <Link asChild alignSelf="center" color="brand.fg" fontWeight="medium">
        <RouterLink to={paths.forgotPassword}>{t('login.forgotPassword')}</RouterLink>
      </Link>
    </Stack>
  );
}
