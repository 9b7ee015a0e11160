import {
  Alert,
  Box,
  Checkbox,
  Fieldset,
  HStack,
  Input,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { fieldLabels } from '@portal/domain/fields';
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
  recurrenceTypeLabels,
  WEEKDAYS,
  type Weekday,
  weekdayLabels,
} from '@portal/domain/recurrence';
import {
  type RecurrenceProgramInput,
  type RecurrenceProgramValues,
  recurrenceFields,
  recurrenceProgramSchema,
} from '@portal/domain/recurrence-rules';
import { type ReactNode, useId, useMemo } from 'react';
import { Controller, type FieldErrors, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../i18n/format.ts';
import { FormDateInput } from './DateInput.tsx';
import { FormField } from './FormField.tsx';
import { SelectInput } from './SelectInput.tsx';

/**
 * The recurrence of SPEC 3 as a form section (start and end, day/working day/week/month, interval, weekdays,
 * day or position in the month) with the preview of its next dates, for every form that programs something
 * (deliveries, rotations). The form keeps it under `program`; `programOfForm` gives domain's shape.
 */

const recurrenceFieldLabels = fieldLabels(recurrenceFields);

/** The next dates a program gives are previewed as the user fills it in. */
export const PREVIEW_COUNT = 5;

type MonthMode = 'day' | 'position';

/** The section's values as the user sees them (a way to pick the day of the month), not yet a program. */
export interface ProgramFormValues {
  startDate: string;
  endDate: string;
  recurrence: RecurrenceType;
  interval: number;
  weekdays: Weekday[];
  monthMode: MonthMode;
  monthDay: number;
  monthPosition: MonthPosition;
  monthWeekday: Weekday;
}

export const defaultProgramValues: ProgramFormValues = {
  startDate: '',
  endDate: '',
  recurrence: 'WEEK',
  interval: 1,
  weekdays: [],
  monthMode: 'day',
  monthDay: 1,
  monthPosition: 'FIRST',
  monthWeekday: 'MONDAY',
};

/** The form fields of the section each field of domain's program (and so of the api's answer) is about. */
export const PROGRAM_FORM_FIELDS = {
  startDate: 'program.startDate',
  endDate: 'program.endDate',
  interval: 'program.interval',
  weekdays: 'program.weekdays',
  monthDay: 'program.monthDay',
  monthPosition: 'program.monthPosition',
} as const;

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** The program the section describes, in the shape of domain's `recurrenceProgramSchema`. */
export function programOfForm(program: ProgramFormValues): RecurrenceProgramInput {
  const monthly = program.recurrence === 'MONTH';
  const byPosition = monthly && program.monthMode === 'position';
  return {
    startDate: blankToUndefined(program.startDate) as string,
    endDate: blankToUndefined(program.endDate) as string,
    recurrence: program.recurrence,
    interval: program.interval,
    weekdays: program.recurrence === 'WEEK' ? program.weekdays : byPosition ? [program.monthWeekday] : null,
    monthPosition: byPosition ? program.monthPosition : null,
    monthDay: monthly && !byPosition ? program.monthDay : null,
  };
}

/** A valid program as the graph's input takes it: no day or position of the month is null. */
export function programInput(program: RecurrenceProgramValues) {
  return { ...program, monthPosition: program.monthPosition ?? null, monthDay: program.monthDay ?? null };
}

interface RecurrenceProgramFieldsProps {
  /** The label of the month-mode choice ("Jour de livraison dans le mois"). */
  monthModeLabel: string;
  /** The title of the preview, for a count of dates ("Les 5 prochaines livraisons"). */
  previewLabel: (count: number) => string;
}

/** The section, inside a react-hook-form `FormProvider` whose values have `program: ProgramFormValues`. */
export function RecurrenceProgramFields({ monthModeLabel, previewLabel }: RecurrenceProgramFieldsProps) {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<{ program: ProgramFormValues }>();
  const program = useWatch({ control, name: 'program' });
  const programErrors = (errors as FieldErrors<{ program: ProgramFormValues }>).program;
  const recurrence = program.recurrence;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormField label={recurrenceFieldLabels.startDate} error={programErrors?.startDate?.message} required>
          <FormDateInput control={control} name="program.startDate" />
        </FormField>
        <FormField label={recurrenceFieldLabels.endDate} error={programErrors?.endDate?.message} required>
          <FormDateInput control={control} name="program.endDate" />
        </FormField>
        <FormField
          label={recurrenceFieldLabels.recurrence}
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
          label={recurrenceFieldLabels.interval}
          error={programErrors?.interval?.message}
          helperText={t(`deliveries.intervalHelp.${recurrence}`, { count: program.interval || 1 })}
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
              <Fieldset.Legend>{recurrenceFieldLabels.weekdays}</Fieldset.Legend>
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
        <Stack gap="3">
          <Controller
            control={control}
            name="program.monthMode"
            render={({ field }) => (
              <RadioGroup.Root
                value={field.value}
                onValueChange={(details) => field.onChange(details.value)}
                colorPalette="brand"
              >
                <RadioGroup.Label mb="2">{monthModeLabel}</RadioGroup.Label>
                <Stack gap="2">
                  <Radio value="day">{t('deliveries.monthModes.day')}</Radio>
                  <Radio value="position">{t('deliveries.monthModes.position')}</Radio>
                </Stack>
              </RadioGroup.Root>
            )}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {program.monthMode === 'day' ? (
              <FormField
                label={recurrenceFieldLabels.monthDay}
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
            ) : (
              <>
                <FormField
                  label={recurrenceFieldLabels.monthPosition}
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
                <FormField label={t('deliveries.monthWeekday')} error={programErrors?.weekdays?.message}>
                  <SelectInput registration={register('program.monthWeekday')}>
                    {WEEKDAYS.map((day) => (
                      <option key={day} value={day}>
                        {weekdayLabels[day]}
                      </option>
                    ))}
                  </SelectInput>
                </FormField>
              </>
            )}
          </SimpleGrid>
        </Stack>
      )}

      <ProgramPreview program={program} label={previewLabel(PREVIEW_COUNT)} />
    </Stack>
  );
}

/**
 * The next dates of the program as it stands, from domain's `expandRecurrence` (the api stores the same ones):
 * the user sees what the rhythm gives before sending, and why nothing would come.
 */
function ProgramPreview({ program, label }: { program: ProgramFormValues; label: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const preview = useMemo(() => {
    const parsed = recurrenceProgramSchema.safeParse(programOfForm(program));
    if (!parsed.success) return null;
    const today = parisDate(new Date());
    const next = expandRecurrence(parsed.data, { from: today, limit: PREVIEW_COUNT });
    const tooMany =
      expandRecurrence(parsed.data, { from: today, limit: MAX_PROGRAM_OCCURRENCES + 1 }).length >
      MAX_PROGRAM_OCCURRENCES;
    return { next, tooMany };
  }, [program]);

  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle">
      <Text id={headingId} fontWeight="semibold" mb="2">
        {label}
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

/**
 * The choice between once and a recurring program, kept as `mode` (`'once'` | `'program'`) by a form inside a
 * `FormProvider`.
 */
export function ProgramModeField({ label, once, program }: { label: string; once: string; program: string }) {
  const { control } = useFormContext<{ mode: 'once' | 'program' }>();
  return (
    <Controller
      control={control}
      name="mode"
      render={({ field }) => (
        <RadioGroup.Root
          value={field.value}
          onValueChange={(details) => field.onChange(details.value)}
          colorPalette="brand"
        >
          <RadioGroup.Label mb="2">{label}</RadioGroup.Label>
          <HStack gap="6" wrap="wrap">
            <Radio value="once">{once}</Radio>
            <Radio value="program">{program}</Radio>
          </HStack>
        </RadioGroup.Root>
      )}
    />
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
