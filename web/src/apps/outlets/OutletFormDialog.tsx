import { Box, CloseButton, Dialog, Input, Stack, Text } from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { finalOutletFields } from '@portal/domain/outlets';
import { siretPassesLuhn } from '@portal/domain/validation';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { z } from 'zod';
import type { OutletFormDialogCodesQuery } from '../../__generated__/OutletFormDialogCodesQuery.graphql.ts';
import type { OutletFormDialogCreateMutation } from '../../__generated__/OutletFormDialogCreateMutation.graphql.ts';
import type { OutletFormDialogUpdateMutation } from '../../__generated__/OutletFormDialogUpdateMutation.graphql.ts';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';

const labels = fieldLabels(finalOutletFields);

const createMutation = graphql`
  mutation OutletFormDialogCreateMutation($input: CreateDirectoryOutletInput!) {
    createDirectoryOutlet(input: $input) {
      directoryOutlet {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation OutletFormDialogUpdateMutation($input: UpdateDirectoryOutletInput!) {
    updateDirectoryOutlet(input: $input) {
      directoryOutlet {
        id
        name
        siret
        siretWarning
        address
        postcode
        city
        treatmentCodes {
          code
          description
        }
        prefectoralOrderNumber
        prefectoralOrderDate
        lat
        lon
        positionManual
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** An outlet as the list shows it, to edit. */
export interface EditedOutlet {
  id: string;
  name: string;
  siret: string | null | undefined;
  address: string | null | undefined;
  postcode: string | null | undefined;
  city: string | null | undefined;
  treatmentCodes: readonly { code: string }[];
  prefectoralOrderNumber: string | null | undefined;
  prefectoralOrderDate: string | null | undefined;
  lat: number | null | undefined;
  lon: number | null | undefined;
  positionManual: boolean;
}

export type OutletFormTarget =
  | { kind: 'create'; establishments: readonly { id: string; displayName: string }[] }
  | { kind: 'edit'; outlet: EditedOutlet };

interface OutletValues {
  establishmentId: string;
  name: string;
  siret: string;
  address: string;
  postcode: string;
  city: string;
  treatmentCodes: string[];
  prefectoralOrderNumber: string;
  prefectoralOrderDate: string | null;
  lat: string;
  lon: string;
}

/** domain's rules of each field (the field table's), the establishment a choice of the list. */
const schema = z.object({
  establishmentId: z.string().min(1, messages.required),
  name: finalOutletFields.name.rule,
  siret: finalOutletFields.siret.rule,
  address: finalOutletFields.address.rule,
  postcode: finalOutletFields.postcode.rule,
  city: finalOutletFields.city.rule,
  treatmentCodes: finalOutletFields.treatmentCodes.rule,
  prefectoralOrderNumber: finalOutletFields.prefectoralOrderNumber.rule,
  prefectoralOrderDate: finalOutletFields.prefectoralOrderDate.rule,
  lat: finalOutletFields.lat.rule,
  lon: finalOutletFields.lon.rule,
});

const blankAsNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function OutletFormDialog({
  target,
  onClose,
  onSaved,
}: {
  target: OutletFormTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && (
        <OutletForm
          target={target}
          onDone={() => {
            onSaved();
            onClose();
          }}
        />
      )}
    </FormDialog>
  );
}

function OutletForm({ target, onDone }: { target: OutletFormTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const { treatmentCodes } = useLazyLoadQuery<OutletFormDialogCodesQuery>(
    graphql`
      query OutletFormDialogCodesQuery {
        treatmentCodes {
          code
          description
        }
      }
    `,
    {},
    { fetchPolicy: 'store-or-network' },
  );
  const [commitCreate, isCreating] = useMutation<OutletFormDialogCreateMutation>(createMutation);
  const [commitUpdate, isUpdating] = useMutation<OutletFormDialogUpdateMutation>(updateMutation);
  const editing = target.kind === 'edit' ? target.outlet : null;
  const { form, alert, submit, outcome } = useMutationForm<OutletValues>({
    schema,
    requireChange: editing !== null,
    defaultValues: {
      establishmentId: target.kind === 'create' ? (target.establishments[0]?.id ?? '') : 'edit',
      name: editing?.name ?? '',
      siret: editing?.siret ?? '',
      address: editing?.address ?? '',
      postcode: editing?.postcode ?? '',
      city: editing?.city ?? '',
      treatmentCodes: editing?.treatmentCodes.map((code) => code.code) ?? [],
      prefectoralOrderNumber: editing?.prefectoralOrderNumber ?? '',
      prefectoralOrderDate: editing?.prefectoralOrderDate ?? null,
      lat: editing?.positionManual ? String(editing.lat ?? '') : '',
      lon: editing?.positionManual ? String(editing.lon ?? '') : '',
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const siret = useWatch({ control, name: 'siret' }).replace(/\s/g, '');
  const luhnWarning = /^[0-9]{14}$/.test(siret) && !siretPassesLuhn(siret);

  const onSubmit = submit((_output, values, clientMutationId) => {
    const fields = {
      name: values.name.trim(),
      siret: blankAsNull(values.siret.replace(/\s/g, '')),
      address: blankAsNull(values.address),
      postcode: blankAsNull(values.postcode),
      city: blankAsNull(values.city),
      treatmentCodes: values.treatmentCodes,
      prefectoralOrderNumber: blankAsNull(values.prefectoralOrderNumber),
      prefectoralOrderDate: values.prefectoralOrderDate || null,
      lat: blankAsNull(values.lat),
      lon: blankAsNull(values.lon),
    };
    if (target.kind === 'create') {
      commitCreate({
        variables: { input: { establishmentId: values.establishmentId, ...fields, clientMutationId } },
        ...outcome({
          result: ({ createDirectoryOutlet }) => ({
            userErrors: createDirectoryOutlet.userErrors,
            ok: !!createDirectoryOutlet.directoryOutlet,
          }),
          success: messages.outletCreated,
          failure: messages.outletCreateError,
          onSuccess: onDone,
        }),
      });
      return;
    }
    commitUpdate({
      variables: { input: { id: target.outlet.id, ...fields } },
      ...outcome({
        result: ({ updateDirectoryOutlet }) => ({
          userErrors: updateDirectoryOutlet.userErrors,
          ok: !!updateDirectoryOutlet.directoryOutlet,
        }),
        success: messages.outletUpdated,
        failure: messages.outletUpdateError,
        onSuccess: onDone,
      }),
    });
  });

  const establishments = target.kind === 'create' ? target.establishments : [];
  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>
          {editing ? t('activity.outlets.editTitle') : t('activity.outlets.addTitle')}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormAlert {...alert} />
          {establishments.length > 1 && (
            <FormField
              label={t('activity.outlets.establishment')}
              error={errors.establishmentId?.message}
              required
            >
              <SelectInput registration={register('establishmentId')}>
                {establishments.map((site) => (
                  <option key={site.id} value={site.id}>
                    {site.displayName}
                  </option>
                ))}
              </SelectInput>
            </FormField>
          )}
          <FormField label={labels.name} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            <FormField
              label={labels.siret}
              error={errors.siret?.message}
              helperText={luhnWarning ? messages.siretLuhnWarning : undefined}
            >
              <Input inputMode="numeric" autoComplete="off" {...register('siret')} />
            </FormField>
            <FormField label={labels.address} error={errors.address?.message}>
              <Input autoComplete="off" {...register('address')} />
            </FormField>
            <FormField label={labels.postcode} error={errors.postcode?.message}>
              <Input inputMode="numeric" autoComplete="off" {...register('postcode')} />
            </FormField>
            <FormField label={labels.city} error={errors.city?.message}>
              <Input autoComplete="off" {...register('city')} />
            </FormField>
          </Box>
          <fieldset>
            <Text as="legend" fontWeight="medium" fontSize="sm" mb="1">
              {labels.treatmentCodes}
            </Text>
            <Text fontSize="xs" color="fg.muted" mb="2">
              {t('activity.outlets.codesHelp')}
            </Text>
            <Box
              display="grid"
              gridTemplateColumns={{ base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }}
              gap="1"
              maxH="40"
              overflowY="auto"
              borderWidth="1px"
              borderRadius="md"
              p="2"
            >
              {treatmentCodes.map((code) => (
                <Box
                  as="label"
                  key={code.code}
                  display="flex"
                  gap="2"
                  alignItems="center"
                  fontSize="sm"
                  title={code.description}
                >
                  <input type="checkbox" value={code.code} {...register('treatmentCodes')} />
                  {code.code}
                </Box>
              ))}
            </Box>
            {errors.treatmentCodes && (
              <Text color="fg.error" fontSize="sm">
                {errors.treatmentCodes.message ?? errors.treatmentCodes.root?.message}
              </Text>
            )}
          </fieldset>
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            <FormField label={labels.prefectoralOrderNumber} error={errors.prefectoralOrderNumber?.message}>
              <Input autoComplete="off" {...register('prefectoralOrderNumber')} />
            </FormField>
            <FormField label={labels.prefectoralOrderDate} error={errors.prefectoralOrderDate?.message}>
              <FormDateInput control={control} name="prefectoralOrderDate" emptyValue={null} />
            </FormField>
            <FormField
              label={labels.lat}
              error={errors.lat?.message}
              helperText={t('activity.outlets.positionHelp')}
            >
              <Input inputMode="decimal" autoComplete="off" {...register('lat')} />
            </FormField>
            <FormField label={labels.lon} error={errors.lon?.message}>
              <Input inputMode="decimal" autoComplete="off" {...register('lon')} />
            </FormField>
          </Box>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        cancelLabel={t('activity.outlets.cancel')}
        submitLabel={t('activity.outlets.save')}
        busy={isCreating || isUpdating}
        keepLabel
      />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('activity.outlets.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
