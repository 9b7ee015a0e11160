import { Button, Card, DataList, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import {
  ESTABLISHMENT_PROFILE_FIELDS,
  type EstablishmentProfileInput,
  establishmentFieldLabels,
  establishmentFields,
  establishmentProfileSchema,
} from '@portal/domain/sites';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type {
  EstablishmentProfile_establishment$data,
  EstablishmentProfile_establishment$key,
} from '../../__generated__/EstablishmentProfile_establishment.graphql.ts';
import type { EstablishmentProfileUpdateMutation } from '../../__generated__/EstablishmentProfileUpdateMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { type FormValues, formValuesOf, graphInputOf } from '../../forms/fieldTable.ts';
import { useMutationForm } from '../../forms/useMutationForm.ts';

const updateEstablishmentMutation = graphql`
  mutation EstablishmentProfileUpdateMutation($input: UpdateEstablishmentInput!) {
    updateEstablishment(input: $input) {
      establishment {
        id
        displayName
        ...EstablishmentProfile_establishment
        ...EstablishmentTable_establishment
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** An empty optional text is "no value" (null clears it on the api's side). */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * The company profile of SPEC 2 (establishment name, address, city, postcode, SIRET): shown to everyone who sees
 * the establishment, editable only when the graph says so (`canEdit`: full access and the right permission).
 */
export function EstablishmentProfile({
  establishment,
}: {
  establishment: EstablishmentProfile_establishment$key;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment EstablishmentProfile_establishment on Establishment {
        id
        name
        companyName
        address
        city
        postcode
        siret
        canEdit
      }
    `,
    establishment,
  );
  const [editing, setEditing] = useState(false);
  const canEdit = data.canEdit;

  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <HStack justify="space-between" gap="4" wrap="wrap">
          <Heading as="h2" size="lg" id={headingId}>
            {t('establishment.profile')}
          </Heading>
          {canEdit && !editing && (
            <Button variant="outline" colorPalette="brand" size="sm" onClick={() => setEditing(true)}>
              {t('establishment.edit')}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {canEdit && editing ? (
          <ProfileForm establishment={data} onDone={() => setEditing(false)} />
        ) : (
          <Stack gap="4">
            <ProfileDetails establishment={data} />
            {!canEdit && (
              <Text color="fg.muted" fontSize="sm">
                {t('establishment.readOnly')}
              </Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function ProfileDetails({ establishment }: { establishment: EstablishmentProfile_establishment$data }) {
  const { t } = useTranslation();
  const items: [string, string | null | undefined][] = [
    [establishmentFieldLabels.company, establishment.companyName],
    [t('establishment.name'), establishment.name],
    [establishmentFieldLabels.address, establishment.address],
    [establishmentFieldLabels.city, establishment.city],
    [establishmentFieldLabels.postcode, establishment.postcode],
    [establishmentFieldLabels.siret, establishment.siret],
  ];
  return (
    <DataList.Root orientation="horizontal" gap="3">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel minW="44">{label}</DataList.ItemLabel>
          <DataList.ItemValue color={value ? 'fg' : 'fg.muted'}>
            {value || t('establishment.notProvided')}
          </DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

function ProfileForm({
  establishment,
  onDone,
}: {
  establishment: EstablishmentProfile_establishment$data;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [commitUpdate, isInFlight] =
    useMutation<EstablishmentProfileUpdateMutation>(updateEstablishmentMutation);
  const { form, alert, submit, outcome } = useMutationForm<
    FormValues<typeof establishmentFields, (typeof ESTABLISHMENT_PROFILE_FIELDS)[number]>,
    EstablishmentProfileInput
  >({
    schema: establishmentProfileSchema,
    defaultValues: formValuesOf(establishmentFields, ESTABLISHMENT_PROFILE_FIELDS, establishment),
    requireChange: true,
  });
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit((values) => {
    commitUpdate({
      variables: {
        input: {
          id: establishment.id,
          ...graphInputOf(establishmentFields, ESTABLISHMENT_PROFILE_FIELDS, values),
        },
      } as EstablishmentProfileUpdateMutation['variables'],
      ...outcome({
        result: ({ updateEstablishment }) => ({
          userErrors: updateEstablishment.userErrors,
          ok: !!updateEstablishment.establishment,
        }),
        success: messages.establishmentUpdated,
        failure: messages.establishmentUpdateError,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <Stack asChild gap="5">
      <form onSubmit={onSubmit} noValidate aria-label={t('establishment.profile')}>
        <FormAlert {...alert} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t('establishment.name')} error={errors.name?.message} required>
            <Input autoComplete="organization" {...register('name')} />
          </FormField>
          <FormField label={establishmentFieldLabels.siret} error={errors.siret?.message} required>
            <Input inputMode="numeric" autoComplete="off" {...register('siret')} />
          </FormField>
          <FormField label={establishmentFieldLabels.address} error={errors.address?.message}>
            <Input autoComplete="street-address" {...register('address', { setValueAs: emptyToNull })} />
          </FormField>
          <FormField label={establishmentFieldLabels.postcode} error={errors.postcode?.message} required>
            <Input inputMode="numeric" autoComplete="postal-code" {...register('postcode')} />
          </FormField>
          <FormField label={establishmentFieldLabels.city} error={errors.city?.message} required>
            <Input autoComplete="address-level2" {...register('city')} />
          </FormField>
        </SimpleGrid>
        <HStack gap="3">
          <Button
            type="submit"
            colorPalette="brand"
            loading={isInFlight}
            loadingText={t('establishment.save')}
          >
            {t('establishment.save')}
          </Button>
          <Button variant="ghost" onClick={onDone} disabled={isInFlight}>
            {t('establishment.cancel')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
