import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface SelectInputProps {
  registration: UseFormRegisterReturn;
  disabled?: boolean;
  /** The first, empty option ("Non renseigné"); none when a value is always chosen. */
  placeholder?: string;
  children: ReactNode;
  /** Given by FormField (the error or helper text): it goes on the select itself. */
  'aria-describedby'?: string;
}

/** A native select bound to react-hook-form: keyboard and screen readers work as with any select. */
export function SelectInput({
  registration,
  disabled = false,
  placeholder,
  children,
  'aria-describedby': describedBy,
}: SelectInputProps) {
  return (
    <NativeSelect.Root disabled={disabled}>
      <NativeSelect.Field {...registration} aria-describedby={describedBy}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
