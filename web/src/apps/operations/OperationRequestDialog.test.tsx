import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { fillDate } from '../../test/dateField.ts';
import { globalId } from '../../test/fixtures.ts';
import { cardboard, gerland, openOperations, siteNode, skipNode } from '../../test/skipFixtures.ts';
import {
  findOperation,
  pendingOperationNames,
  rejectOperation,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

const REQUEST = 'OperationRequestDialogMutation';
const PROGRAM = 'OperationRequestDialogProgramMutation';

/** A container with every mandatory field, on site, nothing asked yet. */
const glass = skipNode({
  databaseId: 9,
  name: 'Bac verre',
  missingForRotation: [],
  canRequestRotation: true,
  canRequestRetirement: true,
});
/** The same, once a rotation is asked: nothing more can be asked. */
const glassAsked = {
  ...glass,
  plannedWork: 'ROTATION_ASKED',
  canRequestRotation: false,
  canRequestRetirement: false,
};
/** A container on site, nothing asked yet, missing two mandatory fields. */
const incomplete = { ...cardboard, plannedWork: null, canRequestRetirement: false };

type View = Awaited<ReturnType<typeof openOperations>>;

const openWith = (skips: object[]) => openOperations({ site: siteNode(gerland, { skips }) });

async function openDialog(view: View, button: string, title: string) {
  await view.user.click(await screen.findByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: title });
}

const card = (name: string) => screen.getByRole('article', { name });
const toastType = async (message: string) =>
  (await screen.findByText(message)).closest('[data-type]')?.getAttribute('data-type');

beforeAll(async () => {
  await Promise.all([import('./OperationsLayout.tsx'), import('../skips/SkipsTab.tsx')]);
});

describe('asking for a rotation or a retirement', () => {
  // The wished date starts on today: a fixed today keeps it the same whenever the tests run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-10T10:00:00+01:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for one rotation of a complete container, which then shows it asked', async () => {
    const view = await openWith([glass]);
    const benne = await screen.findByRole('article', { name: 'Bac verre' });
    const rotation = within(benne).getByRole('button', {
      name: 'Demander une rotation du contenant Bac verre',
    });
    expect(rotation).toHaveTextContent('Demander une rotation');
    expect(rotation).toBeEnabled();
    expect(rotation).not.toHaveAttribute('aria-describedby');

    const dialog = await openDialog(
      view,
      'Demander une rotation du contenant Bac verre',
      'Demander une rotation : Bac verre',
    );
    expect(within(dialog).getByRole('radio', { name: 'Une rotation' })).toBeChecked();
    const date = within(dialog).getByLabelText(/^Date d'intervention souhaitée/);
    expect(date).toHaveValue('10/03/2030');
    expect(date).toBeRequired();
    await fillDate(view.user, date, '12/03/2030');
    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Commentaire pour le prestataire' }),
      'Accès par le portail nord',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    const mutation = await resolveOperation(view.environment, REQUEST, {
      RequestOperationPayload: {
        userErrors: [],
        operation: { id: globalId('Operation', 31), databaseId: 31 },
        skip: glassAsked,
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        skipId: globalId('Skip', 9),
        type: 'ROTATION',
        requestedDate: '2030-03-12',
        comment: 'Accès par le portail nord',
        clientMutationId: expect.any(String),
      },
    });
    expect(await toastType(messages.rotationRequested)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card('Bac verre')).toHaveTextContent('Rotation demandée'));
    expect(within(card('Bac verre')).queryByRole('button', { name: /^Demander/ })).not.toBeInTheDocument();
  });

  it('keeps the rotation of an incomplete container disabled, saying which fields it needs', async () => {
    await openWith([incomplete]);
    const benne = await screen.findByRole('article', { name: 'Benne carton quai 2' });
    const rotation = within(benne).getByRole('button', {
      name: 'Demander une rotation du contenant Benne carton quai 2',
    });
    // Marked disabled but kept in the tab order, so that keyboard users reach the reason; a click does nothing.
    expect(rotation).toHaveAttribute('aria-disabled', 'true');
    expect(rotation).not.toBeDisabled();
    expect(rotation).toHaveAccessibleDescription(
      'Champs à compléter avant de demander une rotation : Code de traitement prévu, Quantité estimée une fois plein (t)',
    );
    // The description is the card's own warning, on screen for everyone.
    const warning = document.getElementById(rotation.getAttribute('aria-describedby') ?? '');
    expect(benne).toContainElement(warning);
    expect(warning).toHaveTextContent(/^Champs à compléter avant de demander une rotation/);
    // Its retirement is not offered either, as the graph says.
    expect(within(benne).queryByRole('button', { name: /^Demander le retrait/ })).not.toBeInTheDocument();
  });

  it('offers nothing to ask on a container already asked for or archived, and waits on an ordered one', async () => {
    const view = await openWith([
      glassAsked,
      skipNode({
        databaseId: 11,
        name: 'Bac commandé',
        state: 'ORDERED',
        canRequestRotation: false,
        canRequestRetirement: false,
      }),
      skipNode({ databaseId: 12, name: 'Bac archivé', state: 'ARCHIVED', canRequestRetirement: false }),
    ]);
    await screen.findByRole('article', { name: 'Bac verre' });
    for (const name of ['Bac verre', 'Bac archivé']) {
      expect(within(card(name)).queryByRole('button', { name: /^Demander/ })).not.toBeInTheDocument();
    }
    // Its delivery awaited, the ordered one shows both requests, disabled until it is delivered.
    const ordered = within(card('Bac commandé')).getAllByRole('button', { name: /^Demander/ });
    expect(ordered.map((button) => button.textContent)).toEqual([
      'Demander une rotation',
      'Demander le retrait',
    ]);
    for (const button of ordered) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await view.user.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for the definitive retirement of a container, and says when it fails', async () => {
    const view = await openWith([glass]);
    expect(
      within(await screen.findByRole('article', { name: 'Bac verre' })).getByRole('button', {
        name: /^Demander le retrait/,
      }),
    ).toHaveTextContent('Demander le retrait');
    const dialog = await openDialog(
      view,
      'Demander le retrait définitif du contenant Bac verre',
      'Demander le retrait définitif : Bac verre',
    );
    expect(dialog).toHaveTextContent(
      'Le contenant sera enlevé définitivement par le prestataire, puis archivé une fois le retrait validé.',
    );
    // A retirement is asked once: no program.
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    const sent = await findOperation(view.environment, REQUEST);
    expect(sent.request.variables.input).toEqual({
      skipId: globalId('Skip', 9),
      type: 'RETIREMENT',
      requestedDate: '2030-03-10',
      comment: null,
      clientMutationId: expect.any(String),
    });
    // The retries of this submission carry its key: the api answers a stored first try instead of a second one.
    const { clientMutationId } = sent.request.variables.input;
    await rejectOperation(view.environment, REQUEST, new Error('HTTP 502'));
    expect(await toastType(messages.skipRetirementError)).toBe('error');
    expect(screen.getByRole('dialog', { name: 'Demander le retrait définitif : Bac verre' })).toBe(dialog);

    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    const retried = await findOperation(view.environment, REQUEST);
    expect(retried.request.variables.input.clientMutationId).toBe(clientMutationId);
    await rejectOperation(
      view.environment,
      REQUEST,
      new GraphQLRequestError('refused', 200, [
        { message: messages.forbidden, extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(await toastType(messages.forbidden)).toBe('error');

    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await resolveOperation(view.environment, REQUEST, {
      RequestOperationPayload: {
        userErrors: [],
        operation: { id: globalId('Operation', 32), databaseId: 32 },
        skip: { ...glassAsked, plannedWork: 'WITHDRAWAL_ASKED' },
      },
    });
    expect(await toastType(messages.skipRetirementRequested)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(card('Bac verre')).toHaveTextContent('Retrait demandé'));
  });

  it('checks the date before sending, and puts the api’s messages under the date or above the form', async () => {
    const view = await openWith([glass]);
    const dialog = await openDialog(
      view,
      'Demander une rotation du contenant Bac verre',
      'Demander une rotation : Bac verre',
    );
    const date = within(dialog).getByLabelText(/^Date d'intervention souhaitée/);
    await view.user.clear(date);
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.dateFormat));
    expect(pendingOperationNames(view.environment)).not.toContain(REQUEST);

    await fillDate(view.user, date, '01/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await resolveOperation(view.environment, REQUEST, {
      RequestOperationPayload: {
        operation: null,
        skip: null,
        userErrors: [
          { field: ['requestedDate'], message: messages.requestedDateInPast },
          { field: ['skipId'], message: messages.skipHasOpenOperation },
        ],
      },
    });
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.requestedDateInPast));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.skipHasOpenOperation);
    expect(screen.queryByText(messages.rotationRequested)).not.toBeInTheDocument();

    // No operation and no reason: the request's own message.
    await fillDate(view.user, date, '11/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    await resolveOperation(view.environment, REQUEST, {
      RequestOperationPayload: { operation: null, skip: null, userErrors: [] },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.rotationRequestError),
    );
    expect(date).not.toHaveAccessibleDescription(messages.requestedDateInPast);

    await view.user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for a weekly program of rotations, previewing its next dates', async () => {
    const view = await openWith([glass]);
    const dialog = await openDialog(
      view,
      'Demander une rotation du contenant Bac verre',
      'Demander une rotation : Bac verre',
    );
    await view.user.click(within(dialog).getByRole('radio', { name: 'Un programme récurrent' }));
    expect(within(dialog).queryByLabelText(/^Date d'intervention souhaitée/)).not.toBeInTheDocument();
    expect(dialog).toHaveTextContent('Le prestataire valide le programme');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de début/), '11/03/2030');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '30/06/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    expect(await within(dialog).findByText(messages.recurrenceWeekdaysRequired)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain(PROGRAM);

    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Lundi' }));
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Jeudi' }));
    const preview = within(dialog).getByRole('region', { name: 'Les 5 prochaines rotations' });
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'lundi 11 mars 2030',
      'jeudi 14 mars 2030',
      'lundi 18 mars 2030',
      'jeudi 21 mars 2030',
      'lundi 25 mars 2030',
    ]);
    await view.user.click(within(dialog).getByRole('button', { name: 'Envoyer la demande' }));
    const mutation = await resolveOperation(view.environment, PROGRAM, {
      RotationProgramPayload: {
        userErrors: [],
        rotationProgram: { id: globalId('RotationProgram', 5) },
        skip: glass,
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        skipId: globalId('Skip', 9),
        comment: null,
        program: {
          startDate: '2030-03-11',
          endDate: '2030-06-30',
          recurrence: 'WEEK',
          interval: 1,
          weekdays: ['MONDAY', 'THURSDAY'],
          monthPosition: null,
          monthDay: null,
        },
        clientMutationId: expect.any(String),
      },
    });
    expect(pendingOperationNames(view.environment)).not.toContain(REQUEST);
    expect(await toastType(messages.rotationProgramSubmitted)).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
