import { Button, Card, DataList, Heading, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ProfileInput, profileSchema } from '@portal/domain/account';
import { messages } from '@portal/domain/messages';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type {
  ProfilePageQuery,
  ProfilePageQuery$data,
} from '../../__generated__/ProfilePageQuery.graphql.ts';
import type { ProfilePageUpdateMutation } from '../../__generated__/ProfilePageUpdateMutation.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { ProfileCard } from './ProfileCard.tsx';
import { EmailChangeCard, PasswordCard, SessionsCard } from './ProfileSecurity.tsx';

export const profilePageQuery = graphql`
  query ProfilePageQuery @preloadable {
    viewer {
      id
      email
      lastname
      firstname
      phone
      function
      notificationEmail
      companies {
        id
        name
      }
      establishments(first: 10) {
        totalCount
        edges {
          node {
            id
            displayName
          }
        }
      }
      ...ProfileSecurity_sessions
    }
  }
`;

const updateProfileMutation = graphql`
  mutation ProfilePageUpdateMutation($input: UpdateProfileInput!) {
    updateProfile(input: $input) {
      viewer {
        id
        fullName
        lastname
        firstname
        phone
        function
        notificationEmail
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type Viewer = NonNullable<ProfilePageQuery$data['viewer']>;

/** SPEC 2 `/mon-profil`: the user's details, organisation, login e-mail, password and open sessions. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<ProfilePageQuery>(profilePageQuery);
  if (!viewer) return null;
  return (
    <Stack gap="6" maxW="5xl">
      <PageTitle title={t('profile.title')} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('profile.title')}
        </Heading>
        <Text color="fg.muted">{t('profile.intro')}</Text>
      </Stack>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="6" alignItems="start">
        <InformationCard viewer={viewer} />
        <Stack gap="6">
          <OrganisationCard viewer={viewer} />
          <Card.Root>
            <Card.Body>
              <Link asChild colorPalette="brand" fontWeight="medium">
                <RouterLink to={paths.profileNotifications}>{t('profile.notificationsLink')}</RouterLink>
              </Link>
              <Link asChild colorPalette="brand" fontWeight="medium" display="block" mt="2">
                <RouterLink to={paths.accessTokens}>{t('profile.accessTokensLink')}</RouterLink>
              </Link>
            </Card.Body>
          </Card.Root>
        </Stack>
        <EmailChangeCard email={viewer.email} />
        <PasswordCard />
      </SimpleGrid>
      <SessionsCard viewer={viewer} />
    </Stack>
  );
}

const text = (value: string | null | undefined) => value ?? '';

function InformationCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [commit, isInFlight] = useMutation<ProfilePageUpdateMutation>(updateProfileMutation);
  const { form, alert, submit, outcome } = useMutationForm<ProfileInput>({
    schema: profileSchema,
    defaultValues: {
      lastname: text(viewer.lastname),
      firstname: text(viewer.firstname),
      phone: text(viewer.phone),
      function: text(viewer.function),
      notificationEmail: text(viewer.notificationEmail),
    },
    requireChange: true,
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;

  const onSubmit = submit((values) => {
    commit({
      variables: { input: values },
      ...outcome({
        result: ({ updateProfile }) => ({ userErrors: updateProfile.userErrors, ok: !!updateProfile.viewer }),
        success: messages.profileUpdated,
        failure: messages.profileUpdateError,
        // What was saved is the form's new starting point: saving it again changes nothing.
        onSuccess: () => reset(form.getValues()),
      }),
    });
  });

  return (
    <ProfileCard title={t('profile.information')}>
      <Stack asChild gap="4">
        <form onSubmit={onSubmit} noValidate>
          <FormAlert {...alert} />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label={t('profile.lastname')} error={errors.lastname?.message} required>
              <Input autoComplete="family-name" {...register('lastname')} />
            </FormField>
            <FormField label={t('profile.firstname')} error={errors.firstname?.message} required>
              <Input autoComplete="given-name" {...register('firstname')} />
            </FormField>
          </SimpleGrid>
          <FormField
            label={t('profile.phone')}
            error={errors.phone?.message}
            helperText={t('profile.phoneHelp')}
          >
            <Input type="tel" autoComplete="tel" {...register('phone')} />
          </FormField>
          <FormField label={t('profile.function')} error={errors.function?.message}>
            <Input autoComplete="organization-title" {...register('function')} />
          </FormField>
          <FormField
            label={t('profile.notificationEmail')}
            error={errors.notificationEmail?.message}
            helperText={t('profile.notificationEmailHelp')}
          >
            <Input type="email" autoComplete="email" {...register('notificationEmail')} />
          </FormField>
          <Button type="submit" colorPalette="brand" alignSelf="start" loading={isInFlight}>
            {t('profile.save')}
          </Button>
        </form>
      </Stack>
    </ProfileCard>
  );
}

function OrganisationCard({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const companies = viewer.companies.map((company) => company.name).join(', ');
  const { edges, totalCount } = viewer.establishments;
  const more = totalCount - edges.length;
  return (
    <ProfileCard title={t('profile.organisation')}>
      <DataList.Root orientation="vertical" gap="4">
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.company')}</DataList.ItemLabel>
          <DataList.ItemValue>{companies || t('profile.none')}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('profile.establishments')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {edges.length === 0 ? (
              t('profile.none')
            ) : (
              <Stack as="ul" gap="1" listStyleType="none">
                {edges.map(({ node }) => (
                  <li key={node.id}>{node.displayName}</li>
                ))}
                {more > 0 && <li>{t('profile.moreEstablishments', { count: more })}</li>}
              </Stack>
            )}
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </ProfileCard>
  );
}
