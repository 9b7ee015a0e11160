import { Input } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { siretPassesLuhn } from '@portal/domain/validation';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../forms/FormField.tsx';

/**
 * The SIRET of a form: a 14-digit SIRET whose check digit fails is told under the field (SPEC 5: a warning the
 * api gives too), never refused, since some real SIRETs fail it.
 */
export function SiretField({
  label,
  value,
  registration,
  error,
}: {
  label: string;
  /** What the field holds now (the form's watched value). */
  value: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
}) {
  const warning = /^[0-9]{14}$/.test(value) && !siretPassesLuhn(value);
  return (
    <FormField label={label} error={error} helperText={warning ? messages.siretLuhnWarning : undefined}>
      <Input inputMode="numeric" autoComplete="off" {...registration} />
    </FormField>
  );
}
