import { Button, Card, Field, Heading, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { CONTACT_MESSAGE_MAX, type ContactInput, contactSchema } from '@portal/domain/account';
import { messages } from '@portal/domain/messages';
import type { ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useNavigate } from 'react-router-dom';
import type { ContactPageMutation } from '../../__generated__/ContactPageMutation.graphql.ts';
import type { ContactPageQuery } from '../../__generated__/ContactPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';

export const contactPageQuery = graphql`
  query ContactPageQuery @preloadable {
    viewer {
      id
      email
      phone
    }
  }
`;

const sendMutation = graphql`
  mutation ContactPageMutation($input: SendContactRequestInput!) {
    sendContactRequest(input: $input) {
      ok
      userErrors {
        field
        message
      }
    }
  }
`;

/** SPEC 2 `/contact`: a message to the operator's support, and how the user wants to be answered. */
export function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer } = usePreloadedRouteQuery<ContactPageQuery>(contactPageQuery);
  const [commit, isInFlight] = useMutation<ContactPageMutation>(sendMutation);
  const { form, alert, submit, outcome } = useMutationForm<ContactInput>({
    schema: contactSchema,
    defaultValues: { message: '', preferredContact: 'EMAIL' },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const onSubmit = submit((values) => {
    commit({
      variables: { input: values },
      ...outcome({
        result: ({ sendContactRequest }) => ({
          userErrors: sendContactRequest.userErrors,
          ok: sendContactRequest.ok,
        }),
        failure: messages.contactSendError,
        onSuccess: () => navigate(paths.contactSuccess),
      }),
    });
  });
  if (!viewer) return null;
  return (
    <Stack gap="6" maxW="3xl">
      <PageTitle title={t('contact.title')} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('contact.title')}
        </Heading>
        <Text color="fg.muted">{t('contact.intro')}</Text>
      </Stack>
      <Card.Root>
        <Card.Body>
          <Stack asChild gap="5">
            <form onSubmit={onSubmit} noValidate>
              <FormAlert {...alert} />
              <FormField label={t('contact.message')} error={errors.message?.message} required>
                <Textarea rows={6} maxLength={CONTACT_MESSAGE_MAX} {...register('message')} />
              </FormField>
              <Controller
                control={control}
                name="preferredContact"
                render={({ field }) => (
                  <Field.Root invalid={!!errors.preferredContact}>
                    <RadioGroup.Root
                      name={field.name}
                      value={field.value}
                      onValueChange={(details) => field.onChange(details.value)}
                      colorPalette="brand"
                    >
                      <RadioGroup.Label mb="2">{t('contact.preferredContact')}</RadioGroup.Label>
                      <Stack gap="2">
                        <Radio value="EMAIL">{t('contact.byEmail', { email: viewer.email })}</Radio>
                        <Radio value="PHONE">
                          {viewer.phone
                            ? t('contact.byPhone', { phone: viewer.phone })
                            : t('contact.byPhoneMissing')}
                        </Radio>
                      </Stack>
                    </RadioGroup.Root>
                    <Field.ErrorText>{errors.preferredContact?.message}</Field.ErrorText>
                  </Field.Root>
                )}
              />
              <Button type="submit" colorPalette="brand" alignSelf="start" loading={isInFlight}>
                {t('contact.send')}
              </Button>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function Radio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadioGroup.Item value={value}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText>{children}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}
