import type { UserEvent } from '@testing-library/user-event';

/**
 * Writes a date (`jj/mm/aaaa`) in a date field as a user pasting it does: one change of the form. The typing
 * itself, key by key, is forms/DateInput.test.tsx's; a form's tests need the date, not each keystroke.
 */
export async function fillDate(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  await user.paste(text);
}
