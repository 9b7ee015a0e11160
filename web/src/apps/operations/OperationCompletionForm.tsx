import {
  Box,
  Button,
  Card,
  Fieldset,
  Heading,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
import { messages } from '@portal/domain/messages';
import { operationCompletionSchema, operationOutletFields } from '@portal/domain/operation-rules';
import {
  completionProblems,
  fromThousandths,
  handlingPartiesProblems,
  OUTLET_QUANTITY_UNITS,
  type OutletQuantityUnit,
  operationFieldLabels,
  outletQuantityUnitLabels,
  thousandths,
  transporterProblems,
} from '@portal/domain/operations';
import { quantityPattern } from '@portal/domain/validation';
import { type BaseSyntheticEvent, useId, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  type UseFormRegister,
  type UseFormRegisterReturn,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { OperationCompletionForm_operation$key } from '../../__generated__/OperationCompletionForm_operation.graphql.ts';
import type { OperationCompletionForm_treatmentCodes$key } from '../../__generated__/OperationCompletionForm_treatmentCodes.graphql.ts';
import type { OperationCompletionFormMutation } from '../../__generated__/OperationCompletionFormMutation.graphql.ts';
import { CheckboxField } from '../../forms/CheckboxField.tsx';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { formatDecimal } from '../../i18n/format.ts';
import { useLeaveLists } from '../../relay/listMembership.ts';

const saveMutation = graphql`
  mutation OperationCompletionFormMutation($input: SaveOperationCompletionInput!) {
    saveOperationCompletion(input: $input) {
      operation {
        id
        canEditCompletion
        ...OperationPage_operation
        ...OperationActions_operation
        ...OperationRow_operation
        ...OperationCompletionForm_operation
        skip {
          id
          plannedWork
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const outletFieldLabels = fieldLabels(operationOutletFields);

graphql`
  fragment OperationCompletionForm_directoryOutlet on DirectoryOutlet {
    id
    name
    siret
    address
    postcode
    city
    treatmentCodes {
      code
    }
  }
`;

/** An outlet of the provider's directory, as the completion copies it. */
interface DirectoryEntry {
  id: string;
  name: string;
  siret: string | null | undefined;
  address: string | null | undefined;
  postcode: string | null | undefined;
  city: string | null | undefined;
  treatmentCodes: readonly { code: string }[];
}

/** The one line of an operation's outlet address: street, postcode and town. */
const addressLine = (entry: DirectoryEntry) =>
  [entry.address, [entry.postcode, entry.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** An outlet of the form filled from a directory entry (its code: the default's, else the entry's only one). */
function outletFromDirectory(
  entry: DirectoryEntry,
  treatmentCode: string,
  qualification: string,
  quantity: string,
  unit: OutletQuantityUnit,
): OutletValues {
  return {
    name: entry.name,
    siret: entry.siret ?? '',
    address: addressLine(entry),
    treatmentCode:
      treatmentCode || (entry.treatmentCodes.length === 1 ? (entry.treatmentCodes[0]?.code ?? '') : ''),
    qualification,
    quantity,
    quantityUnit: unit,
  };
}

interface OutletValues {
  name: string;
  siret: string;
  address: string;
  treatmentCode: string;
  /** The treatment's qualification; blank: the code's only one (the api picks it), or not chosen yet. */
  qualification: string;
  quantity: string;
  quantityUnit: OutletQuantityUnit;
}

/** The transporter select's value for a party entered by hand (else an establishment's global id, or none). */
const ENTERED_TRANSPORTER = 'saisi';

interface CompletionValues {
  receivedQuantity: string;
  quantityEstimated: boolean;
  realInterventionDate: string;
  bsdNumber: string;
  /** '' (none yet), an establishment's global id, or ENTERED_TRANSPORTER. */
  transporter: string;
  transporterName: string;
  transporterSiret: string;
  transporterAddress: string;
  transporterReceiptNumber: string;
  ecoOrganisationName: string;
  ecoOrganisationSiren: string;
  brokerName: string;
  brokerSiret: string;
  brokerReceiptNumber: string;
  comment: string;
  finalOutlets: OutletValues[];
}

/** The eco-organisation's and the broker's fields, entered by hand: the same name in the form and the graph. */
const HANDLING_PARTY_FIELDS = [
  'ecoOrganisationName',
  'ecoOrganisationSiren',
  'brokerName',
  'brokerSiret',
  'brokerReceiptNumber',
] as const;

const emptyOutlet = (unit: OutletQuantityUnit): OutletValues => ({
  name: '',
  siret: '',
  address: '',
  treatmentCode: '',
  qualification: '',
  quantity: '',
  quantityUnit: unit,
});

const blankAsNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** An outlet left blank (the form's first one, or one just added): no outlet, as a blank field is no value. */
const isBlankOutlet = (outlet: OutletValues) =>
  [outlet.name, outlet.siret, outlet.address, outlet.treatmentCode, outlet.quantity].every(
    (value) => value.trim() === '',
  );

/** The form's index of each outlet sent: the api's `finalOutlets.1` is the second of these. */
const sentOutletIndexes = (values: CompletionValues) =>
  values.finalOutlets.flatMap((outlet, index) => (isBlankOutlet(outlet) ? [] : [index]));

/**
 * The transporter as the mutation takes it: an establishment (its name, SIRET and address are the api's copy of
 * it), or a party entered by hand, or none; its receipt number either way.
 */
function transporterPayloadOf(values: CompletionValues) {
  const entered = values.transporter === ENTERED_TRANSPORTER;
  const establishment = entered || values.transporter === '' ? null : values.transporter;
  return {
    transporterEstablishmentId: establishment,
    transporterName: entered ? blankAsNull(values.transporterName) : null,
    transporterSiret: entered ? blankAsNull(values.transporterSiret) : null,
    transporterAddress: entered ? blankAsNull(values.transporterAddress) : null,
    transporterReceiptNumber: blankAsNull(values.transporterReceiptNumber),
  };
}

/** The form's values as the mutation (and domain's schema) take them: blank is "not given". */
function payloadOf(values: CompletionValues, outletIndexes: readonly number[]) {
  return {
    receivedQuantity: blankAsNull(values.receivedQuantity),
    quantityEstimated: values.quantityEstimated,
    realInterventionDate: blankAsNull(values.realInterventionDate),
    bsdNumber: blankAsNull(values.bsdNumber),
    ...transporterPayloadOf(values),
    ...Object.fromEntries(HANDLING_PARTY_FIELDS.map((field) => [field, blankAsNull(values[field])])),
    comment: blankAsNull(values.comment),
    finalOutlets: outletIndexes.map((index) => {
      const outlet = values.finalOutlets[index] as OutletValues;
      return {
        name: outlet.name.trim(),
        siret: blankAsNull(outlet.siret),
        address: blankAsNull(outlet.address),
        treatmentCode: outlet.treatmentCode,
        qualification: blankAsNull(outlet.qualification),
        quantity: outlet.quantity.trim(),
        quantityUnit: outlet.quantityUnit,
      };
    }),
  };
}

const COMPLETION_FIELDS: readonly string[] = [
  'receivedQuantity',
  'quantityEstimated',
  'realInterventionDate',
  'bsdNumber',
  'transporterName',
  'transporterSiret',
  'transporterAddress',
  'transporterReceiptNumber',
  ...HANDLING_PARTY_FIELDS,
  'comment',
];
/** The api's and the graph's names of the transporter's establishment: the form's select. */
const TRANSPORTER_REFERENCES: readonly string[] = ['transporterSite', 'transporterEstablishmentId'];
const OUTLET_FIELDS: readonly string[] = [
  'name',
  'siret',
  'address',
  'treatmentCode',
  'qualification',
  'quantity',
  'quantityUnit',
];

/**
 * The input of the form a problem's path names (`finalOutlets.1.quantity`: that field of the second outlet
 * sent); null when it names none (the whole form, or the list of outlets), so that it is shown above the form:
 * an error left on a path without an input would be shown nowhere and would stop every later submit.
 */
function formFieldOf(path: readonly string[], values: CompletionValues): FieldPath<CompletionValues> | null {
  const whole = path.join('.');
  if (COMPLETION_FIELDS.includes(whole)) return whole as FieldPath<CompletionValues>;
  if (TRANSPORTER_REFERENCES.includes(whole)) return 'transporter';
  const outletIndexes = sentOutletIndexes(values);
  const outletCount = values.finalOutlets.length;
  const [list, position = '', name = '', ...rest] = path;
  if (list !== 'finalOutlets' || rest.length > 0 || !/^\d+$/.test(position) || !OUTLET_FIELDS.includes(name))
    return null;
  const index = outletIndexes[Number(position)];
  if (index === undefined || index >= outletCount) return null;
  return `finalOutlets.${index}.${name}` as FieldPath<CompletionValues>;
}

/**
 * domain's rules of a completion; "Compléter" (`complete()`) also asks what a completion needs, and a code
 * that allows several qualifications needs one chosen (the api says the same). Issues name the outlets sent.
 */
function completionSchema(
  codes: readonly { code: string; qualifications: readonly unknown[] }[],
  complete: () => boolean,
) {
  return operationCompletionSchema.superRefine(
    (completion, context) => {
      // The transporter's rule holds for every save.
      for (const [path, message] of transporterProblems({
        site: completion.transporterSite ?? null,
        name: completion.transporterName ?? null,
        siret: completion.transporterSiret ?? null,
        address: completion.transporterAddress ?? null,
        receiptNumber: completion.transporterReceiptNumber ?? null,
      })) {
        context.addIssue({ code: 'custom', path: [path], message });
      }
      for (const [path, message] of handlingPartiesProblems({
        ecoOrganisationName: completion.ecoOrganisationName ?? null,
        ecoOrganisationSiren: completion.ecoOrganisationSiren ?? null,
        brokerName: completion.brokerName ?? null,
        brokerSiret: completion.brokerSiret ?? null,
        brokerReceiptNumber: completion.brokerReceiptNumber ?? null,
      })) {
        context.addIssue({ code: 'custom', path: [path], message });
      }
      if (!complete()) return;
      for (const [path, message] of completionProblems({
        receivedQuantity: completion.receivedQuantity ?? null,
        realInterventionDate: completion.realInterventionDate ?? null,
        finalOutlets: completion.finalOutlets ?? [],
      })) {
        context.addIssue({ code: 'custom', path: path.split('.'), message });
      }
      (completion.finalOutlets ?? []).forEach((outlet, index) => {
        const choices = codes.find((code) => code.code === outlet.treatmentCode)?.qualifications ?? [];
        if (outlet.qualification === null && choices.length > 1) {
          context.addIssue({
            code: 'custom',
            path: ['finalOutlets', index, 'qualification'],
            message: messages.qualificationRequired,
          });
        }
      });
    },
    // Only what is well-formed is checked for completeness, as each field has its own message.
    { when: (payload) => payload.issues.length === 0 },
  );
}

/**
 * The provider completes an operation (SPEC 3, 5): the real received quantity and intervention date, the BSD
 * number, the transporter and the final outlets with the share each received, in tonnes or percentages that
 * must add up to the whole. "Enregistrer" keeps it to resume later; "Compléter" sends it for validation.
 * domain's rules check it here first; the api checks it again.
 */
export function OperationCompletionForm({
  operation,
  treatmentCodes,
  onReview,
}: {
  operation: OperationCompletionForm_operation$key;
  treatmentCodes: OperationCompletionForm_treatmentCodes$key;
  /**
   * A declared flow is not completed but sent from its recap: its main button saves it, with a completion's
   * checks, then opens the recap.
   */
  onReview?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment OperationCompletionForm_operation on Operation {
        id
        version
        declaredBy
        receivedQuantity
        quantityEstimated
        realInterventionDate
        bsdNumber
        transporter {
          establishmentId
          fromPortal
          name
          siret
          address
          receiptNumber
        }
        transporterChoices {
          id
          name
          siteName
          provider
        }
        broker {
          name
          siret
          receiptNumber
        }
        ecoOrganisation {
          name
          siren
        }
        providerComment
        finalOutlets {
          name
          siret
          address
          treatmentCode {
            code
          }
          qualification
          quantity
          quantityUnit
        }
        outletChoices {
          id
          ...OperationCompletionForm_directoryOutlet @relay(mask: false)
        }
        defaultTreatment {
          treatmentCode {
            code
            description
          }
          qualification
          qualificationLabel
          outlets {
            directoryOutlet {
              ...OperationCompletionForm_directoryOutlet @relay(mask: false)
            }
            quantity
            quantityUnit
          }
        }
      }
    `,
    operation,
  );
  const codes = useFragment(
    graphql`
      fragment OperationCompletionForm_treatmentCodes on TreatmentCode @relay(plural: true) {
        code
        description
        qualifications {
          value
          label
        }
      }
    `,
    treatmentCodes,
  );
  const [commit, isSaving] = useMutation<OperationCompletionFormMutation>(saveMutation);
  const leaveLists = useLeaveLists();
  const declared = data.declaredBy !== null;
  const enteredTransporter = data.transporter?.fromPortal ? null : data.transporter;
  const completing = useRef(true);
  // Nothing said yet: the provider's default treatment and outlets for this establishment and waste.
  const proposal = data.defaultTreatment;
  const proposedOutlets: OutletValues[] = (proposal?.outlets ?? []).flatMap((outlet) =>
    outlet.directoryOutlet
      ? [
          outletFromDirectory(
            outlet.directoryOutlet,
            proposal?.treatmentCode?.code ?? '',
            proposal?.qualification ?? '',
            formatDecimal(outlet.quantity) ?? '',
            outlet.quantityUnit === 'TONNE' ? 'TONNE' : 'PERCENT',
          ),
        ]
      : [],
  );
  if (proposedOutlets.length === 0) proposedOutlets.push(emptyOutlet('PERCENT'));
  const schema = useMemo(() => completionSchema(codes, () => completing.current), [codes]);
  const { form, alert, submit, outcome } = useMutationForm<CompletionValues>({
    schema,
    // domain's schema names the transporter's establishment as the api does.
    toInput: (values) => {
      const payload = payloadOf(values, sentOutletIndexes(values));
      return { ...payload, transporterSite: payload.transporterEstablishmentId };
    },
    fieldOf: formFieldOf,
    defaultValues: {
      receivedQuantity: formatDecimal(data.receivedQuantity) ?? '',
      quantityEstimated: data.quantityEstimated,
      realInterventionDate: data.realInterventionDate ?? '',
      bsdNumber: data.bsdNumber ?? '',
      transporter: data.transporter?.establishmentId ?? (data.transporter?.name ? ENTERED_TRANSPORTER : ''),
      transporterName: enteredTransporter?.name ?? '',
      transporterSiret: enteredTransporter?.siret ?? '',
      transporterAddress: enteredTransporter?.address ?? '',
      transporterReceiptNumber: data.transporter?.receiptNumber ?? '',
      ecoOrganisationName: data.ecoOrganisation?.name ?? '',
      ecoOrganisationSiren: data.ecoOrganisation?.siren ?? '',
      brokerName: data.broker?.name ?? '',
      brokerSiret: data.broker?.siret ?? '',
      brokerReceiptNumber: data.broker?.receiptNumber ?? '',
      comment: data.providerComment ?? '',
      finalOutlets:
        data.finalOutlets.length > 0
          ? data.finalOutlets.map((outlet) => ({
              name: outlet.name,
              siret: outlet.siret ?? '',
              address: outlet.address ?? '',
              treatmentCode: outlet.treatmentCode?.code ?? '',
              qualification: outlet.qualification ?? '',
              quantity: formatDecimal(outlet.quantity) ?? '',
              quantityUnit: outlet.quantityUnit === 'TONNE' ? 'TONNE' : 'PERCENT',
            }))
          : proposedOutlets,
    },
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'finalOutlets' });
  const watched = useWatch({ control });

  /** "Enregistrer" keeps what is known; "Compléter" also asks for the move to COMPLETED. */
  const send = submit((_, values) => {
    const reviewing = completing.current && declared;
    const complete = completing.current && !declared;
    // The values are sent as typed (`2,46`): the api reads them with the same rules.
    const payload = payloadOf(values, sentOutletIndexes(values));
    commit({
      variables: { input: { id: data.id, ...payload, complete, version: data.version } },
      // Completed, it leaves the lists of what waits for the provider.
      updater: (store, response) => {
        const saved = response?.saveOperationCompletion.operation;
        if (saved) leaveLists(store, [saved.id]);
      },
      ...outcome({
        result: ({ saveOperationCompletion }) => ({
          userErrors: saveOperationCompletion.userErrors,
          ok: !!saveOperationCompletion.operation,
        }),
        success: complete ? messages.operationCompleted : messages.informationSaved,
        failure: messages.operationUpdateError,
        onSuccess: reviewing ? onReview : undefined,
      }),
    });
  });
  const submitting = (complete: boolean) => (event?: BaseSyntheticEvent) => {
    completing.current = complete;
    return send(event);
  };

  const outlets = watched.finalOutlets ?? [];
  const unit = outlets[0]?.quantityUnit ?? 'PERCENT';
  // A sum only means something in one unit; mixed units never balance (the rule says so on "Compléter").
  const oneUnit = outlets.every((outlet) => (outlet?.quantityUnit ?? unit) === unit);
  const wellFormed =
    oneUnit && outlets.every((outlet) => quantityPattern.test((outlet?.quantity ?? '').trim()));
  const total = wellFormed
    ? fromThousandths(outlets.reduce((sum, outlet) => sum + thousandths(outlet?.quantity ?? '0'), 0n))
    : null;

  return (
    <Card.Root as="section" aria-labelledby={headingId} id="realisation">
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {declared ? t('flows.completionTitle') : t('operations.completion.title')}
        </Heading>
        <Text color="fg.muted">
          {declared ? t('flows.completionIntro') : t('operations.completion.intro')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form noValidate onSubmit={submitting(true)}>
          <Stack gap="5">
            <FormAlert {...alert} />
            <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
              <FormField
                label={declared ? t('flows.quantity') : t('operations.completion.receivedQuantity')}
                helperText={t('operations.completion.quantityHelp')}
                error={errors.receivedQuantity?.message}
                required
              >
                <Input inputMode="decimal" {...register('receivedQuantity')} />
              </FormField>
              <Box alignSelf="center">
                <CheckboxField
                  control={control}
                  name="quantityEstimated"
                  label={t('flows.quantityEstimated')}
                />
              </Box>
              <FormField
                label={declared ? t('flows.shipmentDate') : operationFieldLabels.realInterventionDate}
                error={errors.realInterventionDate?.message}
                required
              >
                <FormDateInput control={control} name="realInterventionDate" />
              </FormField>
              <FormField label={operationFieldLabels.bsdNumber} error={errors.bsdNumber?.message}>
                <Input {...register('bsdNumber')} />
              </FormField>
            </Box>
            <TransporterFields
              choices={data.transporterChoices}
              stored={data.transporter?.fromPortal ? data.transporter : null}
              entered={watched.transporter === ENTERED_TRANSPORTER}
              register={register}
              errors={errors}
            />
            <HandlingPartiesFields register={register} errors={errors} />
            <FormField label={t('operations.completion.comment')} error={errors.comment?.message}>
              <Textarea rows={2} {...register('comment')} />
            </FormField>
            <Stack gap="3">
              <Heading as="h3" size="md">
                {t('operations.completion.outlets')}
              </Heading>
              {proposal?.treatmentCode && data.finalOutlets.length === 0 && (
                <Text fontSize="sm" color="fg.muted">
                  {t('activity.defaultsProposed', {
                    treatment: [proposal.treatmentCode.code, proposal.qualificationLabel]
                      .filter(Boolean)
                      .join(' — '),
                  })}
                </Text>
              )}
              {fields.map((field, index) => {
                const outletErrors = errors.finalOutlets?.[index];
                const legend = t('operations.completion.outletLegend', { index: index + 1 });
                return (
                  <Fieldset.Root key={field.id} borderWidth="1px" borderRadius="md" p="4">
                    <HStack justify="space-between">
                      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
                      {fields.length > 1 && (
                        <IconButton
                          size="xs"
                          variant="ghost"
                          aria-label={t('operations.completion.removeOutlet', { index: index + 1 })}
                          onClick={() => remove(index)}
                        >
                          ✕
                        </IconButton>
                      )}
                    </HStack>
                    <Box
                      display="grid"
                      gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }}
                      gap="3"
                      mt="2"
                    >
                      {data.outletChoices.length > 0 && (
                        <Box gridColumn={{ md: '1 / -1' }}>
                          <FormField label={t('activity.fromDirectory')}>
                            <NativeSelect.Root>
                              <NativeSelect.Field
                                value=""
                                onChange={(event) => {
                                  const entry = data.outletChoices.find(
                                    (choice) => choice.id === event.currentTarget.value,
                                  );
                                  if (!entry) return;
                                  const current = form.getValues(`finalOutlets.${index}`);
                                  const filled = outletFromDirectory(
                                    entry,
                                    entry.treatmentCodes.some((code) => code.code === current.treatmentCode)
                                      ? current.treatmentCode
                                      : '',
                                    current.qualification,
                                    current.quantity,
                                    current.quantityUnit,
                                  );
                                  for (const key of ['name', 'siret', 'address', 'treatmentCode'] as const) {
                                    form.setValue(`finalOutlets.${index}.${key}`, filled[key], {
                                      shouldDirty: true,
                                    });
                                  }
                                }}
                              >
                                <option value="">{t('activity.chooseFromDirectory')}</option>
                                {data.outletChoices.map((choice) => (
                                  <option key={choice.id} value={choice.id}>
                                    {[choice.name, choice.siret, choice.city].filter(Boolean).join(' — ')}
                                  </option>
                                ))}
                              </NativeSelect.Field>
                              <NativeSelect.Indicator />
                            </NativeSelect.Root>
                          </FormField>
                        </Box>
                      )}
                      <FormField
                        label={t('operations.completion.outletName')}
                        error={outletErrors?.name?.message}
                        required
                      >
                        <Input {...register(`finalOutlets.${index}.name`)} />
                      </FormField>
                      <FormField label={outletFieldLabels.siret} error={outletErrors?.siret?.message}>
                        <Input inputMode="numeric" {...register(`finalOutlets.${index}.siret`)} />
                      </FormField>
                      <FormField label={outletFieldLabels.address} error={outletErrors?.address?.message}>
                        <Input {...register(`finalOutlets.${index}.address`)} />
                      </FormField>
                      <FormField
                        label={outletFieldLabels.treatmentCode}
                        error={outletErrors?.treatmentCode?.message}
                        required
                      >
                        <SelectInput
                          registration={register(`finalOutlets.${index}.treatmentCode`)}
                          placeholder={t('operations.completion.chooseTreatment')}
                        >
                          {codes.map((code) => (
                            <option key={code.code} value={code.code}>
                              {code.code} — {code.description}
                            </option>
                          ))}
                        </SelectInput>
                      </FormField>
                      <QualificationField
                        label={outletFieldLabels.qualification}
                        error={outletErrors?.qualification?.message}
                        qualifications={
                          codes.find((code) => code.code === outlets[index]?.treatmentCode)?.qualifications ??
                          []
                        }
                        registration={register(`finalOutlets.${index}.qualification`)}
                      />
                      <FormField
                        label={outletFieldLabels.quantity}
                        error={outletErrors?.quantity?.message}
                        required
                      >
                        <Input inputMode="decimal" {...register(`finalOutlets.${index}.quantity`)} />
                      </FormField>
                      <FormField
                        label={t('operations.completion.outletUnit')}
                        error={outletErrors?.quantityUnit?.message}
                        required
                      >
                        <SelectInput registration={register(`finalOutlets.${index}.quantityUnit`)}>
                          {OUTLET_QUANTITY_UNITS.map((value) => (
                            <option key={value} value={value}>
                              {outletQuantityUnitLabels[value]}
                            </option>
                          ))}
                        </SelectInput>
                      </FormField>
                    </Box>
                  </Fieldset.Root>
                );
              })}
              <HStack justify="space-between" wrap="wrap">
                <Button variant="outline" size="sm" onClick={() => append(emptyOutlet(unit))}>
                  {t('operations.completion.addOutlet')}
                </Button>
                {total !== null && (
                  <Text fontSize="sm" color="fg.muted" aria-live="polite">
                    {t('operations.completion.sum', {
                      value: `${formatDecimal(total)} ${unit === 'PERCENT' ? '%' : 't'}`,
                    })}
                  </Text>
                )}
              </HStack>
            </Stack>
            <HStack justify="end" gap="3" wrap="wrap">
              <Button variant="outline" loading={isSaving} onClick={submitting(false)}>
                {t('operations.completion.save')}
              </Button>
              {(!declared || onReview) && (
                <Button type="submit" colorPalette="brand" loading={isSaving}>
                  {declared ? t('flows.review') : t('operations.completion.complete')}
                </Button>
              )}
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Who carried it (the register's carrier): an establishment of the portal the operation offers (its provider, or a
 * carrier linked to the site, who then sees the operation), or a party entered by hand; its receipt number either
 * way. An establishment stored that is no longer offered stays shown, under its stored name.
 */
function TransporterFields({
  choices,
  stored,
  entered,
  register,
  errors,
}: {
  choices: readonly { id: string; name: string; siteName: string; provider: boolean }[];
  stored: { establishmentId: string | null | undefined; name: string | null | undefined } | null;
  entered: boolean;
  register: UseFormRegister<CompletionValues>;
  errors: FieldErrors<CompletionValues>;
}) {
  const { t } = useTranslation();
  const missing =
    stored?.establishmentId && !choices.some((choice) => choice.id === stored.establishmentId)
      ? { id: stored.establishmentId, label: stored.name ?? '' }
      : null;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('operations.completion.transporter')}</Fieldset.Legend>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4" mt="2">
        <FormField
          label={operationFieldLabels.transporterName}
          helperText={t('operations.completion.transporterHelp')}
          error={errors.transporter?.message}
        >
          <SelectInput
            registration={register('transporter')}
            placeholder={t('operations.completion.noTransporter')}
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.provider
                  ? t('operations.completion.transporterProvider', {
                      name: choice.name,
                      site: choice.siteName,
                    })
                  : t('operations.completion.transporterChoice', {
                      name: choice.name,
                      site: choice.siteName,
                    })}
              </option>
            ))}
            {missing && <option value={missing.id}>{missing.label}</option>}
            <option value={ENTERED_TRANSPORTER}>{t('operations.completion.enteredTransporter')}</option>
          </SelectInput>
        </FormField>
        <FormField
          label={operationFieldLabels.transporterReceiptNumber}
          error={errors.transporterReceiptNumber?.message}
        >
          <Input {...register('transporterReceiptNumber')} />
        </FormField>
        {entered && (
          <>
            <FormField
              label={t('operations.completion.transporterName')}
              error={errors.transporterName?.message}
              required
            >
              <Input {...register('transporterName')} />
            </FormField>
            <FormField label={operationFieldLabels.transporterSiret} error={errors.transporterSiret?.message}>
              <Input inputMode="numeric" {...register('transporterSiret')} />
            </FormField>
            <FormField
              label={operationFieldLabels.transporterAddress}
              error={errors.transporterAddress?.message}
            >
              <Input {...register('transporterAddress')} />
            </FormField>
          </>
        )}
      </Box>
    </Fieldset.Root>
  );
}

/**
 * The broker or trader and the eco-organisation, where the shipment had one (the register names them): entered
 * by hand, each needing its name once anything else of it is given.
 */
function HandlingPartiesFields({
  register,
  errors,
}: {
  register: UseFormRegister<CompletionValues>;
  errors: FieldErrors<CompletionValues>;
}) {
  const { t } = useTranslation();
  const input = (field: (typeof HANDLING_PARTY_FIELDS)[number], numeric = false) => (
    <FormField label={operationFieldLabels[field]} error={errors[field]?.message}>
      <Input inputMode={numeric ? 'numeric' : undefined} {...register(field)} />
    </FormField>
  );
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('operations.completion.handlingParties')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('operations.completion.handlingPartiesHelp')}</Fieldset.HelperText>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4" mt="2">
        {input('brokerName')}
        {input('brokerSiret', true)}
        {input('brokerReceiptNumber')}
        {input('ecoOrganisationName')}
        {input('ecoOrganisationSiren', true)}
      </Box>
    </Fieldset.Root>
  );
}

/**
 * The qualification of an outlet's treatment, among those its code allows: a choice where there are several,
 * the only one written out where there is one, nothing for a transit code (its outlet's own code says it).
 */
function QualificationField({
  label,
  error,
  qualifications,
  registration,
}: {
  label: string;
  error: string | undefined;
  qualifications: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  if (qualifications.length === 0) return null;
  if (qualifications.length === 1) {
    return (
      <FormField label={label} helperText={t('operations.completion.onlyQualification')}>
        <Input readOnly value={qualifications[0]?.label ?? ''} />
      </FormField>
    );
  }
  return (
    <FormField label={label} error={error} required>
      <SelectInput registration={registration} placeholder={t('operations.completion.chooseQualification')}>
        {qualifications.map((qualification) => (
          <option key={qualification.value} value={qualification.value}>
            {qualification.label}
          </option>
        ))}
      </SelectInput>
    </FormField>
  );
}
