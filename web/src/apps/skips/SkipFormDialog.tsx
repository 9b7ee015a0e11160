import { Alert, Center, CloseButton, Dialog, Flex, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import {
  missingForRotation,
  SKIP_PROVIDER_FIELDS,
  type SkipValues,
  skipFieldLabels,
  skipFields,
  skipSchema,
} from '@portal/domain/skips';
import { Suspense, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery, useMutation } from 'react-relay';
import type { SkipContainerSection_skip$key } from '../../__generated__/SkipContainerSection_skip.graphql.ts';
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
import type { SkipHazardousSection_skip$key } from '../../__generated__/SkipHazardousSection_skip.graphql.ts';
import type { SkipTreatmentSection_skip$key } from '../../__generated__/SkipTreatmentSection_skip.graphql.ts';
import type { SkipWasteSection_skip$key } from '../../__generated__/SkipWasteSection_skip.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { formValuesOf, graphInputOf, restNamesOf } from '../../forms/fieldTable.ts';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { SkipContainerSection, skipContainerFragment } from './SkipContainerSection.tsx';
import { HAZARDOUS_EXTRAS, SkipHazardousSection, skipHazardousFragment } from './SkipHazardousSection.tsx';
import { SkipTreatmentSection, skipTreatmentFragment } from './SkipTreatmentSection.tsx';
import { SkipWasteSection, skipWasteFragment } from './SkipWasteSection.tsx';
import { FORM_FIELDS, SkipFormModeContext, type SkipFormValues } from './skipFormFields.tsx';
import { type SkipListScope, scopeShows } from './skipsTabParams.ts';
import type { WasteCodeOption } from './WasteCodePicker.tsx';

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

/** The reference lists of the form: each section asks for its own. */
const skipFormQuery = graphql`
  query SkipFormDialogQuery($establishmentId: Int!) {
    ...SkipContainerSection_references
    ...SkipWasteSection_references
    ...SkipTreatmentSection_references
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

/** The graph's input names of the form's fields (`skipTypeId`), to put the api's messages under them. */
const REST_NAMES = restNamesOf(skipFields);

/** What the form edits of a container: each section's fields, and what decides the mode. */
const skipFragment = graphql`
  fragment SkipFormDialog_skip on Skip {
    id
    establishment {
      id
    }
    canEdit
    canComplete
    ...SkipContainerSection_skip
    ...SkipWasteSection_skip
    ...SkipTreatmentSection_skip
    ...SkipHazardousSection_skip
  }
`;

/** A container as the form reads it: its own fields and those of every section's fragment. */
type EditedSkip = Pick<
  SkipFormDialog_skip$data,
  'id' | 'establishment' | 'canEdit' | 'canComplete' | ' $fragmentSpreads'
> &
  Readonly<Record<string, unknown>> & { wasteCode?: WasteCodeOption | null };

function EditSkipContent({
  target,
  onDone,
}: {
  target: Extract<SkipFormTarget, { kind: 'edit' }>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const skip = useFragment(skipFragment, target.skip);
  const edited: EditedSkip = {
    ...skip,
    ...useFragment<SkipContainerSection_skip$key>(skipContainerFragment, skip),
    ...useFragment<SkipWasteSection_skip$key>(skipWasteFragment, skip),
    ...useFragment<SkipTreatmentSection_skip$key>(skipTreatmentFragment, skip),
    ...useFragment<SkipHazardousSection_skip$key>(skipHazardousFragment, skip),
  };
  const title = isProviderMode(skip) ? t('skips.completeTitle') : t('skips.editTitle');
  return <SkipDialogContent title={title} target={target} skip={edited} onDone={onDone} />;
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
  skip: EditedSkip | null;
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
function isProviderMode(skip: Pick<SkipFormDialog_skip$data, 'canEdit' | 'canComplete'> | null): boolean {
  return skip !== null && !skip.canEdit && skip.canComplete;
}

/** The form's values: the container's (none for a new one), on the target's establishment and chantier. */
function defaultValues(target: SkipFormTarget, skip: EditedSkip | null): SkipFormValues {
  const values = formValuesOf(skipFields, FORM_FIELDS, skip);
  if (target.kind === 'edit') return { ...values, companySite: skip?.establishment?.id ?? '' };
  return { ...values, companySite: target.establishmentId, companySiteEntity: target.entityId };
}

/**
 * The graph's input of a validated form; a container that is not dangerous keeps no hazardous extra, and the
 * provider may send only the fields it completes (the api refuses the others).
 */
function fieldsInput(values: SkipValues, providerMode: boolean): SkipFieldsInput {
  const extras = values.dangerous ? {} : graphInputOf(skipFields, HAZARDOUS_EXTRAS, {});
  return {
    ...graphInputOf(skipFields, providerMode ? SKIP_PROVIDER_FIELDS : FORM_FIELDS, values),
    ...(providerMode ? pick(extras, SKIP_PROVIDER_FIELDS) : extras),
  } as SkipFieldsInput;
}

const pick = (input: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(input).filter(([name]) => names.includes(name)));

function SkipForm({
  target,
  skip,
  onDone,
}: {
  target: SkipFormTarget;
  skip: EditedSkip | null;
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
  const [wasteCodeOption, setWasteCodeOption] = useState<WasteCodeOption | null>(skip?.wasteCode ?? null);
  const providerMode = isProviderMode(skip);
  const { form, alert, submit, outcome } = useMutationForm<SkipFormValues, SkipValues>({
    schema: skipSchema,
    defaultValues: defaultValues(target, skip),
    fields: FORM_FIELDS,
    rename: REST_NAMES,
    requireChange: skip !== null,
  });
  const values = useWatch({ control: form.control }) as SkipFormValues;
  const missing = missingForRotation(values).map((field) => skipFieldLabels[field]);

  const wasteCode = {
    option: wasteCodeOption,
    choose: (option: WasteCodeOption | null) => {
      setWasteCodeOption(option);
      form.setValue('wasteCode', option?.code ?? null, { shouldDirty: true });
    },
  };

  const onSubmit = submit((validated, _values, clientMutationId) => {
    const fields = fieldsInput(validated, providerMode);
    if (target.kind === 'create') {
      const shown = scopeShows(target.list, { state: 'AVAILABLE', entityId: fields.entityId ?? null });
      commitCreate({
        variables: {
          input: { establishmentId: target.establishmentId, fields, clientMutationId },
          connections: shown ? [target.list.connectionId] : [],
        },
        ...outcome({
          result: ({ createSkip }) => ({ userErrors: createSkip.userErrors, ok: !!createSkip.skipEdge }),
          success: messages.skipCreated,
          failure: messages.skipCreateError,
          onSuccess: onDone,
        }),
      });
      return;
    }
    if (!skip) return;
    commitUpdate({
      variables: { input: { id: skip.id, fields } },
      ...outcome({
        result: ({ updateSkip }) => ({ userErrors: updateSkip.userErrors, ok: !!updateSkip.skip }),
        success: messages.skipUpdated,
        failure: messages.skipUpdateError,
        onSuccess: onDone,
      }),
    });
  });

  const inFlight = isCreating || isUpdating;
  return (
    <FormProvider {...form}>
      <SkipFormModeContext.Provider value={{ providerMode }}>
        {/* A flex column, so that the dialog's body scrolls between a fixed header and footer. */}
        <Flex asChild direction="column" flex="1" minH="0">
          <form onSubmit={onSubmit} noValidate>
            <Dialog.Body>
              <Stack gap="6">
                <FormAlert {...alert} />
                {providerMode && <Text color="fg.muted">{t('skips.providerHint')}</Text>}
                {missing.length > 0 && (
                  <Alert.Root status="info" size="sm">
                    <Alert.Indicator />
                    <Alert.Description>
                      {t('skips.missingFields', { fields: missing.join(', ') })}
                    </Alert.Description>
                  </Alert.Root>
                )}
                <SkipContainerSection references={references} />
                <SkipWasteSection references={references} wasteCode={wasteCode} />
                <SkipTreatmentSection skip={skip} references={references} />
                {values.dangerous && <SkipHazardousSection wasteCode={wasteCode} />}
              </Stack>
            </Dialog.Body>
            <FormDialogFooter
              cancelLabel={t('skips.cancel')}
              submitLabel={t('skips.save')}
              busy={inFlight}
              keepLabel
            />
          </form>
        </Flex>
      </SkipFormModeContext.Provider>
    </FormProvider>
  );
}
