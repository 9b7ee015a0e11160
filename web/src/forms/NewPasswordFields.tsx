import type { PasswordChangeInput } from '@portal/domain/validation';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from './FormField.tsx';
import { PasswordInput } from './PasswordInput.tsx';

interface NewPasswordFieldsProps {
  /** A form whose values hold `password` and `confirmPassword` (SPEC 5's rules: `passwordChangeSchema`). */
  form: UseFormReturn<PasswordChangeInput>;
  labels: { password: string; confirmPassword: string; rules: string };
}

/** The new password and its confirmation, with SPEC 5's rules told under each as the user types. */
export function NewPasswordFields({ form, labels }: NewPasswordFieldsProps) {
  const {
    register,
    trigger,
    getFieldState,
    formState: { errors },
  } = form;
  return (
    <>
      <FormField label={labels.password} error={errors.password?.message} helperText={labels.rules} required>
        <PasswordInput
          autoComplete="new-password"
          {...register('password', {
            // Re-check the confirmation once the user has typed one, so a mismatch appears or clears live.
            onChange: () => {
              if (getFieldState('confirmPassword').isDirty) void trigger('confirmPassword');
            },
          })}
        />
      </FormField>
      <FormField label={labels.confirmPassword} error={errors.confirmPassword?.message} required>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword')} />
      </FormField>
    </>
  );
}
