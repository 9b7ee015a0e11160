import { CloseButton, Dialog, Flex, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { type FlowDeclarationInput, flowDeclarationSchema } from '@portal/domain/operation-rules';
import { parisDate } from '@portal/domain/recurrence';
import { Suspense } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DeclareFlowDialogMutation } from '../../__generated__/DeclareFlowDialogMutation.graphql.ts';
import type { DeclareFlowDialogQuery } from '../../__generated__/DeclareFlowDialogQuery.graphql.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { CheckboxField } from '../../forms/CheckboxField.tsx';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { paths } from '../../paths.ts';
import { selectionSearch } from '../dashboard/selection.ts';

const declareMutation = graphql`
  mutation DeclareFlowDialogMutation($input: DeclareFlowInput!) {
    declareFlow(input: $input) {
      operation {
        id
        databaseId
      }
      userErrors {
        field
        message
      }
    }
  }
`;

interface FormValues {
  /** The declarer's establishment (a producer's, or a provider's). */
  establishment: string;
  /** The other side: a producer's receiving provider ('' when not on the portal), a provider's client. */
  counterpart: string;
  thirdLevelWaste: string;
  shipmentDate: string;
  quantity: string;
  quantityEstimated: boolean;
  comment: string;
}

/** The graph's and the api's names of the form's fields. */
const RENAME: Record<string, keyof FormValues> = {
  companySite: 'establishment',
  establishmentId: 'establishment',
  provider: 'counterpart',
  providerId: 'counterpart',
  thirdLevelWasteId: 'thirdLevelWaste',
  realInterventionDate: 'shipmentDate',
  receivedQuantity: 'quantity',
};

/**
 * "Déclarer un flux" (SPEC 1, 4): waste handled without an operation of the portal, declared by its producer (from
 * one of its establishments, naming the provider of the portal that received it, if any) or by a provider (for
 * one of its clients). The flow is created 'à compléter' and its page opens, where it is filled in like a
 * completion, then sent from its recap.
 */
export function DeclareFlowDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {/* The title is there from the start: it names the dialog while its choices load. */}
            <Dialog.Header>
              <Dialog.Title>{t('flows.declareTitle')}</Dialog.Title>
            </Dialog.Header>
            <Suspense fallback={<PageSpinner />}>
              <DeclareFlowForm onClose={onClose} />
            </Suspense>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('confirm.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function DeclareFlowForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const data = useLazyLoadQuery<DeclareFlowDialogQuery>(
    graphql`
      query DeclareFlowDialogQuery {
        viewer {
          isRetriever
          establishments(first: 100) {
            edges {
              node {
                id
                displayName
                canDeclareFlow
                linkedEstablishments(first: 100) {
                  edges {
                    node {
                      id
                      displayName
                    }
                  }
                }
              }
            }
          }
        }
        wasteHierarchy {
          label
          secondLevelWastes {
            label
            thirdLevelWastes {
              id
              label
              wasteCode {
                code
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const provider = data.viewer?.isRetriever === true;
  const establishments = (data.viewer?.establishments.edges ?? [])
    .map((edge) => edge.node)
    .filter((site) => site.canDeclareFlow);
  const [commit, isDeclaring] = useMutation<DeclareFlowDialogMutation>(declareMutation);
  // The one place that says which side each choice is: the graph's input, which domain's rules read renamed.
  const graphInput = (values: FormValues) => ({
    declaredBy: provider ? ('PROVIDER' as const) : ('PRODUCER' as const),
    establishmentId: provider ? values.counterpart : values.establishment,
    providerId: (provider ? values.establishment : values.counterpart) || null,
    thirdLevelWasteId: values.thirdLevelWaste,
    shipmentDate: values.shipmentDate,
    quantity: values.quantity.trim() || null,
    quantityEstimated: values.quantityEstimated,
    comment: values.comment.trim() || null,
  });
  const toInput = (values: FormValues): FlowDeclarationInput => {
    const input = graphInput(values);
    return {
      declaredBy: input.declaredBy,
      companySite: input.establishmentId,
      provider: input.providerId,
      thirdLevelWaste: input.thirdLevelWasteId,
      realInterventionDate: input.shipmentDate,
      receivedQuantity: input.quantity,
      quantityEstimated: input.quantityEstimated,
      comment: input.comment,
    };
  };
  const { form, alert, submit, outcome } = useMutationForm<FormValues>({
    schema: flowDeclarationSchema,
    toInput,
    defaultValues: {
      establishment: establishments.length === 1 ? (establishments[0]?.id ?? '') : '',
      counterpart: '',
      thirdLevelWaste: '',
      shipmentDate: parisDate(new Date()),
      quantity: '',
      quantityEstimated: false,
      comment: '',
    },
    rename: RENAME,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const chosen = useWatch({ control, name: 'establishment' });
  const counterparts =
    establishments.find((site) => site.id === chosen)?.linkedEstablishments.edges.map((edge) => edge.node) ??
    [];

  const onSubmit = submit((_, values, clientMutationId) => {
    commit({
      variables: { input: { ...graphInput(values), clientMutationId } },
      ...outcome({
        result: ({ declareFlow }) => ({ userErrors: declareFlow.userErrors, ok: !!declareFlow.operation }),
        success: messages.flowDeclared,
        failure: messages.flowDeclareError,
        onSuccess: ({ declareFlow }) => {
          onClose();
          if (declareFlow.operation) {
            navigate({
              pathname: `${paths.operations}/${declareFlow.operation.databaseId}`,
              search: selectionSearch(params),
              hash: 'realisation',
            });
          }
        },
      }),
    });
  });

  return (
    <FormProvider {...form}>
      <Flex asChild direction="column" flex="1" minH="0">
        <form noValidate onSubmit={onSubmit}>
          <Dialog.Body>
            <Stack gap="4">
              <Text color="fg.muted">{t('flows.declareIntro')}</Text>
              <FormAlert {...alert} />
              <FormField
                label={provider ? t('flows.myEstablishment') : t('flows.establishment')}
                error={errors.establishment?.message}
                required
              >
                <SelectInput
                  registration={register('establishment')}
                  placeholder={t('flows.chooseEstablishment')}
                >
                  {establishments.map((site) => (
                    <option key={site.id} value={site.id}>
                      {site.displayName}
                    </option>
                  ))}
                </SelectInput>
              </FormField>
              <FormField
                label={provider ? t('flows.client') : t('flows.receivingProvider')}
                error={errors.counterpart?.message}
                required={provider}
              >
                <SelectInput
                  registration={register('counterpart')}
                  placeholder={provider ? t('flows.chooseClient') : t('flows.noProvider')}
                >
                  {counterparts.map((site) => (
                    <option key={site.id} value={site.id}>
                      {site.displayName}
                    </option>
                  ))}
                </SelectInput>
              </FormField>
              <FormField label={t('flows.waste')} error={errors.thirdLevelWaste?.message} required>
                <SelectInput registration={register('thirdLevelWaste')} placeholder={t('flows.chooseWaste')}>
                  {data.wasteHierarchy.flatMap((family) =>
                    family.secondLevelWastes.map((flow) => (
                      <optgroup
                        key={`${family.label}-${flow.label}`}
                        label={`${family.label} › ${flow.label}`}
                      >
                        {flow.thirdLevelWastes.map((waste) => (
                          <option key={waste.id} value={waste.id}>
                            {waste.wasteCode ? `${waste.label} (${waste.wasteCode.code})` : waste.label}
                          </option>
                        ))}
                      </optgroup>
                    )),
                  )}
                </SelectInput>
              </FormField>
              <Stack direction={{ base: 'column', md: 'row' }} gap="4">
                <FormField label={t('flows.shipmentDate')} error={errors.shipmentDate?.message} required>
                  <FormDateInput control={control} name="shipmentDate" />
                </FormField>
                <FormField label={t('flows.quantity')} error={errors.quantity?.message}>
                  <Input inputMode="decimal" {...register('quantity')} />
                </FormField>
              </Stack>
              <CheckboxField
                control={control}
                name="quantityEstimated"
                label={t('flows.quantityEstimated')}
              />
              <FormField label={t('flows.comment')} error={errors.comment?.message}>
                <Textarea rows={2} {...register('comment')} />
              </FormField>
            </Stack>
          </Dialog.Body>
          <FormDialogFooter
            cancelLabel={t('flows.cancel')}
            submitLabel={t('flows.submit')}
            busy={isDeclaring}
          />
        </form>
      </Flex>
    </FormProvider>
  );
}
