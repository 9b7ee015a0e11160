import { CloseButton, Dialog, Flex, Portal, Stack, Textarea } from '@chakra-ui/react';
import {
  type DeliveryOrderInput,
  type DeliveryOrderValues,
  deliveryOrderSchema,
} from '@portal/domain/deliveries';
import { messages } from '@portal/domain/messages';
import { type FieldPath, FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import type { DeliveryOrderDialog_skip$key } from '../../__generated__/DeliveryOrderDialog_skip.graphql.ts';
import type { DeliveryOrderDialogMutation } from '../../__generated__/DeliveryOrderDialogMutation.graphql.ts';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormDialogFooter } from '../../forms/FormDialogFooter.tsx';
import { FormField } from '../../forms/FormField.tsx';
import {
  defaultProgramValues,
  PROGRAM_FORM_FIELDS,
  type ProgramFormValues,
  ProgramModeField,
  programInput,
  programOfForm,
  RecurrenceProgramFields,
} from '../../forms/RecurrenceProgramFields.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { useLeaveLists } from '../../relay/listMembership.ts';
import { SITE_DELIVERIES_CONNECTION } from './DeliveryList.tsx';

const orderDeliveryMutation = graphql`
  mutation DeliveryOrderDialogMutation($input: OrderSkipDeliveryInput!, $connections: [ID!]!) {
    orderSkipDelivery(input: $input) {
      deliveries @prependNode(connections: $connections, edgeTypeName: "SkipDeliveryEdge") {
        id
        ...DeliveryRow_delivery
      }
      program {
        id
      }
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

export interface DeliveryOrderTarget {
  skip: DeliveryOrderDialog_skip$key;
  /** The site (global id): its list of deliveries receives the new ones. */
  establishmentId: string;
}

/** The form's values: what the user sees (a mode, a way to pick the day of the month), not yet an order. */
interface OrderFormValues {
  mode: 'once' | 'program';
  requestedDate: string;
  comment: string;
  program: ProgramFormValues;
}

/** The form's field of each input field the api may name (`['input', 'program', 'startDate']`). */
const ORDER_FIELDS: Record<string, FieldPath<OrderFormValues>> = {
  requestedDate: 'requestedDate',
  comment: 'comment',
  ...PROGRAM_FORM_FIELDS,
};

/** The order the form describes, in the shape of `deliveryOrderSchema`. */
function toOrder(values: OrderFormValues): DeliveryOrderInput {
  const comment = values.comment.trim() === '' ? null : values.comment;
  if (values.mode === 'once') return { requestedDate: values.requestedDate || null, comment, program: null };
  return { requestedDate: null, comment, program: programOfForm(values.program) };
}

const defaultValues: OrderFormValues = {
  mode: 'once',
  requestedDate: '',
  comment: '',
  program: defaultProgramValues,
};

/** Ordering a delivery of a container (SPEC 3, 4): once on a date, or on a recurring program. */
export function DeliveryOrderDialog({
  target,
  onClose,
}: {
  target: DeliveryOrderTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{target && <OrderForm target={target} onDone={onClose} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function OrderForm({ target, onDone }: { target: DeliveryOrderTarget; onDone: () => void }) {
  const { t } = useTranslation();
  const skip = useFragment(
    graphql`
      fragment DeliveryOrderDialog_skip on Skip {
        id
        name
      }
    `,
    target.skip,
  );
  const [commitOrder, isInFlight] = useMutation<DeliveryOrderDialogMutation>(orderDeliveryMutation);
  const leaveLists = useLeaveLists();
  const { form, alert, submit, outcome } = useMutationForm<OrderFormValues, DeliveryOrderValues>({
    schema: deliveryOrderSchema,
    toInput: toOrder,
    defaultValues,
    fields: Object.values(ORDER_FIELDS),
    rename: ORDER_FIELDS,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const programMode = useWatch({ control, name: 'mode' }) === 'program';

  const onSubmit = submit((order, _values, clientMutationId) => {
    commitOrder({
      variables: {
        input: {
          skipId: skip.id,
          requestedDate: order.program ? null : order.requestedDate,
          comment: order.comment,
          program: order.program ? programInput(order.program) : null,
          clientMutationId,
        },
        connections: [ConnectionHandler.getConnectionID(target.establishmentId, SITE_DELIVERIES_CONNECTION)],
      },
      // Ordered, the container leaves a list of available containers only.
      updater: (store, response) => {
        const ordered = response?.orderSkipDelivery.skip;
        if (ordered) leaveLists(store, [ordered.id]);
      },
      ...outcome({
        result: ({ orderSkipDelivery }) => ({
          userErrors: orderSkipDelivery.userErrors,
          ok: orderSkipDelivery.deliveries.length > 0,
        }),
        success: order.program ? messages.deliveryProgramOrdered : messages.deliveryOrdered,
        failure: order.program ? messages.programSubmitError : messages.deliveryOrderError,
        onSuccess: onDone,
      }),
    });
  });

  return (
    // A flex column, so that the dialog's body scrolls between a fixed header and footer.
    <FormProvider {...form}>
      <Flex asChild direction="column" flex="1" minH="0">
        <form onSubmit={onSubmit} noValidate>
          <Dialog.Header>
            <Dialog.Title>{t('deliveries.orderTitle', { name: skip.name })}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="5">
              <FormAlert {...alert} />
              <ProgramModeField
                label={t('deliveries.mode')}
                once={t('deliveries.modes.once')}
                program={t('deliveries.modes.program')}
              />

              {programMode ? (
                <RecurrenceProgramFields
                  monthModeLabel={t('deliveries.monthMode')}
                  previewLabel={(count) => t('deliveries.preview', { count })}
                />
              ) : (
                <FormField
                  label={t('deliveries.requestedDate')}
                  error={errors.requestedDate?.message}
                  required
                >
                  <FormDateInput control={control} name="requestedDate" />
                </FormField>
              )}

              <FormField label={t('deliveries.comment')} error={errors.comment?.message}>
                <Textarea rows={3} {...register('comment')} />
              </FormField>
            </Stack>
          </Dialog.Body>
          <FormDialogFooter
            cancelLabel={t('deliveries.close')}
            submitLabel={t('deliveries.submitOrder')}
            busy={isInFlight}
            keepLabel
          />
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={t('deliveries.close')} />
          </Dialog.CloseTrigger>
        </form>
      </Flex>
    </FormProvider>
  );
}
