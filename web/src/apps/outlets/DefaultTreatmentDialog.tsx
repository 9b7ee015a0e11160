import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Fieldset,
  HStack,
  IconButton,
  Input,
  Stack,
} from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { operationOutletFields } from '@portal/domain/operation-rules';
import {
  OUTLET_QUANTITY_UNITS,
  type OutletQuantityUnit,
  outletQuantitiesBalance,
  outletQuantityUnitLabels,
} from '@portal/domain/operations';
import { positiveDecimalSchema } from '@portal/domain/skips';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { z } from 'zod';
import type { DefaultOutletsPageQuery } from '../../__generated__/DefaultOutletsPageQuery.graphql.ts';
import type { DefaultTreatmentDialogMutation } from '../../__generated__/DefaultTreatmentDialogMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialog } from '../../forms/FormDialog.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { formatDecimal } from '../../i18n/format.ts';

const saveMutation = graphql`
  mutation DefaultTreatmentDialogMutation($input: SaveDefaultTreatmentInput!) {
    saveDefaultTreatment(input: $input) {
      defaultTreatment {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface Waste {
  id: string;
  label: string;
  secondLevelWastes: readonly {
    id: string;
    label: string;
    thirdLevelWastes: readonly { id: string; label: string }[];
  }[];
}

type Site = NonNullable<
  DefaultOutletsPageQuery['response']['viewer']
>['establishments']['edges'][number]['node'];
/** A default of the screen's list, as the dialog edits it. */
export type DefaultRow = Site['defaultTreatments']['edges'][number]['node'];

export interface DefaultTreatmentTarget {
  establishmentId: string;
  clients: readonly { id: string; displayName: string }[];
  outlets: readonly { id: string; name: string; city: string | null | undefined }[];
  wastes: readonly Waste[];
  codes: readonly {
    code: string;
    description: string;
    qualifications: readonly { value: string; label: string }[];
  }[];
  row: DefaultRow | null;
}

interface DefaultValues {
  clientEstablishmentId: string;
  level: '1' | '2' | '3';
  wasteId: string;
  treatmentCode: string;
  qualification: string;
  outlets: { directoryOutletId: string; quantity: string; quantityUnit: OutletQuantityUnit }[];
}

const schema = z
  .object({
    clientEstablishmentId: z.string(),
    level: z.enum(['1', '2', '3']),
    wasteId: z.string().min(1, messages.defaultWasteRequired),
    treatmentCode: z.string().min(1, messages.required),
    qualification: z.string(),
    outlets: z.array(
      z.object({
        directoryOutletId: z.string().min(1, messages.required),
        quantity: positiveDecimalSchema(3),
        quantityUnit: z.enum(OUTLET_QUANTITY_UNITS),
      }),
    ),
  })
  .superRefine((values, context) => {
    const unit = values.outlets[0]?.quantityUnit;
    const mixed = values.outlets.some((outlet) => outlet.quantityUnit !== unit);
    if (
      values.outlets.length > 0 &&
      (mixed ||
        (unit === 'PERCENT' &&
          !outletQuantitiesBalance(
            values.outlets as { quantity: string; quantityUnit: OutletQuantityUnit }[],
            null,
          )))
    ) {
      context.addIssue({ code: 'custom', path: ['outlets'], message: messages.outletQuantitiesSum });
    }
  });

export function DefaultTreatmentDialog({
  target,
  onClose,
  onSaved,
}: {
  target: DefaultTreatmentTarget | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog open={target !== null} onClose={onClose}>
      {target && (
        <DefaultForm
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

/** The waste choices of a level: families, flows (under their family), or precise wastes (under their flow). */
function wasteOptions(wastes: readonly Waste[], level: '1' | '2' | '3') {
  if (level === '1') return wastes.map((first) => ({ id: first.id, label: first.label }));
  if (level === '2')
    return wastes.flatMap((first) =>
      first.secondLevelWastes.map((second) => ({ id: second.id, label: `${first.label} › ${second.label}` })),
    );
  return wastes.flatMap((first) =>
    first.secondLevelWastes.flatMap((second) =>
      second.thirdLevelWastes.map((third) => ({ id: third.id, label: `${second.label} › ${third.label}` })),
    ),
  );
}

function DefaultForm({ target, onDone }: { target: DefaultTreatmentTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const [commit, isSaving] = useMutation<DefaultTreatmentDialogMutation>(saveMutation);
  const row = target.row;
  const { form, alert, submit, outcome } = useMutationForm<DefaultValues>({
    schema,
    fields: ['clientEstablishmentId', 'level', 'wasteId', 'treatmentCode', 'qualification', 'outlets'],
    rename: {
      firstLevelWasteId: 'wasteId',
      secondLevelWasteId: 'wasteId',
      thirdLevelWasteId: 'wasteId',
    },
    defaultValues: {
      clientEstablishmentId: row?.clientEstablishment?.id ?? '',
      level: String(row?.level ?? 2) as '1' | '2' | '3',
      wasteId: row?.thirdLevelWaste?.id ?? row?.secondLevelWaste?.id ?? row?.firstLevelWaste?.id ?? '',
      treatmentCode: row?.treatmentCode?.code ?? '',
      qualification: row?.qualification ?? '',
      outlets: row?.outlets.map((outlet) => ({
        directoryOutletId: outlet.directoryOutlet?.id ?? '',
        quantity: formatDecimal(outlet.quantity) ?? '',
        quantityUnit: outlet.quantityUnit === 'TONNE' ? 'TONNE' : 'PERCENT',
      })) ?? [{ directoryOutletId: '', quantity: '100', quantityUnit: 'PERCENT' }],
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'outlets' });
  const level = useWatch({ control, name: 'level' });
  const code = useWatch({ control, name: 'treatmentCode' });
  const qualifications = target.codes.find((candidate) => candidate.code === code)?.qualifications ?? [];

  const onSubmit = submit((_output, values) => {
    const waste = (field: '1' | '2' | '3') => (values.level === field ? values.wasteId : null);
    commit({
      variables: {
        input: {
          id: row?.id ?? null,
          establishmentId: target.establishmentId,
          clientEstablishmentId: values.clientEstablishmentId || null,
          firstLevelWasteId: waste('1'),
          secondLevelWasteId: waste('2'),
          thirdLevelWasteId: waste('3'),
          treatmentCode: values.treatmentCode,
          qualification: values.qualification || null,
          outlets: values.outlets.map((outlet) => ({
            directoryOutletId: outlet.directoryOutletId,
            quantity: outlet.quantity.trim(),
            quantityUnit: outlet.quantityUnit,
          })),
        },
      },
      ...outcome({
        result: ({ saveDefaultTreatment }) => ({
          userErrors: saveDefaultTreatment.userErrors,
          ok: !!saveDefaultTreatment.defaultTreatment,
        }),
        success: row ? messages.defaultOutletModified : messages.defaultOutletAdded,
        failure: messages.defaultOutletError,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Dialog.Header>
        <Dialog.Title>
          {row ? t('activity.defaults.editTitle') : t('activity.defaults.addTitle')}
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <FormAlert {...alert} />
          <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
            <FormField label={t('activity.defaults.client')} error={errors.clientEstablishmentId?.message}>
              <SelectInput registration={register('clientEstablishmentId')}>
                <option value="">{t('activity.defaults.allClients')}</option>
                {target.clients.map((client) => (
                  <option key={client.id} value={client.id}>
                    {client.displayName}
                  </option>
                ))}
              </SelectInput>
            </FormField>
            <FormField label={t('activity.defaults.level')} error={errors.level?.message} required>
              <SelectInput registration={register('level', { onChange: () => form.setValue('wasteId', '') })}>
                {(['1', '2', '3'] as const).map((value) => (
                  <option key={value} value={value}>
                    {t(`activity.defaults.levels.L${value}`)}
                  </option>
                ))}
              </SelectInput>
            </FormField>
            <Box gridColumn={{ md: '1 / -1' }}>
              <FormField label={t('activity.defaults.waste')} error={errors.wasteId?.message} required>
                <SelectInput
                  registration={register('wasteId')}
                  placeholder={t('activity.defaults.chooseWaste')}
                >
                  {wasteOptions(target.wastes, level).map((waste) => (
                    <option key={waste.id} value={waste.id}>
                      {waste.label}
                    </option>
                  ))}
                </SelectInput>
              </FormField>
            </Box>
            <FormField
              label={t('activity.defaults.treatment')}
              error={errors.treatmentCode?.message}
              required
            >
              <SelectInput
                registration={register('treatmentCode')}
                placeholder={t('operations.completion.chooseTreatment')}
              >
                {target.codes.map((candidate) => (
                  <option key={candidate.code} value={candidate.code}>
                    {candidate.code} — {candidate.description}
                  </option>
                ))}
              </SelectInput>
            </FormField>
            {qualifications.length > 1 && (
              <FormField
                label={fieldLabels(operationOutletFields).qualification}
                error={errors.qualification?.message}
              >
                <SelectInput
                  registration={register('qualification')}
                  placeholder={t('operations.completion.chooseQualification')}
                >
                  {qualifications.map((qualification) => (
                    <option key={qualification.value} value={qualification.value}>
                      {qualification.label}
                    </option>
                  ))}
                </SelectInput>
              </FormField>
            )}
          </Box>
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="semibold">{t('activity.defaults.outlets')}</Fieldset.Legend>
            {errors.outlets?.root?.message || errors.outlets?.message ? (
              <Box color="fg.error" fontSize="sm">
                {errors.outlets?.root?.message ?? errors.outlets?.message}
              </Box>
            ) : null}
            <Stack gap="3" mt="2">
              {fields.map((field, index) => (
                <HStack key={field.id} align="flex-end" gap="2" wrap="wrap">
                  <Box flex="2" minW="48">
                    <FormField
                      label={`${t('activity.defaults.outlet')} ${index + 1}`}
                      error={errors.outlets?.[index]?.directoryOutletId?.message}
                      required
                    >
                      <SelectInput
                        registration={register(`outlets.${index}.directoryOutletId`)}
                        placeholder={t('activity.defaults.chooseOutlet')}
                      >
                        {target.outlets.map((outlet) => (
                          <option key={outlet.id} value={outlet.id}>
                            {[outlet.name, outlet.city].filter(Boolean).join(' — ')}
                          </option>
                        ))}
                      </SelectInput>
                    </FormField>
                  </Box>
                  <Box flex="1" minW="24">
                    <FormField
                      label={t('activity.defaults.quantity')}
                      error={errors.outlets?.[index]?.quantity?.message}
                      required
                    >
                      <Input inputMode="decimal" {...register(`outlets.${index}.quantity`)} />
                    </FormField>
                  </Box>
                  <Box flex="1" minW="32">
                    <FormField label={t('activity.defaults.unit')}>
                      <SelectInput registration={register(`outlets.${index}.quantityUnit`)}>
                        {OUTLET_QUANTITY_UNITS.map((value) => (
                          <option key={value} value={value}>
                            {outletQuantityUnitLabels[value]}
                          </option>
                        ))}
                      </SelectInput>
                    </FormField>
                  </Box>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t('activity.defaults.removeOutlet', { index: index + 1 })}
                    onClick={() => remove(index)}
                  >
                    ✕
                  </IconButton>
                </HStack>
              ))}
              <Button
                variant="outline"
                size="sm"
                alignSelf="flex-start"
                onClick={() => append({ directoryOutletId: '', quantity: '', quantityUnit: 'PERCENT' })}
              >
                {t('activity.defaults.addOutlet')}
              </Button>
            </Stack>
          </Fieldset.Root>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        cancelLabel={t('activity.defaults.cancel')}
        submitLabel={t('activity.defaults.save')}
        busy={isSaving}
        keepLabel
      />
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('activity.defaults.close')} />
      </Dialog.CloseTrigger>
    </form>
  );
}
