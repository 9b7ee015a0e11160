import { Checkbox } from '@chakra-ui/react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** A yes-or-no field of a form: a checkbox bound to a boolean of react-hook-form, its label beside it. */
export function CheckboxField<TValues extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox.Root
          checked={field.value === true}
          onCheckedChange={(details) => field.onChange(details.checked === true)}
        >
          <Checkbox.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
          <Checkbox.Control />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}
