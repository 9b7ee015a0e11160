import { Button, Checkbox, Heading, Link, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { notificationSettingsSchema } from '@portal/domain/account';
import { messages } from '@portal/domain/messages';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink } from 'react-router-dom';
import type { z } from 'zod';
import type {
  NotificationSettingsPageMutation,
  NotificationSettingsPageMutation$variables,
} from '../../__generated__/NotificationSettingsPageMutation.graphql.ts';
import type { NotificationSettingsPageQuery } from '../../__generated__/NotificationSettingsPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';

export const notificationSettingsPageQuery = graphql`
  query NotificationSettingsPageQuery @preloadable {
    viewer {
      id
      email
      notificationEmail
      notificationSettings {
        kind
        label
        enabled
        mode
      }
    }
  }
`;

const saveMutation = graphql`
  mutation NotificationSettingsPageMutation($input: UpdateNotificationSettingsInput!) {
    updateNotificationSettings(input: $input) {
      viewer {
        id
        notificationSettings {
          kind
          label
          enabled
          mode
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type Settings = z.infer<typeof notificationSettingsSchema>;
type SettingInput = NotificationSettingsPageMutation$variables['input']['settings'][number];

/** SPEC 2 `/mon-profil/notifications`: per kind of event, a mail or not, at once or in a daily digest. */
export function NotificationSettingsPage() {
  const { t } = useTranslation();
  const { viewer } = usePreloadedRouteQuery<NotificationSettingsPageQuery>(notificationSettingsPageQuery);
  const settings = viewer?.notificationSettings ?? [];
  const labels = new Map(settings.map((setting) => [setting.kind, setting.label]));
  const [commit, isInFlight] = useMutation<NotificationSettingsPageMutation>(saveMutation);
  const { form, alert, submit, outcome } = useMutationForm<Settings>({
    schema: notificationSettingsSchema,
    defaultValues: {
      settings: settings.map(({ kind, enabled, mode }) => ({ kind, enabled, mode })) as Settings['settings'],
    },
    fields: ['settings'],
    requireChange: true,
  });
  const { control, register, reset } = form;
  const onSubmit = submit((values) => {
    commit({
      variables: { input: { settings: values.settings as SettingInput[] } },
      ...outcome({
        result: ({ updateNotificationSettings }) => ({
          userErrors: updateNotificationSettings.userErrors,
          ok: !!updateNotificationSettings.viewer,
        }),
        success: messages.notificationSettingsSaved,
        failure: messages.genericError,
        onSuccess: () => reset(form.getValues()),
      }),
    });
  });
  if (!viewer) return null;
  const columns = [
    { label: t('notificationSettings.kind') },
    { label: t('notificationSettings.mail') },
    { label: t('notificationSettings.mode') },
  ];
  return (
    <Stack gap="6" maxW="4xl">
      <PageTitle title={t('notificationSettings.title')} />
      <Stack gap="2">
        <Heading as="h1" size="2xl">
          {t('notificationSettings.title')}
        </Heading>
        <Text color="fg.muted">{t('notificationSettings.intro')}</Text>
        <Text color="fg.muted">
          {t('notificationSettings.sentTo', { email: viewer.notificationEmail ?? viewer.email })}
        </Text>
      </Stack>
      {settings.length === 0 ? (
        <Text>{t('notificationSettings.none')}</Text>
      ) : (
        <Stack asChild gap="4">
          <form onSubmit={onSubmit} noValidate>
            <FormAlert {...alert} />
            <ResponsiveTable columns={columns} label={t('notificationSettings.title')}>
              {settings.map((setting, index) => {
                const label = labels.get(setting.kind) ?? setting.kind;
                return (
                  <Table.Row key={setting.kind}>
                    <Table.Cell fontWeight="medium">{label}</Table.Cell>
                    <Table.Cell>
                      <Controller
                        control={control}
                        name={`settings.${index}.enabled`}
                        render={({ field }) => (
                          <Checkbox.Root
                            checked={field.value}
                            onCheckedChange={(details) => field.onChange(details.checked === true)}
                            colorPalette="brand"
                          >
                            <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
                            <Checkbox.Control />
                            <Checkbox.Label srOnly>
                              {t('notificationSettings.receive', { kind: label })}
                            </Checkbox.Label>
                          </Checkbox.Root>
                        )}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <NativeSelect.Root size="sm" maxW="60">
                        <NativeSelect.Field
                          aria-label={t('notificationSettings.modeOf', { kind: label })}
                          {...register(`settings.${index}.mode`)}
                        >
                          <option value="IMMEDIATE">{t('notificationSettings.immediate')}</option>
                          <option value="DIGEST">{t('notificationSettings.digest')}</option>
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </ResponsiveTable>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align={{ sm: 'center' }}>
              <Button type="submit" colorPalette="brand" loading={isInFlight}>
                {t('notificationSettings.save')}
              </Button>
              <Link asChild colorPalette="brand">
                <RouterLink to={paths.profile}>{t('notificationSettings.back')}</RouterLink>
              </Link>
            </Stack>
          </form>
        </Stack>
      )}
    </Stack>
  );
}
