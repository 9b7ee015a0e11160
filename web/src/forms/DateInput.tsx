import {
  DatePicker,
  type DatePickerDateView,
  type DateValue,
  Input,
  parseDate,
  useDatePickerContext,
  useFieldContext,
} from '@chakra-ui/react';
import { parisDate } from '@portal/domain/recurrence';
import {
  type ChangeEvent,
  type KeyboardEvent,
  memo,
  type ReactNode,
  type Ref,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { caretAfterMask, dateTextOf, dateValueOf, isIsoDate, maskDateText, segmentAt } from './dateText.ts';

export interface DateInputProps {
  /** The ISO date (`2026-03-05`), '' (or null) when empty, or the text as typed while it is not a date. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The first and last days the calendar offers (ISO); a typed date outside is the form's rules to refuse. */
  min?: string | undefined;
  max?: string | undefined;
  id?: string;
  name?: string;
  size?: 'sm' | 'md';
  disabled?: boolean;
  /** Outside a FormField (which says it itself): whether what is typed is refused. */
  invalid?: boolean;
  /** Given by FormField (the error or helper text). */
  'aria-describedby'?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

const DAY_VIEWS: DatePickerDateView[] = ['day', 'month', 'year'];

/**
 * The portal's one date field: it shows and reads `jj/mm/aaaa` whatever the browser's language, and gives its
 * form the ISO date. Digits fill it (the slashes come by themselves), Up and Down change the day, month or year
 * under the caret as a native date input does, and the calendar (its button, or Alt+Down) offers the days
 * between `min` and `max`.
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  disabled = false,
  invalid,
  size = 'md',
  ...inputProps
}: DateInputProps) {
  const { t } = useTranslation();
  // A disabled FormField disables its input; the calendar's button follows it.
  const fieldDisabled = useFieldContext()?.disabled ?? false;
  const current = value ?? '';
  const [text, setText] = useState(() => dateTextOf(current));
  // A value changed from outside (a reset, a default, the URL) is shown; one the owner does not take (a list
  // filter waiting for a whole date) leaves the text as typed.
  const [previousValue, setPreviousValue] = useState(current);
  if (current !== previousValue) {
    setPreviousValue(current);
    if (dateValueOf(text) !== current) setText(dateTextOf(current));
  }

  const change = (nextText: string) => {
    setText(nextText);
    const next = dateValueOf(nextText);
    if (next !== current) onChange(next);
  };

  const iso = isIsoDate(current) ? current : null;
  const selected = useMemo(() => (iso ? [parseDate(iso)] : []), [iso]);
  const bounds = {
    ...(min && isIsoDate(min) && { min: parseDate(min) }),
    ...(max && isIsoDate(max) && { max: parseDate(max) }),
  };
  const translations = useMemo(
    () => ({
      trigger: (open: boolean) => (open ? t('form.date.closeCalendar') : t('form.date.openCalendar')),
      content: t('form.date.calendar'),
      monthSelect: t('form.date.month'),
      yearSelect: t('form.date.year'),
      clearTrigger: t('form.date.clear'),
      prevTrigger: (view: DatePickerDateView) => t(`form.date.previous.${view}`),
      nextTrigger: (view: DatePickerDateView) => t(`form.date.next.${view}`),
      viewTrigger: (_view: DatePickerDateView, nextView: DatePickerDateView | undefined) =>
        nextView ? t(`form.date.switchTo.${nextView}`) : t('form.date.calendar'),
      dayCell: (state: { valueText: string; selected: boolean; unavailable: boolean }) =>
        state.unavailable
          ? t('form.date.unavailableDay', { date: state.valueText })
          : state.selected
            ? t('form.date.selectedDay', { date: state.valueText })
            : state.valueText,
      placeholder: () => ({ day: 'jj', month: 'mm', year: 'aaaa' }),
    }),
    [t],
  );

  return (
    <DatePicker.Root
      locale="fr-FR"
      timeZone="Europe/Paris"
      startOfWeek={1}
      size={size}
      value={selected}
      {...bounds}
      disabled={disabled || fieldDisabled}
      translations={translations}
      format={(date: DateValue) => dateTextOf(date.toString().slice(0, 10))}
      onValueChange={(details) => {
        const [date] = details.value;
        change(date ? dateTextOf(date.toString().slice(0, 10)) : '');
      }}
      maxView="year"
      positioning={{ placement: 'bottom-start' }}
      // The calendar is built when it opens: a form's date fields stay as light as text inputs.
      lazyMount
      unmountOnExit
      gap="0"
    >
      <DatePicker.Control>
        <DateText
          text={text}
          size={size}
          disabled={disabled}
          onText={change}
          {...(invalid !== undefined && { 'aria-invalid': invalid })}
          {...inputProps}
          {...bounds}
        />
        <DatePicker.IndicatorGroup>
          <CalendarTrigger />
        </DatePicker.IndicatorGroup>
      </DatePicker.Control>
      {/* Not in a portal: inside a dialog, the calendar belongs to it (its focus trap, its reading order). */}
      <DatePicker.Positioner>
        <DatePicker.Content>
          {DAY_VIEWS.map((view) => (
            <DatePicker.View key={view} view={view}>
              <DatePicker.Header />
              {view === 'day' ? (
                <DatePicker.DayTable />
              ) : view === 'month' ? (
                <DatePicker.MonthTable />
              ) : (
                <DatePicker.YearTable />
              )}
            </DatePicker.View>
          ))}
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}

/** The calendar's button ("Ouvrir le calendrier"), described by the label of the field it fills. */
function CalendarTrigger() {
  const field = useFieldContext();
  return (
    <DatePicker.Trigger aria-describedby={field?.ids.label}>
      <CalendarIcon />
    </DatePicker.Trigger>
  );
}

interface DateTextProps
  extends Omit<DateInputProps, 'value' | 'onChange' | 'min' | 'max' | 'size' | 'invalid'> {
  'aria-invalid'?: boolean;
  text: string;
  size: 'sm' | 'md';
  onText: (text: string) => void;
  min?: DateValue;
  max?: DateValue;
}

/** The typed part: a masked text input (not `type="date"`, whose format is the browser's language). */
function DateText({ text, size, disabled, onText, onBlur, min, max, ref, ...inputProps }: DateTextProps) {
  const { t } = useTranslation();
  const picker = useDatePickerContext();
  const input = useRef<HTMLInputElement | null>(null);
  // Where the caret goes once the masked text is rendered.
  const pendingSelection = useRef<[number, number] | null>(null);

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !input.current || document.activeElement !== input.current) return;
    pendingSelection.current = null;
    input.current.setSelectionRange(selection[0], selection[1]);
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.currentTarget.value;
    const caret = event.currentTarget.selectionStart ?? raw.length;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const deleting = inputType.startsWith('delete');
    const masked = maskDateText(raw, deleting);
    const position = caretAfterMask(raw, caret, masked, deleting);
    pendingSelection.current = [position, position];
    onText(masked);
  };

  /** Up and Down: the day, month or year under the caret, one step, as a native date input does. */
  const step = (event: KeyboardEvent<HTMLInputElement>, amount: 1 | -1) => {
    event.preventDefault();
    const caret = event.currentTarget.selectionStart ?? 0;
    const segment = segmentAt(caret);
    const value = dateValueOf(text);
    let date: DateValue;
    if (isIsoDate(value)) {
      const day = parseDate(value);
      date =
        segment.unit === 'year'
          ? day.add({ years: amount })
          : day.cycle(segment.unit, amount, { round: false });
    } else {
      // Nothing to step from: today, within the days offered.
      date = parseDate(parisDate(new Date()));
      if (min && date.compare(min) < 0) date = min;
      if (max && date.compare(max) > 0) date = max;
    }
    pendingSelection.current = [segment.start, segment.end];
    onText(dateTextOf(date.toString().slice(0, 10)));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      picker.setOpen(true);
    } else if ((event.key === 'ArrowUp' || event.key === 'ArrowDown') && !event.altKey && !event.ctrlKey) {
      step(event, event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  return (
    <Input
      ref={(element) => {
        input.current = element;
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
      }}
      {...inputProps}
      size={size}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      placeholder={t('form.date.placeholder')}
      value={text}
      disabled={disabled}
      onChange={onChange}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      pe="10"
      // Not the calendar's own input part, which it would overwrite with its value (empty while one is typed).
      data-part="text"
    />
  );
}

/**
 * A date field of a react-hook-form form: the form holds the ISO date, `emptyValue` when nothing is typed (null
 * for an optional date the api clears), or the typed text while it is not a date, which the form's date rule
 * refuses. Memoized: a form that renders again on every keystroke elsewhere leaves its calendar alone.
 */
export const FormDateInput = memo(function FormDateInput<TValues extends FieldValues, TOutput = TValues>({
  name,
  control,
  emptyValue = '',
  ...props
}: {
  name: FieldPath<TValues>;
  control: Control<TValues, unknown, TOutput>;
  emptyValue?: '' | null | undefined;
} & Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'ref' | 'name'>) {
  const { field } = useController<TValues, FieldPath<TValues>, TOutput>({ control, name });
  const { onChange } = field;
  const change = useCallback(
    (value: string) => onChange(value === '' ? emptyValue : value),
    [onChange, emptyValue],
  );
  return (
    <DateInput
      {...props}
      ref={field.ref}
      name={field.name}
      value={field.value as string | null | undefined}
      onChange={change}
      onBlur={field.onBlur}
    />
  );
}) as <TValues extends FieldValues, TOutput = TValues>(
  props: {
    name: FieldPath<TValues>;
    control: Control<TValues, unknown, TOutput>;
    emptyValue?: '' | null | undefined;
  } & Omit<DateInputProps, 'value' | 'onChange' | 'onBlur' | 'ref' | 'name'>,
) => ReactNode;

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </svg>
  );
}
