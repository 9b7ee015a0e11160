import { Alert, Box, Button, Checkbox, Field, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import type { CguPageAcceptTermsMutation } from '../../__generated__/CguPageAcceptTermsMutation.graphql.ts';
import type { CguPageQuery } from '../../__generated__/CguPageQuery.graphql.ts';
import { LegalTextHeading } from '../../components/LegalTextHeading.tsx';
import { Markdown } from '../../components/Markdown.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths, safeReturnPath } from '../../paths.ts';
import { usePreloadedRouteQuery } from '../../relay/preload.ts';
import { RETURN_TO_PARAM } from '../../returnPath.ts';

export const cguPageQuery = graphql`
  query CguPageQuery @preloadable {
    viewer {
      id
      hasAcceptedCGU
      acceptedTermsVersion
    }
    legalText(code: CGU) {
      version
      content
      publishedAt
    }
  }
`;

const acceptTermsMutation = graphql`
  mutation CguPageAcceptTermsMutation($input: AcceptTermsInput!) {
    acceptTerms(input: $input) {
      viewer {
        id
        hasAcceptedCGU
        acceptedTermsVersion
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The terms of use in force (SPEC 5: they must be accepted to access the platform), a versioned legal text: when a
 * new version is published, the user who accepted an older one reads and accepts the new one at their next visit.
 */
export function CguPage() {
  const { t } = useTranslation();
  const { viewer, legalText } = usePreloadedRouteQuery<CguPageQuery>(cguPageQuery);
  const changed = !viewer?.hasAcceptedCGU && viewer?.acceptedTermsVersion != null;
  return (
    <Stack gap="6">
      <LegalTextHeading title={t('terms.title')} legalText={legalText}>
        {changed ? (
          <Alert.Root status="info" variant="subtle">
            <Alert.Indicator />
            <Alert.Title>{t('terms.changed')}</Alert.Title>
          </Alert.Root>
        ) : (
          !viewer?.hasAcceptedCGU && <Text>{t('terms.intro')}</Text>
        )}
      </LegalTextHeading>
      <Box
        as="article"
        tabIndex={0}
        aria-label={t('terms.title')}
        maxH={{ base: 'none', md: '50vh' }}
        overflowY="auto"
        borderWidth="1px"
        borderRadius="md"
        p="5"
        bg="bg.subtle"
      >
        {legalText ? <Markdown>{legalText.content}</Markdown> : <Text>{t('terms.unavailable')}</Text>}
      </Box>
      {viewer?.hasAcceptedCGU ? (
        <Stack gap="4">
          <Text fontWeight="medium">{t('terms.accepted')}</Text>
          <Button asChild colorPalette="brand" alignSelf="flex-start">
            <RouterLink to={paths.dashboard}>{t('terms.goToDashboard')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <AcceptTermsForm />
      )}
    </Stack>
  );
}

/** A UI-only rule: the box must be ticked (SPEC 5: the terms must be accepted to access the platform). */
const acceptTermsSchema = z.object({ accepted: z.literal(true, { error: messages.cguRequired }) });

function AcceptTermsForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [commitAccept, isInFlight] = useMutation<CguPageAcceptTermsMutation>(acceptTermsMutation);
  const requiredErrorId = useId();
  const { form, alert, submit, outcome } = useMutationForm<{ accepted: boolean }>({
    schema: acceptTermsSchema,
    defaultValues: { accepted: false },
    failure: 'alert',
  });
  const required = form.formState.errors.accepted?.message;

  const onSubmit = submit(() => {
    commitAccept({
      variables: { input: { accepted: true } },
      ...outcome({
        result: ({ acceptTerms }) => ({
          userErrors: acceptTerms.userErrors,
          ok: acceptTerms.viewer?.hasAcceptedCGU === true,
        }),
        failure: t('errors.generic'),
        error: t('errors.retryLater'),
        onSuccess: () => navigate(safeReturnPath(searchParams.get(RETURN_TO_PARAM)), { replace: true }),
      }),
    });
  });

  return (
    <Stack asChild gap="5">
      <form onSubmit={onSubmit} noValidate>
        <FormAlert {...alert} />
        <Field.Root invalid={!!required} ids={{ errorText: requiredErrorId }}>
          <Controller
            control={form.control}
            name="accepted"
            render={({ field }) => (
              <Checkbox.Root
                checked={field.value}
                colorPalette="brand"
                onCheckedChange={(details) => field.onChange(details.checked === true)}
              >
                <Checkbox.HiddenInput
                  ref={field.ref}
                  name={field.name}
                  onBlur={field.onBlur}
                  aria-describedby={required ? requiredErrorId : undefined}
                />
                <Checkbox.Control />
                <Checkbox.Label>{t('terms.accept')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          />
          {required && <Field.ErrorText>{required}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="brand"
          loading={isInFlight}
          loadingText={t('terms.submit')}
          alignSelf="flex-start"
        >
          {t('terms.submit')}
        </Button>
      </form>
    </Stack>
  );
}
