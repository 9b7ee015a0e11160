import {
  Alert,
  Button,
  Center,
  Checkbox,
  CloseButton,
  Dialog,
  Fieldset,
  Flex,
  Input,
  Portal,
  SimpleGrid,
  Spinner,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/domain/messages';
import {
  CONSISTENCIES,
  consistencyLabels,
  FILLING_LEVELS,
  fillingLevelLabels,
  isHazardousWasteCode,
  missingForRotation,
  SKIP_FIELDS,
  SKIP_PROVIDER_FIELDS,
  SKIP_UNITS,
  type SkipField,
  type SkipValues,
  skipFieldLabels,
  skipSchema,
  skipUnitLabels,
} from '@portal/domain/skips';
import { type ReactNode, Suspense, useMemo, useState } from 'react';
import {
  Controller,
  type Resolver,
  type ResolverResult,
  type UseFormRegisterReturn,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay';
import type {
  SkipFormDialog_skip$data,
  SkipFormDialog_skip$key,
} from '../../__generated__/SkipFormDialog_skip.graphql.ts';
import type {
  SkipFieldsInput,
  SkipFormDialogCreateMutation,
} from '../../__generated__/SkipFormDialogCreateMutation.graphql.ts';
import type { SkipFormDialogQuery } from '../../__generated__/SkipFormDialogQuery.graphql.ts';
import type { SkipFormDialogUpdateMutation } from '../../__generated__/SkipFormDialogUpdateMutation.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { applyUserErrors, type UserErrorEntry } from '../../forms/userErrors.ts';
import { formatDecimal } from '../../i18n/format.ts';
import { type SkipListScope, scopeShows } from './skipsTabParams.ts';
import { type WasteCodeOption, WasteCodePicker } from './WasteCodePicker.tsx';

const createSkipMutation = graphql`
  mutation SkipFormDialogCreateMutation($input: CreateSkipInput!, $connections: [ID!]!) {
    createSkip(input: $input) {
      skipEdge @prependEdge(connections: $connections) {
        cursor
        node {
          id
          ...SkipCard_skip
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const updateSkipMutation = graphql`
  mutation SkipFormDialogUpdateMutation($input: UpdateSkipInput!) {
    updateSkip(input: $input) {
      skip {
        id
        ...SkipCard_skip
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const skipFormQuery = graphql`
  query SkipFormDialogQuery($establishmentId: Int!) {
    skipTypes {
      id
      label
      category
      volume
      unit
    }
    wasteHierarchy {
      id
      label
      secondLevelWastes {
        id
        label
        thirdLevelWastes {
          id
          label
          dangerous
          wasteCode {
            code
            description
          }
        }
      }
    }
    treatmentCodes {
      code
      description
    }
    establishment(databaseId: $establishmentId) {
      linkedEstablishments {
        edges {
          node {
            id
            displayName
          }
        }
      }
      entities {
        edges {
          node {
            id
            name
          }
        }
      }
    }
  }
`;

/** What the dialog does: add a container to a site (and maybe to the list on screen), or edit one. */
export type SkipFormTarget =
  | {
      kind: 'create';
      /** The site, as a global id (the mutation) and a number (the reference query). */
      establishmentId: string;
      establishmentDatabaseId: number;
      /** The chantier the new container starts on (the selected one). */
      entityId: string | null;
      list: SkipListScope;
    }
  | { kind: 'edit'; skip: SkipFormDialog_skip$key; establishmentDatabaseId: number };

/** The form's fields carry the names of `skipSchema` (the REST names), so its messages land under them. */
interface SkipFormValues {
  name: string;
  companySite: string;
  companySiteEntity: string | null;
  skipType: string | null;
  unit: string | null;
  volume: string | null;
  firstLevelWaste: string | null;
  secondLevelWaste: string | null;
  thirdLevelWaste: string | null;
  provider: string | null;
  ecoOrganisation: string | null;
  plannedTreatmentCode: string | null;
  fillingLevel: string | null;
  estimatedFullQuantity: string | null;
  packageCount: string | null;
  dangerous: boolean;
  persistentOrganicPollutants: boolean;
  consistency: string | null;
  wasteCode: string | null;
  providerReceiptNumber: string | null;
  providerReceiptValidity: string | null;
  capNumber: string | null;
  adrMention: string | null;
  adrNumber: string | null;
}

/** Every container field but the establishment, which the screen gives (domain's list, not a copy). */
type SkipFormField = Exclude<SkipField, 'companySite'>;
const FORM_FIELDS = SKIP_FIELDS.filter(
  (field): field is SkipFormField => field !== 'companySite',
) satisfies readonly (keyof SkipFormValues)[];

/** The graph's input names (`skipTypeId`) of the form's fields, to put the api's messages under them. */
const GRAPH_FIELD_NAMES: Record<string, SkipFormField> = {
  entityId: 'companySiteEntity',
  skipTypeId: 'skipType',
  firstLevelWasteId: 'firstLevelWaste',
  secondLevelWasteId: 'secondLevelWaste',
  thirdLevelWasteId: 'thirdLevelWaste',
  providerId: 'provider',
};

const PROVIDER_FIELDS: readonly string[] = SKIP_PROVIDER_FIELDS;

const skipResolver = zodResolver(skipSchema);
/** `skipSchema` reads the form's values as they are: only the types differ (its input accepts unknowns). */
const resolver: Resolver<SkipFormValues, unknown, SkipValues> = async (values, context, options) =>
  (await skipResolver(values, context, options as Parameters<typeof skipResolver>[2])) as ResolverResult<
    SkipFormValues,
    SkipValues
  >;

/** An empty optional field is "no value". */
const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const reference = (value: string | number | null) => (value === null ? null : String(value));

export function SkipFormDialog({ target, onClose }: { target: SkipFormTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="xl"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {target &&
              (target.kind === 'edit' ? (
                <EditSkipContent target={target} onDone={onClose} />
              ) : (
                <SkipDialogContent title={t('skips.addTitle')} target={target} skip={null} onDone={onClose} />
              ))}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function EditSkipContent({
  target,
  onDone,
}: {
  target: Extract<SkipFormTarget, { kind: 'edit' }>;
  onDone: () => void;
}) {
  const skip = useFragment(
    graphql`
      fragment SkipFormDialog_skip on Skip {
        id
        name
        establishment {
          id
        }
        entity {
          id
        }
        skipType {
          id
        }
        unit
        volume
        firstLevelWaste {
          id
        }
        secondLevelWaste {
          id
        }
        thirdLevelWaste {
          id
        }
        provider {
          id
          displayName
        }
        ecoOrganisation
        plannedTreatmentCode {
          code
        }
        fillingLevel
        estimatedFullQuantity
        packageCount
        dangerous
        persistentOrganicPollutants
        consistency
        wasteCode {
          code
          description
        }
        providerReceiptNumber
        providerReceiptValidity
        capNumber
        adrMention
        adrNumber
        canEdit
        canComplete
      }
    `,
    target.skip,
  );
  const { t } = useTranslation();
  const title = isProviderMode(skip) ? t('skips.completeTitle') : t('skips.editTitle');
  return <SkipDialogContent title={title} target={target} skip={skip} onDone={onDone} />;
}

/** The title first (it names the dialog while the reference lists load), then the form. */
function SkipDialogContent({
  title,
  target,
  skip,
  onDone,
}: {
  title: string;
  target: SkipFormTarget;
  skip: SkipFormDialog_skip$data | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <ErrorBoundary
        fallback={
          <Dialog.Body pb="8">
            <FormAlert messages={[messages.retryLater]} />
          </Dialog.Body>
        }
      >
        <Suspense
          fallback={
            <Center py="16" role="status" aria-live="polite">
              <Spinner size="lg" color="brand.solid" aria-label={t('app.loading')} />
            </Center>
          }
        >
          <SkipForm target={target} skip={skip} onDone={onDone} />
        </Suspense>
      </ErrorBoundary>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={t('skips.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** A provider completes its own fields only (SPEC 6); the producer edits every field. */
function isProviderMode(skip: SkipFormDialog_skip$data | null): boolean {
  return skip !== null && !skip.canEdit && skip.canComplete;
}

function defaultValues(target: SkipFormTarget, skip: SkipFormDialog_skip$data | null): SkipFormValues {
  return {
    name: skip?.name ?? '',
    companySite: target.kind === 'create' ? target.establishmentId : (skip?.establishment?.id ?? ''),
    companySiteEntity: target.kind === 'create' ? target.entityId : (skip?.entity?.id ?? null),
    skipType: skip?.skipType?.id ?? null,
    unit: skip?.unit ?? null,
    volume: formatDecimal(skip?.volume),
    firstLevelWaste: skip?.firstLevelWaste?.id ?? null,
    secondLevelWaste: skip?.secondLevelWaste?.id ?? null,
    thirdLevelWaste: skip?.thirdLevelWaste?.id ?? null,
    provider: skip?.provider?.id ?? null,
    ecoOrganisation: skip?.ecoOrganisation ?? null,
    plannedTreatmentCode: skip?.plannedTreatmentCode?.code ?? null,
    fillingLevel: skip?.fillingLevel ?? null,
    estimatedFullQuantity: formatDecimal(skip?.estimatedFullQuantity),
    packageCount: skip?.packageCount == null ? null : String(skip.packageCount),
    dangerous: skip?.dangerous ?? false,
    persistentOrganicPollutants: skip?.persistentOrganicPollutants ?? false,
    consistency: skip?.consistency ?? null,
    wasteCode: skip?.wasteCode?.code ?? null,
    providerReceiptNumber: skip?.providerReceiptNumber ?? null,
    providerReceiptValidity: skip?.providerReceiptValidity ?? null,
    capNumber: skip?.capNumber ?? null,
    adrMention: skip?.adrMention ?? null,
    adrNumber: skip?.adrNumber ?? null,
  };
}

/** The graph's input of a validated form; a container that is not dangerous keeps no hazardous extra. */
function toFieldsInput(values: SkipValues): SkipFieldsInput {
  const dangerous = values.dangerous;
  return {
    name: values.name,
    entityId: reference(values.companySiteEntity),
    skipTypeId: reference(values.skipType),
    unit: values.unit,
    volume: values.volume,
    firstLevelWasteId: reference(values.firstLevelWaste),
    secondLevelWasteId: reference(values.secondLevelWaste),
    thirdLevelWasteId: reference(values.thirdLevelWaste),
    providerId: reference(values.provider),
    ecoOrganisation: values.ecoOrganisation,
    plannedTreatmentCode: values.plannedTreatmentCode,
    fillingLevel: values.fillingLevel,
    estimatedFullQuantity: values.estimatedFullQuantity,
    packageCount: values.packageCount,
    dangerous,
    persistentOrganicPollutants: dangerous ? values.persistentOrganicPollutants : false,
    consistency: dangerous ? values.consistency : null,
    wasteCode: values.wasteCode,
    providerReceiptNumber: dangerous ? values.providerReceiptNumber : null,
    providerReceiptValidity: dangerous ? values.providerReceiptValidity : null,
    capNumber: dangerous ? values.capNumber : null,
    adrMention: dangerous ? values.adrMention : null,
    adrNumber: dangerous ? values.adrNumber : null,
  };
}

/** The provider may send only the fields it completes (the api refuses the others). */
function providerFieldsInput(input: SkipFieldsInput): SkipFieldsInput {
  return Object.fromEntries(
    Object.entries(input).filter(([field]) => PROVIDER_FIELDS.includes(field)),
  ) as SkipFieldsInput;
}

function SkipForm({
  target,
  skip,
  onDone,
}: {
  target: SkipFormTarget;
  skip: SkipFormDialog_skip$data | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const references = useLazyLoadQuery<SkipFormDialogQuery>(
    skipFormQuery,
    { establishmentId: target.establishmentDatabaseId },
    { fetchPolicy: 'store-or-network' },
  );
  const [commitCreate, isCreating] = useMutation<SkipFormDialogCreateMutation>(createSkipMutation);
  const [commitUpdate, isUpdating] = useMutation<SkipFormDialogUpdateMutation>(updateSkipMutation);
  const [formMessages, setFormMessages] = useState<{ status: 'error' | 'warning'; messages: string[] }>({
    status: 'error',
    messages: [],
  });
  const [wasteCodeOption, setWasteCodeOption] = useState<WasteCodeOption | null>(skip?.wasteCode ?? null);
  const providerMode = isProviderMode(skip);
  const locked = (field: SkipField) => providerMode && !PROVIDER_FIELDS.includes(field);

  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isDirty },
  } = useForm<SkipFormValues, unknown, SkipValues>({
    resolver,
    defaultValues: defaultValues(target, skip),
  });
  const values = useWatch({ control }) as SkipFormValues;
  const dangerous = values.dangerous;

  const skipTypes = references.skipTypes;
  const families = references.wasteHierarchy;
  const flows = families.find((family) => family.id === values.firstLevelWaste)?.secondLevelWastes ?? [];
  const wastes = flows.find((flow) => flow.id === values.secondLevelWaste)?.thirdLevelWastes ?? [];
  const providers = useMemo(() => {
    const linked = references.establishment?.linkedEstablishments.edges.map((edge) => edge.node) ?? [];
    // The current provider stays offered even if the viewer cannot list the site's providers.
    const current = skip?.provider;
    return current && !linked.some((site) => site.id === current.id) ? [current, ...linked] : linked;
  }, [references, skip]);
  const entities = references.establishment?.entities.edges.map((edge) => edge.node) ?? [];
  const missing = missingForRotation(values).map((field) => skipFieldLabels[field]);

  const change = <K extends keyof SkipFormValues>(field: K, value: SkipFormValues[K]) =>
    setValue(field, value as never, { shouldDirty: true });

  const chooseWasteCode = (option: WasteCodeOption | null) => {
    setWasteCodeOption(option);
    change('wasteCode', option?.code ?? null);
  };

  /** SPEC 3: a type gives its unit and volume. */
  const onSkipTypeChange = (id: string | null) => {
    const type = skipTypes.find((candidate) => candidate.id === id);
    if (!type) return;
    change('unit', type.unit);
    change('volume', formatDecimal(type.volume));
  };

  /** A precise waste gives its default waste code; a hazardous one makes the container dangerous. */
  const onThirdLevelChange = (id: string | null) => {
    const waste = wastes.find((candidate) => candidate.id === id);
    if (!waste?.wasteCode) return;
    if (waste.dangerous) change('dangerous', true);
    chooseWasteCode({ code: waste.wasteCode.code, description: waste.wasteCode.description });
  };

  /** A code of the other kind cannot stay: a dangerous container needs a hazardous code and the reverse. */
  const onDangerousChange = (next: boolean) => {
    const code = getValues('wasteCode');
    if (code !== null && isHazardousWasteCode(code) !== next) chooseWasteCode(null);
  };

  const showUserErrors = (userErrors: readonly UserErrorEntry[], failed: boolean, fallback: string) => {
    if (userErrors.length === 0 && !failed) return false;
    const named = userErrors.map((error) => ({
      ...error,
      field: error.field.map((segment) => GRAPH_FIELD_NAMES[segment] ?? segment),
    }));
    const remaining = applyUserErrors(named, FORM_FIELDS, setError);
    setFormMessages({
      status: 'error',
      messages: remaining.length > 0 || userErrors.length > 0 ? remaining : [fallback],
    });
    return true;
  };

  const onSubmit = handleSubmit((validated) => {
    if (skip && !isDirty) {
      setFormMessages({ status: 'warning', messages: [messages.noChange] });
      return;
    }
    setFormMessages({ status: 'error', messages: [] });
    const fields = toFieldsInput(validated);
    if (target.kind === 'create') {
      const shown = scopeShows(target.list, { state: 'AVAILABLE', entityId: fields.entityId ?? null });
      commitCreate({
        variables: {
          input: { establishmentId: target.establishmentId, fields },
          connections: shown ? [target.list.connectionId] : [],
        },
        onCompleted: ({ createSkip }) => {
          if (showUserErrors(createSkip.userErrors, !createSkip.skipEdge, messages.skipCreateError)) return;
          notifySuccess(messages.skipCreated);
          onDone();
        },
        onError: (error) => notifyFailure(error, messages.skipCreateError),
      });
      return;
    }
    if (!skip) return;
    commitUpdate({
      variables: { input: { id: skip.id, fields: providerMode ? providerFieldsInput(fields) : fields } },
      onCompleted: ({ updateSkip }) => {
        if (showUserErrors(updateSkip.userErrors, !updateSkip.skip, messages.skipUpdateError)) return;
        notifySuccess(messages.skipUpdated);
        onDone();
      },
      onError: (error) => notifyFailure(error, messages.skipUpdateError),
    });
  });

  const inFlight = isCreating || isUpdating;
  const select = (
    field: SkipField & keyof SkipFormValues,
    options: ReactNode,
    registration: UseFormRegisterReturn = register(field, { setValueAs: emptyToNull }),
  ) => (
    <SelectInput registration={registration} placeholder={t('skips.notChosen')}>
      {options}
    </SelectInput>
  );
  const text = (
    field: SkipField & keyof SkipFormValues,
    props: { inputMode?: 'decimal' | 'numeric'; type?: string } = {},
  ) => <Input autoComplete="off" {...props} {...register(field, { setValueAs: emptyToNull })} />;
  const fieldProps = (field: SkipField & keyof SkipFormValues) => ({
    label: skipFieldLabels[field],
    error: errors[field]?.message,
    disabled: locked(field),
  });

  return (
    // A flex column, so that the dialog's body scrolls between a fixed header and footer.
    <Flex asChild direction="column" flex="1" minH="0">
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Body>
          <Stack gap="6">
            <FormAlert messages={formMessages.messages} status={formMessages.status} />
            {providerMode && <Text color="fg.muted">{t('skips.providerHint')}</Text>}
            {missing.length > 0 && (
              <Alert.Root status="info" size="sm">
                <Alert.Indicator />
                <Alert.Description>
                  {t('skips.missingFields', { fields: missing.join(', ') })}
                </Alert.Description>
              </Alert.Root>
            )}
            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold">{t('skips.sections.container')}</Fieldset.Legend>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
                <FormField {...fieldProps('name')} required>
                  {text('name')}
                </FormField>
                <FormField {...fieldProps('companySiteEntity')}>
                  {select(
                    'companySiteEntity',
                    entities.map((entity) => (
                      <option key={entity.id} value={entity.id}>
                        {entity.name}
                      </option>
                    )),
                  )}
                </FormField>
                <FormField {...fieldProps('skipType')}>
                  {select(
                    'skipType',
                    groupByCategory(skipTypes).map(([category, types]) => (
                      <optgroup key={category} label={category}>
                        {types.map((type) => (
                          <option key={type.id} value={type.id}>
                            {type.label}
                          </option>
                        ))}
                      </optgroup>
                    )),
                    register('skipType', {
                      setValueAs: emptyToNull,
                      onChange: (event) => onSkipTypeChange(emptyToNull(event.target.value) as string | null),
                    }),
                  )}
                </FormField>
                <SimpleGrid columns={2} gap="4">
                  <FormField {...fieldProps('volume')}>{text('volume', { inputMode: 'decimal' })}</FormField>
                  <FormField {...fieldProps('unit')}>
                    {select(
                      'unit',
                      SKIP_UNITS.map((unit) => (
                        <option key={unit} value={unit}>
                          {skipUnitLabels[unit]}
                        </option>
                      )),
                    )}
                  </FormField>
                </SimpleGrid>
                <FormField {...fieldProps('packageCount')}>
                  {text('packageCount', { inputMode: 'numeric' })}
                </FormField>
                <FormField {...fieldProps('fillingLevel')}>
                  {select(
                    'fillingLevel',
                    FILLING_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {fillingLevelLabels[level]}
                      </option>
                    )),
                  )}
                </FormField>
              </SimpleGrid>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold">{t('skips.sections.waste')}</Fieldset.Legend>
              <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mt="3">
                <FormField {...fieldProps('firstLevelWaste')}>
                  {select(
                    'firstLevelWaste',
                    families.map((family) => (
                      <option key={family.id} value={family.id}>
                        {family.label}
                      </option>
                    )),
                    register('firstLevelWaste', {
                      setValueAs: emptyToNull,
                      onChange: () => {
                        change('secondLevelWaste', null);
                        change('thirdLevelWaste', null);
                      },
                    }),
                  )}
                </FormField>
                <FormField {...fieldProps('secondLevelWaste')}>
                  {select(
                    'secondLevelWaste',
                    flows.map((flow) => (
                      <option key={flow.id} value={flow.id}>
                        {flow.label}
                      </option>
                    )),
                    register('secondLevelWaste', {
                      setValueAs: emptyToNull,
                      onChange: () => change('thirdLevelWaste', null),
                    }),
                  )}
                </FormField>
                <FormField
                  {...fieldProps('thirdLevelWaste')}
                  helperText={
                    !dangerous && wasteCodeOption
                      ? t('skips.defaultWasteCode', {
                          code: wasteCodeOption.code,
                          description: wasteCodeOption.description,
                        })
                      : undefined
                  }
                >
                  {select(
                    'thirdLevelWaste',
                    wastes.map((waste) => (
                      <option key={waste.id} value={waste.id}>
                        {waste.label}
                      </option>
                    )),
                    register('thirdLevelWaste', {
                      setValueAs: emptyToNull,
                      onChange: (event) =>
                        onThirdLevelChange(emptyToNull(event.target.value) as string | null),
                    }),
                  )}
                </FormField>
              </SimpleGrid>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4" alignItems="end">
                <FormField {...fieldProps('estimatedFullQuantity')} helperText={t('skips.quantityHelp')}>
                  {text('estimatedFullQuantity', { inputMode: 'decimal' })}
                </FormField>
                <Controller
                  control={control}
                  name="dangerous"
                  render={({ field }) => (
                    <Switch.Root
                      colorPalette="red"
                      checked={field.value}
                      disabled={locked('dangerous')}
                      onCheckedChange={(details) => {
                        field.onChange(details.checked);
                        onDangerousChange(details.checked);
                      }}
                      pb="2"
                    >
                      <Switch.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
                      <Switch.Control />
                      <Switch.Label>{skipFieldLabels.dangerous}</Switch.Label>
                    </Switch.Root>
                  )}
                />
              </SimpleGrid>
            </Fieldset.Root>

            <Fieldset.Root>
              <Fieldset.Legend fontWeight="semibold">{t('skips.sections.treatment')}</Fieldset.Legend>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
                <FormField {...fieldProps('provider')}>
                  {select(
                    'provider',
                    providers.map((provider) => (
                      <option key={provider.id} value={provider.id}>
                        {provider.displayName}
                      </option>
                    )),
                  )}
                </FormField>
                <FormField {...fieldProps('ecoOrganisation')}>{text('ecoOrganisation')}</FormField>
                <FormField {...fieldProps('plannedTreatmentCode')}>
                  {select(
                    'plannedTreatmentCode',
                    references.treatmentCodes.map((code) => (
                      <option key={code.code} value={code.code}>
                        {`${code.code} — ${code.description}`}
                      </option>
                    )),
                  )}
                </FormField>
              </SimpleGrid>
            </Fieldset.Root>

            {dangerous && (
              <Fieldset.Root>
                <Fieldset.Legend fontWeight="semibold">{t('skips.sections.hazardous')}</Fieldset.Legend>
                <Stack gap="4" mt="3">
                  <WasteCodePicker
                    label={skipFieldLabels.wasteCode}
                    value={wasteCodeOption}
                    onChange={chooseWasteCode}
                    dangerous
                    error={errors.wasteCode?.message}
                    disabled={locked('wasteCode')}
                  />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormField {...fieldProps('consistency')}>
                      {select(
                        'consistency',
                        CONSISTENCIES.map((consistency) => (
                          <option key={consistency} value={consistency}>
                            {consistencyLabels[consistency]}
                          </option>
                        )),
                      )}
                    </FormField>
                    <Controller
                      control={control}
                      name="persistentOrganicPollutants"
                      render={({ field }) => (
                        <Checkbox.Root
                          checked={field.value}
                          disabled={locked('persistentOrganicPollutants')}
                          onCheckedChange={(details) => field.onChange(details.checked === true)}
                          alignSelf="end"
                          pb="2"
                        >
                          <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
                          <Checkbox.Control />
                          <Checkbox.Label>{skipFieldLabels.persistentOrganicPollutants}</Checkbox.Label>
                        </Checkbox.Root>
                      )}
                    />
                    <FormField {...fieldProps('providerReceiptNumber')}>
                      {text('providerReceiptNumber')}
                    </FormField>
                    <FormField {...fieldProps('providerReceiptValidity')}>
                      {text('providerReceiptValidity', { type: 'date' })}
                    </FormField>
                    <FormField {...fieldProps('capNumber')}>{text('capNumber')}</FormField>
                    <FormField {...fieldProps('adrNumber')}>{text('adrNumber')}</FormField>
                  </SimpleGrid>
                  <FormField {...fieldProps('adrMention')}>{text('adrMention')}</FormField>
                </Stack>
              </Fieldset.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="ghost" disabled={inFlight}>
              {t('skips.cancel')}
            </Button>
          </Dialog.ActionTrigger>
          <Button type="submit" colorPalette="brand" loading={inFlight} loadingText={t('skips.save')}>
            {t('skips.save')}
          </Button>
        </Dialog.Footer>
      </form>
    </Flex>
  );
}

function groupByCategory<T extends { category: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups];
}
