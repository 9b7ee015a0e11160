import { Button, Card, DataList, Heading, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/domain/messages';
import { type EstablishmentProfileInput, establishmentProfileSchema } from '@portal/domain/sites';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type {
  EstablishmentProfile_establishment$data,
  EstablishmentProfile_establishment$key,
} from '../../__generated__/EstablishmentProfile_establishment.graphql.ts';
import type { EstablishmentProfileUpdateMutation } from '../../__generated__/EstablishmentProfileUpdateMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { applyUserErrors } from '../../forms/userErrors.ts';

const PROFILE_FIELDS = ['name', 'address', 'city', 'postcode', 'siret'] as const;

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
    [t('establishment.company'), establishment.companyName],
    [t('establishment.name'), establishment.name],
    [t('establishment.address'), establishment.address],
    [t('establishment.city'), establishment.city],
    [t('establishment.postcode'), establishment.postcode],
    [t('establishment.siret'), establishment.siret],
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
  const [formMessages, setFormMessages] = useState<{ status: 'error' | 'warning'; messages: string[] }>({
    status: 'error',
    messages: [],
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<EstablishmentProfileInput>({
    resolver: zodResolver(establishmentProfileSchema),
    defaultValues: {
      name: establishment.name,
      address: establishment.address ?? null,
      city: establishment.city ?? '',
      postcode: establishment.postcode ?? '',
      siret: establishment.siret ?? '',
    },
  });

  const onSubmit = handleSubmit((values) => {
    if (!isDirty) {
      setFormMessages({ status: 'warning', messages: [messages.noChange] });
      return;
    }
    setFormMessages({ status: 'error', messages: [] });
    commitUpdate({
      variables: {
        input: {
          id: establishment.id,
          name: values.name,
          address: values.address ?? null,
          city: values.city,
          postcode: values.postcode,
          siret: values.siret,
        },
      },
      onCompleted: ({ updateEstablishment }) => {
        if (updateEstablishment.userErrors.length > 0 || !updateEstablishment.establishment) {
          const remaining = applyUserErrors(updateEstablishment.userErrors, PROFILE_FIELDS, setError);
          setFormMessages({
            status: 'error',
            messages:
              remaining.length > 0 || updateEstablishment.userErrors.length > 0
                ? remaining
                : [messages.establishmentUpdateError],
          });
          return;
        }
        notifySuccess(messages.establishmentUpdated);
        onDone();
      },
      onError: (error) => notifyFailure(error, messages.establishmentUpdateError),
    });
  });

  return (
    <Stack asChild gap="5">
      <form onSubmit={onSubmit} noValidate aria-label={t('establishment.profile')}>
        <FormAlert messages={formMessages.messages} status={formMessages.status} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
          <FormField label={t('establishment.name')} error={errors.name?.message} required>
            <Input autoComplete="organization" {...register('name')} />
          </FormField>
          <FormField label={t('establishment.siret')} error={errors.siret?.message} required>
            <Input inputMode="numeric" autoComplete="off" {...register('siret')} />
          </FormField>
          <FormField label={t('establishment.address')} error={errors.address?.message}>
            <Input autoComplete="street-address" {...register('address', { setValueAs: emptyToNull })} />
          </FormField>
          <FormField label={t('establishment.postcode')} error={errors.postcode?.message} required>
            <Input inputMode="numeric" autoComplete="postal-code" {...register('postcode')} />
          </FormField>
          <FormField label={t('establishment.city')} error={errors.city?.message} required>
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
