import { messages } from '@portal/domain/messages';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderRoutes, screen } from '../test/TestWrapper.tsx';
import { FormAlert } from './FormAlert.tsx';
import { newSubmissionKey, useMutationForm } from './useMutationForm.ts';

/**
 * One key per submission: every retry of the same form sends it again (the api then answers a write that was
 * stored although its answer was lost), and a new one follows a success or a change of the form.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function KeyedForm({ sent }: { sent: string[] }) {
  const { form, submit, refuse } = useMutationForm<{ name: string }>({
    schema: z.object({ name: z.string().min(1) }),
    defaultValues: { name: 'Benne' },
  });
  const onSubmit = submit((_output, _values, submissionKey) => {
    sent.push(submissionKey);
  });
  return (
    <form onSubmit={onSubmit}>
      <input aria-label="Nom" {...form.register('name')} />
      <button type="submit">Envoyer</button>
      {/* What a form does when its mutation answers without a refusal. */}
      <button type="button" onClick={() => refuse([], true, 'Échec')}>
        Réussite
      </button>
    </form>
  );
}

describe('useMutationForm: the submission key', () => {
  it('is kept for the retries of a submission, and renewed after a success or a change', async () => {
    const sent: string[] = [];
    const { user } = renderRoutes([{ path: '/', element: <KeyedForm sent={sent} /> }]);
    const send = async (count: number) => {
      await user.click(await screen.findByRole('button', { name: 'Envoyer' }));
      await waitFor(() => expect(sent).toHaveLength(count));
      return sent[count - 1];
    };

    const first = await send(1);
    expect(first).toMatch(UUID);
    // A failure or a time-out: the user sends the same form again.
    expect(await send(2)).toBe(first);

    await user.type(screen.getByRole('textbox', { name: 'Nom' }), ' bois');
    const changed = await send(3);
    expect(changed).not.toBe(first);
    expect(await send(4)).toBe(changed);

    await user.click(screen.getByRole('button', { name: 'Réussite' }));
    const next = await send(5);
    expect(next).not.toBe(changed);
    expect(next).toMatch(UUID);
  });

  it('makes random UUIDs without a secure context', () => {
    const keys = new Set(Array.from({ length: 100 }, () => newSubmissionKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(UUID);
  });
});

/** An edit form: nothing to send while nothing changed. */
function EditForm({ sent }: { sent: string[] }) {
  const { form, alert, submit } = useMutationForm<{ name: string }>({
    schema: z.object({ name: z.string().min(1, 'Le nom est obligatoire') }),
    defaultValues: { name: 'Benne' },
    requireChange: true,
  });
  const onSubmit = submit((output) => {
    sent.push(output.name);
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormAlert {...alert} />
      <input aria-label="Nom" {...form.register('name')} />
      {form.formState.errors.name && <p>{form.formState.errors.name.message}</p>}
      <button type="submit">Envoyer</button>
    </form>
  );
}

describe('useMutationForm: an edit that changes nothing', () => {
  it('says so until the form changes, and never beside a later error', async () => {
    const sent: string[] = [];
    const { user } = renderRoutes([{ path: '/', element: <EditForm sent={sent} /> }]);
    await user.click(await screen.findByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noChange);
    expect(sent).toEqual([]);

    // The user empties the name: the rule's message comes at once (the form was sent), the old warning goes.
    await user.clear(screen.getByRole('textbox', { name: 'Nom' }));
    expect(await screen.findByText('Le nom est obligatoire')).toBeInTheDocument();
    expect(screen.queryByText(messages.noChange)).not.toBeInTheDocument();

    // Said again for an unchanged form, it goes as soon as something is typed.
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Benne');
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.noChange);
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), ' 2');
    expect(screen.queryByText(messages.noChange)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sent).toEqual(['Benne 2']));
  });
});
