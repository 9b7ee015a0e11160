import { Field } from '@chakra-ui/react';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';

interface FormFieldProps {
  label: string;
  /** The message of the failing rule. */
  error?: string | undefined;
  helperText?: ReactNode;
  required?: boolean;
  /** Disables the input (and marks the field so): Chakra's inputs and selects follow their field. */
  disabled?: boolean;
  /** One input-like element: it receives aria-describedby. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * A labelled field. The error (or else the helper text) is linked to the input with aria-describedby, which
 * screen readers announce more reliably than the aria-errormessage Chakra sets on its own.
 */
export function FormField({
  label,
  error,
  helperText,
  required = false,
  disabled = false,
  children,
}: FormFieldProps) {
  const id = useId();
  const errorTextId = `${id}-error`;
  const helperTextId = `${id}-helper`;
  const describedBy = error ? errorTextId : helperText ? helperTextId : undefined;
  return (
    <Field.Root
      invalid={!!error}
      required={required}
      disabled={disabled}
      ids={{ errorText: errorTextId, helperText: helperTextId }}
    >
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      {isValidElement(children) ? cloneElement(children, { 'aria-describedby': describedBy }) : children}
      {helperText && !error && <Field.HelperText>{helperText}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
