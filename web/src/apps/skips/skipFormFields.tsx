import { Checkbox, Input } from '@chakra-ui/react';
import type { FieldSpec } from '@portal/domain/fields';
import {
  SKIP_FIELDS,
  SKIP_PROVIDER_FIELDS,
  type SkipField,
  skipFieldLabels,
  skipFields,
} from '@portal/domain/skips';
import { createContext, type ReactNode, useContext } from 'react';
import { Controller, type UseFormRegisterReturn, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateInput } from '../../forms/DateInput.tsx';
import { FormField } from '../../forms/FormField.tsx';
import type { FormValues } from '../../forms/fieldTable.ts';
import { SelectInput } from '../../forms/SelectInput.tsx';

/**
 * What the sections of the container form share (`SkipFormDialog.tsx` and its `Skip*Section.tsx`): the form's
 * values, named and typed after domain's `skipFields`, and the inputs of its fields, locked in provider mode.
 */

/** Every container field but the establishment, which the screen gives. */
export type SkipFormField = Exclude<SkipField, 'companySite'>;
export const FORM_FIELDS = SKIP_FIELDS.filter((field): field is SkipFormField => field !== 'companySite');

export type SkipFormValues = FormValues<typeof skipFields, SkipField>;

const PROVIDER_FIELDS: readonly string[] = SKIP_PROVIDER_FIELDS;

/** A provider completes its own fields only (SPEC 6); the producer edits every field. */
export const SkipFormModeContext = createContext({ providerMode: false });

/** An empty optional field is "no value". */
export const emptyToNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** The inputs of the container's fields, inside the form's `FormProvider`. */
export function useSkipInputs() {
  const { t } = useTranslation();
  const form = useFormContext<SkipFormValues>();
  const { providerMode } = useContext(SkipFormModeContext);
  const { errors } = form.formState;
  const locked = (field: SkipFormField) => providerMode && !PROVIDER_FIELDS.includes(field);
  return {
    form,
    locked,
    /** A field's label, error and lock, for its `FormField`. */
    fieldProps: (field: SkipFormField) => ({
      label: skipFieldLabels[field],
      error: errors[field]?.message,
      disabled: locked(field),
    }),
    /** A choice among options; `registration` adds what a change does to the other fields. */
    select: (
      field: SkipFormField,
      options: ReactNode,
      registration: UseFormRegisterReturn = form.register(field, { setValueAs: emptyToNull }),
    ) => (
      <SelectInput registration={registration} placeholder={t('skips.notChosen')}>
        {options}
      </SelectInput>
    ),
    /** A change made by the form itself (a type's unit, a waste's code): it counts as the user's. */
    change: <K extends SkipFormField>(field: K, value: SkipFormValues[K]) =>
      form.setValue(field, value as never, { shouldDirty: true }),
  };
}

/** The options of a choice: each item's French label, and its value (a node's global id by default). */
export function options<T>(
  items: readonly T[],
  label: (item: T) => string,
  value: (item: T) => string = (item) => (item as { id: string }).id,
) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}

/** The options of an enum field, with domain's labels of its values. */
export const enumOptions = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  options(
    values,
    (value) => labels[value],
    (value) => value,
  );

const INPUT_PROPS: Partial<Record<string, { inputMode?: 'decimal' | 'numeric' }>> = {
  decimal: { inputMode: 'decimal' },
  integer: { inputMode: 'numeric' },
};

/**
 * The input of a plain field, by its kind in `skipFields`: text, a number (decimal or integer), a date, or a
 * checkbox for a boolean. Choices among lists (enums, references, codes) are the sections' own.
 */
export function SkipInput({ field, helperText }: { field: SkipFormField; helperText?: string | undefined }) {
  const { form, fieldProps, locked } = useSkipInputs();
  const { kind } = skipFields[field];
  if (kind === 'boolean') {
    return (
      <Controller
        control={form.control}
        name={field}
        render={({ field: input }) => (
          <Checkbox.Root
            checked={input.value === true}
            disabled={locked(field)}
            onCheckedChange={(details) => input.onChange(details.checked === true)}
            alignSelf="end"
            pb="2"
          >
            <Checkbox.HiddenInput ref={input.ref} name={input.name} onBlur={input.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{skipFieldLabels[field]}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
    );
  }
  return (
    <FormField
      {...fieldProps(field)}
      required={(skipFields[field] as FieldSpec).required === true}
      helperText={helperText}
    >
      {kind === 'date' ? (
        <FormDateInput control={form.control} name={field} emptyValue={null} />
      ) : (
        <Input
          autoComplete="off"
          {...INPUT_PROPS[kind]}
          {...form.register(field, { setValueAs: emptyToNull })}
        />
      )}
    </FormField>
  );
}
