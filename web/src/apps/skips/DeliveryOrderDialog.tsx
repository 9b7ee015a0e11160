import {
  Alert,
  Box,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Fieldset,
  Flex,
  HStack,
  Input,
  Portal,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DeliveryOrderInput,
  type DeliveryOrderValues,
  deliveryOrderSchema,
} from '@portal/domain/deliveries';
import { messages } from '@portal/domain/messages';
import {
  expandRecurrence,
  MAX_PROGRAM_OCCURRENCES,
  MONTH_POSITIONS,
  type MonthPosition,
  monthPositionLabels,
  parisDate,
  RECURRENCE_INTERVAL_MAX,
  RECURRENCE_TYPES,
  type RecurrenceType,
  recurrenceProgramSchema,
  recurrenceTypeLabels,
  WEEKDAYS,
  type Weekday,
  weekdayLabels,
} from '@portal/domain/recurrence';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, type FieldPath, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { ConnectionHandler } from 'relay-runtime';
import type { DeliveryOrderDialog_skip$key } from '../../__generated__/DeliveryOrderDialog_skip.graphql.ts';
import type { DeliveryOrderDialogMutation } from '../../__generated__/DeliveryOrderDialogMutation.graphql.ts';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { notifyFailure, notifySuccess } from '../../forms/mutationFeedback.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';
import { applyUserErrors } from '../../forms/userErrors.ts';
import { formatLongDate } from '../../i18n/format.ts';
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

/** The next dates a program gives are previewed as the user fills it in. */
export const PREVIEW_COUNT = 5;

export interface DeliveryOrderTarget {
  skip: DeliveryOrderDialog_skip$key;
  /** The site (global id): its list of deliveries receives the new ones. */
  establishmentId: string;
}

type MonthMode = 'day' | 'position';

/** The form's values: what the user sees (a mode, a way to pick the day of the month), not yet an order. */
interface OrderFormValues {
  mode: 'once' | 'program';
  requestedDate: string;
  comment: string;
  program: {
    startDate: string;
    endDate: string;
    recurrence: RecurrenceType;
    interval: number;
    weekdays: Weekday[];
    monthMode: MonthMode;
    monthDay: number;
    monthPosition: MonthPosition;
    monthWeekday: Weekday;
  };
}

/** The form's field of each input field the api may name (`['input', 'program', 'startDate']`). */
const ORDER_FIELDS: Record<string, FieldPath<OrderFormValues>> = {
  requestedDate: 'requestedDate',
  comment: 'comment',
  startDate: 'program.startDate',
  endDate: 'program.endDate',
  interval: 'program.interval',
  weekdays: 'program.weekdays',
  monthDay: 'program.monthDay',
  monthPosition: 'program.monthPosition',
};

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** The order the form describes, in the shape of `deliveryOrderSchema`. */
function toOrder(values: OrderFormValues): DeliveryOrderInput {
  const comment = values.comment.trim() === '' ? null : values.comment;
  if (values.mode === 'once') return { requestedDate: values.requestedDate || null, comment, program: null };
  const program = values.program;
  const monthly = program.recurrence === 'MONTH';
  const byPosition = monthly && program.monthMode === 'position';
  return {
    requestedDate: null,
    comment,
    program: {
      startDate: blankToUndefined(program.startDate) as string,
      endDate: blankToUndefined(program.endDate) as string,
      recurrence: program.recurrence,
      interval: program.interval,
      weekdays: program.recurrence === 'WEEK' ? program.weekdays : byPosition ? [program.monthWeekday] : null,
      monthPosition: byPosition ? program.monthPosition : null,
      monthDay: monthly && !byPosition ? program.monthDay : null,
    },
  };
}

const orderResolver = zodResolver(deliveryOrderSchema);
const resolver: Resolver<OrderFormValues, unknown, DeliveryOrderValues> = (values, context, options) =>
  orderResolver(toOrder(values), context, options as unknown as Parameters<typeof orderResolver>[2]);

const defaultValues: OrderFormValues = {
  mode: 'once',
  requestedDate: '',
  comment: '',
  program: {
    startDate: '',
    endDate: '',
    recurrence: 'WEEK',
    interval: 1,
    weekdays: [],
    monthMode: 'day',
    monthDay: 1,
    monthPosition: 'FIRST',
    monthWeekday: 'MONDAY',
  },
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
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OrderFormValues, unknown, DeliveryOrderValues>({ resolver, defaultValues });
  const values = useWatch({ control }) as OrderFormValues;
  const programMode = values.mode === 'program';
  const recurrence = values.program.recurrence;
  const programErrors = errors.program;

  const onSubmit = handleSubmit((order) => {
    setFormErrors([]);
    const failure = order.program ? messages.programSubmitError : messages.deliveryOrderError;
    commitOrder({
      variables: {
        input: {
          skipId: skip.id,
          requestedDate: order.program ? null : order.requestedDate,
          comment: order.comment,
          program: order.program
            ? {
                ...order.program,
                monthPosition: order.program.monthPosition ?? null,
                monthDay: order.program.monthDay ?? null,
              }
            : null,
        },
        connections: [ConnectionHandler.getConnectionID(target.establishmentId, SITE_DELIVERIES_CONNECTION)],
      },
      onCompleted: ({ orderSkipDelivery }) => {
        const { userErrors } = orderSkipDelivery;
        if (userErrors.length > 0 || orderSkipDelivery.deliveries.length === 0) {
          const named = userErrors.map((error) => ({
            ...error,
            field: error.field.map((segment) => ORDER_FIELDS[segment] ?? segment),
          }));
          const remaining = applyUserErrors(named, Object.values(ORDER_FIELDS), setError);
          setFormErrors(remaining.length > 0 || userErrors.length > 0 ? remaining : [failure]);
          return;
        }
        notifySuccess(order.program ? messages.deliveryProgramOrdered : messages.deliveryOrdered);
        onDone();
      },
      onError: (error) => notifyFailure(error, failure),
    });
  });

  return (
    // A flex column, so that the dialog's body scrolls between a fixed header and footer.
    <Flex asChild direction="column" flex="1" minH="0">
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>{t('deliveries.orderTitle', { name: skip.name })}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="5">
            <FormAlert messages={formErrors} />
            <Controller
              control={control}
              name="mode"
              render={({ field }) => (
                <RadioGroup.Root
                  value={field.value}
                  onValueChange={(details) => field.onChange(details.value)}
                  colorPalette="brand"
                >
                  <RadioGroup.Label mb="2">{t('deliveries.mode')}</RadioGroup.Label>
                  <HStack gap="6" wrap="wrap">
                    <Radio value="once">{t('deliveries.modes.once')}</Radio>
                    <Radio value="program">{t('deliveries.modes.program')}</Radio>
                  </HStack>
                </RadioGroup.Root>
              )}
            />

            {programMode ? (
              <Stack gap="4">
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <FormField
                    label={t('deliveries.startDate')}
                    error={programErrors?.startDate?.message}
                    required
                  >
                    <Input type="date" {...register('program.startDate')} />
                  </FormField>
                  <FormField label={t('deliveries.endDate')} error={programErrors?.endDate?.message} required>
                    <Input type="date" {...register('program.endDate')} />
                  </FormField>
                  <FormField
                    label={t('deliveries.recurrence')}
                    error={programErrors?.recurrence?.message}
                    required
                  >
                    <SelectInput registration={register('program.recurrence')}>
                      {RECURRENCE_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {recurrenceTypeLabels[type]}
                        </option>
                      ))}
                    </SelectInput>
                  </FormField>
                  <FormField
                    label={t('deliveries.interval')}
                    error={programErrors?.interval?.message}
                    helperText={t(`deliveries.intervalHelp.${recurrence}`, {
                      count: values.program.interval || 1,
                    })}
                    required
                  >
                    <Input
                      type="number"
                      min={1}
                      max={RECURRENCE_INTERVAL_MAX}
                      {...register('program.interval', { valueAsNumber: true })}
                    />
                  </FormField>
                </SimpleGrid>

                {recurrence === 'WEEK' && (
                  <Controller
                    control={control}
                    name="program.weekdays"
                    render={({ field }) => (
                      <Fieldset.Root invalid={!!programErrors?.weekdays}>
                        <Fieldset.Legend>{t('deliveries.weekdays')}</Fieldset.Legend>
                        <HStack gap="4" wrap="wrap" mt="2">
                          {WEEKDAYS.map((day) => (
                            <Checkbox.Root
                              key={day}
                              checked={field.value.includes(day)}
                              onCheckedChange={(details) =>
                                field.onChange(
                                  details.checked === true
                                    ? [...field.value, day]
                                    : field.value.filter((value) => value !== day),
                                )
                              }
                            >
                              <Checkbox.HiddenInput />
                              <Checkbox.Control />
                              <Checkbox.Label>{weekdayLabels[day]}</Checkbox.Label>
                            </Checkbox.Root>
                          ))}
                        </HStack>
                        {programErrors?.weekdays && (
                          <Fieldset.ErrorText>{programErrors.weekdays.message}</Fieldset.ErrorText>
                        )}
                      </Fieldset.Root>
                    )}
                  />
                )}

                {recurrence === 'MONTH' && (
                  <MonthFields
                    monthMode={values.program.monthMode}
                    modeControl={
                      <Controller
                        control={control}
                        name="program.monthMode"
                        render={({ field }) => (
                          <RadioGroup.Root
                            value={field.value}
                            onValueChange={(details) => field.onChange(details.value)}
                            colorPalette="brand"
                          >
                            <RadioGroup.Label mb="2">{t('deliveries.monthMode')}</RadioGroup.Label>
                            <Stack gap="2">
                              <Radio value="day">{t('deliveries.monthModes.day')}</Radio>
                              <Radio value="position">{t('deliveries.monthModes.position')}</Radio>
                            </Stack>
                          </RadioGroup.Root>
                        )}
                      />
                    }
                    dayField={
                      <FormField
                        label={t('deliveries.monthDay')}
                        error={programErrors?.monthDay?.message}
                        helperText={t('deliveries.monthDayHelp')}
                      >
                        <Input
                          type="number"
                          min={1}
                          max={31}
                          {...register('program.monthDay', { valueAsNumber: true })}
                        />
                      </FormField>
                    }
                    positionFields={
                      <>
                        <FormField
                          label={t('deliveries.monthPosition')}
                          error={programErrors?.monthPosition?.message}
                        >
                          <SelectInput registration={register('program.monthPosition')}>
                            {MONTH_POSITIONS.map((position) => (
                              <option key={position} value={position}>
                                {monthPositionLabels[position]}
                              </option>
                            ))}
                          </SelectInput>
                        </FormField>
                        <FormField
                          label={t('deliveries.monthWeekday')}
                          error={programErrors?.weekdays?.message}
                        >
                          <SelectInput registration={register('program.monthWeekday')}>
                            {WEEKDAYS.map((day) => (
                              <option key={day} value={day}>
                                {weekdayLabels[day]}
                              </option>
                            ))}
                          </SelectInput>
                        </FormField>
                      </>
                    }
                  />
                )}

                <ProgramPreview values={values} />
              </Stack>
            ) : (
              <FormField label={t('deliveries.requestedDate')} error={errors.requestedDate?.message} required>
                <Input type="date" {...register('requestedDate')} />
              </FormField>
            )}

            <FormField label={t('deliveries.comment')} error={errors.comment?.message}>
              <Textarea rows={3} {...register('comment')} />
            </FormField>
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.ActionTrigger asChild>
            <Button variant="ghost" disabled={isInFlight}>
              {t('deliveries.close')}
            </Button>
          </Dialog.ActionTrigger>
          <Button
            type="submit"
            colorPalette="brand"
            loading={isInFlight}
            loadingText={t('deliveries.submitOrder')}
          >
            {t('deliveries.submitOrder')}
          </Button>
        </Dialog.Footer>
        <Dialog.CloseTrigger asChild>
          <CloseButton size="sm" aria-label={t('deliveries.close')} />
        </Dialog.CloseTrigger>
      </form>
    </Flex>
  );
}

function MonthFields({
  monthMode,
  modeControl,
  dayField,
  positionFields,
}: {
  monthMode: MonthMode;
  modeControl: ReactNode;
  dayField: ReactNode;
  positionFields: ReactNode;
}) {
  return (
    <Stack gap="3">
      {modeControl}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {monthMode === 'day' ? dayField : positionFields}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The next dates of the program as it stands, from domain's `expandRecurrence` (the api stores the same ones):
 * the user sees what the rhythm gives before ordering, and why nothing would be ordered.
 */
function ProgramPreview({ values }: { values: OrderFormValues }) {
  const { t } = useTranslation();
  const headingId = useId();
  const preview = useMemo(() => {
    const parsed = recurrenceProgramSchema.safeParse(toOrder(values).program);
    if (!parsed.success) return null;
    const today = parisDate(new Date());
    const next = expandRecurrence(parsed.data, { from: today, limit: PREVIEW_COUNT });
    const tooMany =
      expandRecurrence(parsed.data, { from: today, limit: MAX_PROGRAM_OCCURRENCES + 1 }).length >
      MAX_PROGRAM_OCCURRENCES;
    return { next, tooMany };
  }, [values]);

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Text id={headingId} fontWeight="semibold" mb="2">
        {t('deliveries.preview', { count: PREVIEW_COUNT })}
      </Text>
      {preview === null ? (
        <Text color="fg.muted">{t('deliveries.previewIncomplete')}</Text>
      ) : preview.next.length === 0 ? (
        <Text color="fg.muted">{messages.programWithoutDates}</Text>
      ) : (
        <Stack as="ol" gap="1" ps="5" aria-labelledby={headingId}>
          {preview.next.map((date) => (
            <li key={date}>{formatLongDate(date)}</li>
          ))}
        </Stack>
      )}
      {preview?.tooMany && (
        <Alert.Root status="warning" size="sm" mt="3">
          <Alert.Indicator />
          <Alert.Description>{messages.programTooLong(MAX_PROGRAM_OCCURRENCES)}</Alert.Description>
        </Alert.Root>
      )}
    </Box>
  );
}

function Radio({ value, children }: { value: string; children: ReactNode }) {
  return (
    <RadioGroup.Item value={value}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText>{children}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}
