import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/** A mutation's `userErrors` entry (schema.graphql `UserError`). */
export interface UserErrorEntry {
  readonly field: readonly string[];
  readonly message: string;
}

/**
 * Puts each user error under its field when the path names one of the form's fields (the last segment, so both
 * ['email'] and ['input', 'email'] work); returns the messages that belong to the whole form.
 */
export function applyUserErrors<TValues extends FieldValues>(
  userErrors: readonly UserErrorEntry[],
  fields: readonly Path<TValues>[],
  setError: UseFormSetError<TValues>,
): string[] {
  const formMessages: string[] = [];
  for (const error of userErrors) {
    const name = fields.find((field) => field === error.field[error.field.length - 1]);
    if (name) setError(name, { type: 'server', message: error.message });
    else formMessages.push(error.message);
  }
  return formMessages;
}
