import { Button } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { isoDateSchema } from '@portal/domain/validation';
import { waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DateDialog } from '../components/DateDialog.tsx';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { DateInput } from './DateInput.tsx';
import { FormField } from './FormField.tsx';
import { useMutationForm } from './useMutationForm.ts';

/**
 * The portal's date field: `jj/mm/aaaa` shown and typed whatever the browser's language, the ISO date given to
 * the form, impossible days refused with the French message, the keyboard of a native date input.
 */

function renderDialog(initialDate = '') {
  const submitted: string[] = [];
  const view = renderRoutes([
    {
      path: '/',
      element: (
        <DateDialog
          open
          title="Programmer l'intervention"
          submitLabel="Programmer"
          dateLabel="Date d'intervention"
          inputField="interventionDate"
          initialDate={initialDate}
          loading={false}
          onSubmit={(date) => submitted.push(date)}
          onClose={() => {}}
        />
      ),
    },
  ]);
  return { ...view, submitted };
}

/** A plain form with an optional date and its value on screen. */
function BoundForm({ min, max }: { min?: string; max?: string }) {
  const [sent, setSent] = useState<string | null>(null);
  const { form, submit } = useMutationForm<{ day: string }>({
    schema: z.object({ day: isoDateSchema }),
    defaultValues: { day: '2026-03-05' },
  });
  const day = form.watch('day');
  return (
    <form noValidate onSubmit={submit((values) => setSent(values.day))}>
      <FormField label="Jour" error={form.formState.errors.day?.message}>
        <DateInput
          value={day}
          onChange={(value) => form.setValue('day', value, { shouldDirty: true })}
          min={min}
          max={max}
        />
      </FormField>
      <output aria-label="Valeur">{day}</output>
      <output aria-label="Envoyé">{sent}</output>
      <Button type="submit">Envoyer</Button>
      <Button type="button" onClick={() => form.reset({ day: '2027-12-24' })}>
        Réinitialiser
      </Button>
    </form>
  );
}

describe('the date field', () => {
  it('shows jj/mm/aaaa, and typing 05/03/2026 gives the form 2026-03-05', async () => {
    const { user, submitted } = renderDialog();
    const field = await screen.findByRole('textbox', { name: "Date d'intervention" });
    expect(field).toHaveAttribute('placeholder', 'jj/mm/aaaa');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    // Digits only: the slashes come by themselves.
    await user.type(field, '05032026');
    expect(field).toHaveValue('05/03/2026');
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    await waitFor(() => expect(submitted).toEqual(['2026-03-05']));
  });

  it('shows the ISO date it is given as jj/mm/aaaa', async () => {
    renderDialog('2026-11-28');
    expect(await screen.findByRole('textbox', { name: "Date d'intervention" })).toHaveValue('28/11/2026');
  });

  it('accepts the slashes typed, pads a one-digit day or month, and reads a pasted ISO date', async () => {
    const { user, submitted } = renderDialog();
    const field = await screen.findByRole('textbox', { name: "Date d'intervention" });
    await user.type(field, '5/3/2026');
    expect(field).toHaveValue('05/03/2026');
    await user.clear(field);
    await user.click(field);
    await user.paste('2026-04-01');
    expect(field).toHaveValue('01/04/2026');
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    await waitFor(() => expect(submitted).toEqual(['2026-04-01']));
  });

  it('refuses 31/02/2026 with the French message, under the field, and sends nothing', async () => {
    const { user, submitted } = renderDialog();
    const field = await screen.findByRole('textbox', { name: "Date d'intervention" });
    await user.type(field, '31022026');
    expect(field).toHaveValue('31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    expect(await screen.findByText(messages.dateFormat)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(messages.dateFormat);
    // What was typed stays, to be corrected.
    expect(field).toHaveValue('31/02/2026');
    expect(submitted).toEqual([]);
    // A half-typed date is refused the same way.
    await user.clear(field);
    await user.type(field, '0503');
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    expect(await screen.findByText(messages.dateFormat)).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it('refuses a submission without a date', async () => {
    const { user, submitted } = renderDialog();
    await screen.findByRole('textbox', { name: "Date d'intervention" });
    await user.click(screen.getByRole('button', { name: 'Programmer' }));
    expect(await screen.findByText(messages.dateFormat)).toBeInTheDocument();
    expect(submitted).toEqual([]);
  });

  it('steps the day, month or year under the caret with Up and Down, and erases with Backspace', async () => {
    const { user } = renderRoutes([{ path: '/', element: <BoundForm /> }]);
    const field = await screen.findByRole('textbox', { name: 'Jour' });
    const value = screen.getByRole('status', { name: 'Valeur' });
    expect(field).toHaveValue('05/03/2026');
    await user.click(field);
    // The day: 5 → 6, the segment stays selected.
    (field as HTMLInputElement).setSelectionRange(1, 1);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('06/03/2026');
    expect(value).toHaveTextContent('2026-03-06');
    // The month: March → February, then the year.
    (field as HTMLInputElement).setSelectionRange(4, 4);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('06/02/2026');
    (field as HTMLInputElement).setSelectionRange(8, 8);
    await user.keyboard('{ArrowUp}');
    expect(value).toHaveTextContent('2027-02-06');
    // The day wraps inside its month, as a native date input does.
    (field as HTMLInputElement).setSelectionRange(0, 0);
    for (let i = 0; i < 23; i += 1) await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('01/02/2027');
    // Backspace erases without the slash coming back.
    await user.type(field, '{Backspace}{Backspace}{Backspace}{Backspace}{Backspace}', {
      initialSelectionStart: 10,
      initialSelectionEnd: 10,
    });
    expect(field).toHaveValue('01/02');
    expect(value).toHaveTextContent('01/02');
  });

  it('starts from today, within min and max, when Up is pressed on an empty field', async () => {
    const { user } = renderRoutes([{ path: '/', element: <BoundForm min="2999-01-01" /> }]);
    const field = await screen.findByRole('textbox', { name: 'Jour' });
    await user.clear(field);
    await user.keyboard('{ArrowUp}');
    expect(field).toHaveValue('01/01/2999');
  });

  it('follows a value set from outside (a reset), and moves on with Tab', async () => {
    const { user } = renderRoutes([{ path: '/', element: <BoundForm /> }]);
    const field = await screen.findByRole('textbox', { name: 'Jour' });
    await user.click(screen.getByRole('button', { name: 'Réinitialiser' }));
    expect(field).toHaveValue('24/12/2027');
    await user.click(field);
    await user.tab();
    const calendarButton = screen.getByRole('button', { name: 'Ouvrir le calendrier' });
    expect(calendarButton).toHaveFocus();
    expect(calendarButton).toHaveAccessibleDescription('Jour');
  });

  it('offers a French calendar, Monday first, without the days before min, and fills the field from it', async () => {
    const { user } = renderRoutes([{ path: '/', element: <BoundForm min="2026-03-04" /> }]);
    const field = await screen.findByRole('textbox', { name: 'Jour' });
    await user.click(field);
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    const calendar = await screen.findByRole('application', { name: 'Calendrier' });
    expect(within(calendar).getByRole('button', { name: 'Choisir le mois' })).toHaveTextContent('mars 2026');
    // Weeks start on Monday; the days before min are shown but not offered.
    const [firstDay] = within(calendar).getAllByRole('button', { name: /2026/ });
    expect(firstDay).toHaveAccessibleName('lundi 23 février 2026, non proposé');
    expect(within(calendar).getByRole('button', { name: 'mardi 3 mars 2026, non proposé' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(within(calendar).getByRole('button', { name: 'jeudi 12 mars 2026' }));
    expect(field).toHaveValue('12/03/2026');
    expect(screen.getByRole('status', { name: 'Valeur' })).toHaveTextContent('2026-03-12');
  });
});
