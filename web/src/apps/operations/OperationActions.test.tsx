import { messages } from '@portal/domain/messages';
import { act, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { fillDate } from '../../test/dateField.ts';
import { globalId, USER_ID } from '../../test/fixtures.ts';
import {
  openOperationList,
  operationNode,
  operationPayload,
  treatmentCodes,
  viewerFlags,
} from '../../test/operationFixtures.ts';
import { gerland, provider } from '../../test/skipFixtures.ts';
import {
  findOperation,
  pendingOperationNames,
  rejectOperation,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await Promise.all([
    import('./OperationsLayout.tsx'),
    import('./OperationListPage.tsx'),
    import('./OperationPage.tsx'),
  ]);
});

const MOVE = 'OperationActionsMoveMutation';

/** The toast of a message, and whether it says a success or an error. */
async function findToast(message: string) {
  const title = await screen.findByText(message);
  return title.closest('[data-type]');
}

const rowOf = (number: number) =>
  screen.getByRole('link', { name: new RegExp(` n° ${number}$`) }).closest('tr') as HTMLElement;
const buttonsOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent);

// A provider's operations, in each status it acts on.
const requested = operationNode({
  databaseId: 31,
  version: 1,
  viewerActions: ['HOLD', 'SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
});
const waiting = operationNode({
  databaseId: 32,
  type: 'RETIREMENT',
  status: 'WAITING',
  requestedDate: '2030-03-20',
  skip: { id: globalId('Skip', 8), name: 'Fûts de solvants', state: 'AVAILABLE', plannedWork: null },
  viewerActions: ['SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
});
const scheduled = operationNode({
  databaseId: 33,
  status: 'SCHEDULED',
  interventionDate: '2030-03-14',
  version: 5,
  skip: { id: globalId('Skip', 9), name: 'Bac verre', state: 'AVAILABLE', plannedWork: null },
  viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
});
const accepted = operationNode({
  databaseId: 34,
  status: 'ACCEPTED_WITHOUT_SCHEDULING',
  skip: { id: globalId('Skip', 10), name: 'Benne bois', state: 'AVAILABLE', plannedWork: null },
  // A move this screen does not know yet is left out.
  viewerActions: ['SCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT', 'ARCHIVE'],
});

function openProviderList(operations = [requested, waiting, scheduled, accepted]) {
  return openOperationList({
    path: '/mes-enlevements/operations-a-valider?etablissement=40',
    typologies: ['RETRIEVER'],
    establishments: [provider],
    linked: [gerland],
    operations,
  });
}

describe('the moves of a provider', () => {
  it('offers in each row the moves the graph allows, each named after its operation', async () => {
    await openProviderList();
    await screen.findByRole('table', { name: 'Opérations à valider' });
    expect(buttonsOf(rowOf(31))).toEqual([
      'Mettre en attente',
      'Accepter et programmer',
      'Valider sans programmer',
      'Ne pas traiter',
    ]);
    expect(buttonsOf(rowOf(32))).toEqual([
      'Accepter et programmer',
      'Valider sans programmer',
      'Ne pas traiter',
    ]);
    expect(buttonsOf(rowOf(33))).toEqual(['Reprogrammer', 'Compléter', 'Déclarer non réalisée']);
    expect(buttonsOf(rowOf(34))).toEqual(['Accepter et programmer', 'Compléter', 'Déclarer non réalisée']);
    // The accessible names the browser journeys use: `${action} : ${type} n° ${number}`.
    for (const name of [
      'Mettre en attente : Rotation n° 31',
      'Accepter et programmer : Rotation n° 31',
      'Valider sans programmer : Rotation n° 31',
      'Ne pas traiter : Rotation n° 31',
      'Accepter et programmer : Retrait définitif n° 32',
      'Ne pas traiter : Retrait définitif n° 32',
      'Reprogrammer : Rotation n° 33',
      'Compléter : Rotation n° 33',
      'Déclarer non réalisée : Rotation n° 33',
      'Compléter : Rotation n° 34',
    ]) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('schedules a request on a date that starts on the one wished, and shows it scheduled', async () => {
    const view = await openProviderList();
    await view.user.click(
      await screen.findByRole('button', { name: 'Accepter et programmer : Rotation n° 31' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotation du contenant Benne carton quai 2 (date souhaitée : 12/03/2030)',
    });
    const date = within(dialog).getByLabelText(/^Date d'intervention/);
    expect(date).toHaveValue('12/03/2030');
    expect(date).toBeRequired();

    await view.user.clear(date);
    await view.user.click(within(dialog).getByRole('button', { name: 'Accepter et programmer' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.dateFormat));
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);

    await fillDate(view.user, date, '14/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Accepter et programmer' }));
    const move = await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...requested,
        status: 'SCHEDULED',
        statusLabel: 'Programmée',
        interventionDate: '2030-03-14',
        version: 2,
        viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
      }),
    );
    expect(move.request.variables).toEqual({
      input: {
        id: globalId('Operation', 31),
        action: 'SCHEDULE',
        interventionDate: '2030-03-14',
        version: 1,
      },
    });
    expect(await findToast(messages.operationScheduled)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = rowOf(31);
    expect(row).toHaveTextContent('Programmée');
    expect(row).toHaveTextContent('14/03/2030');
    expect(buttonsOf(row)).toEqual(['Reprogrammer', 'Compléter', 'Déclarer non réalisée']);
  });

  it('reschedules from the planned date, offers no day before the request, and keeps a refused date under its field', async () => {
    const view = await openProviderList();
    await view.user.click(await screen.findByRole('button', { name: 'Reprogrammer : Rotation n° 33' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotation du contenant Bac verre (date souhaitée : 12/03/2030)',
    });
    const date = within(dialog).getByLabelText(/^Date d'intervention/);
    expect(date).toHaveValue('14/03/2030');
    // Asked on 1 March 2030 (Paris time): the calendar starts there, and the field says so.
    expect(date).toHaveAccessibleDescription('Au plus tôt le 01/03/2030.');

    // A day before the request, typed: refused under the field, nothing sent.
    await fillDate(view.user, date, '28/02/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Reprogrammer' }));
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.interventionBeforeRequest));
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);

    // The api refuses a day the form let through: its message lands under the field, the dialog and the date stay.
    await fillDate(view.user, date, '01/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Reprogrammer' }));
    const refused = await resolveOperation(view.environment, MOVE, {
      OperationPayload: {
        operation: null,
        userErrors: [{ field: ['interventionDate'], message: messages.interventionBeforeRequest }],
      },
    });
    expect(refused.request.variables).toEqual({
      input: {
        id: globalId('Operation', 33),
        action: 'RESCHEDULE',
        interventionDate: '2030-03-01',
        version: 5,
      },
    });
    await waitFor(() => expect(date).toHaveAccessibleDescription(messages.interventionBeforeRequest));
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(date).toHaveValue('01/03/2030');
    // Said once, under the field: no toast besides.
    expect(screen.getAllByText(messages.interventionBeforeRequest)).toHaveLength(1);

    // Another day goes through and closes the dialog.
    await fillDate(view.user, date, '16/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Reprogrammer' }));
    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({ ...scheduled, interventionDate: '2030-03-16', version: 6 }),
    );
    expect(await findToast(messages.operationModified)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowOf(33)).toHaveTextContent('16/03/2030');

    await view.user.click(screen.getByRole('button', { name: 'Reprogrammer : Rotation n° 33' }));
    const again = await screen.findByRole('dialog');
    await view.user.click(within(again).getAllByRole('button', { name: 'Fermer' })[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);
  });

  it('takes a scheduled request out of the history filtered on asked operations, not out of all of them', async () => {
    const view = await openOperationList({
      path: '/mes-enlevements?etablissement=40&filtre=demandees',
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
      operations: [requested, waiting],
    });
    await view.user.click(
      await screen.findByRole('button', { name: 'Accepter et programmer : Rotation n° 31' }),
    );
    const dialog = await screen.findByRole('dialog');
    await view.user.click(within(dialog).getByRole('button', { name: 'Accepter et programmer' }));
    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...requested,
        status: 'SCHEDULED',
        statusLabel: 'Programmée',
        interventionDate: '2030-03-12',
        viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
      }),
    );
    expect(await findToast(messages.operationScheduled)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('link', { name: / n° 31$/ })).not.toBeInTheDocument());
    expect(rowOf(32)).toHaveTextContent('En attente');
    expect(screen.getByText('1 opération')).toBeInTheDocument();
  });

  it('puts a request on hold at once, every move of the row waiting for the answer', async () => {
    const view = await openProviderList();
    await view.user.click(await screen.findByRole('button', { name: 'Mettre en attente : Rotation n° 31' }));
    const move = await findOperation(view.environment, MOVE);
    expect(move.request.variables).toEqual({
      input: { id: globalId('Operation', 31), action: 'HOLD', version: 1 },
    });
    // No dialog for this move; no second click while it is sent.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    for (const button of within(rowOf(31)).getAllByRole('button')) expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reprogrammer : Rotation n° 33' })).toBeEnabled();

    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...requested,
        status: 'WAITING',
        statusLabel: 'En attente',
        viewerActions: ['SCHEDULE', 'ACCEPT_WITHOUT_SCHEDULING', 'DECLINE'],
      }),
    );
    expect(await findToast(messages.operationPutOnHold)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(rowOf(31)).toHaveTextContent('En attente'));
    expect(buttonsOf(rowOf(31))).toEqual([
      'Accepter et programmer',
      'Valider sans programmer',
      'Ne pas traiter',
    ]);
    for (const button of within(rowOf(31)).getAllByRole('button')) expect(button).toBeEnabled();
  });

  it('accepts without scheduling, and says when someone acted first', async () => {
    const view = await openProviderList();
    await view.user.click(
      await screen.findByRole('button', { name: 'Valider sans programmer : Retrait définitif n° 32' }),
    );
    const refused = await resolveOperation(view.environment, MOVE, {
      OperationPayload: {
        operation: null,
        userErrors: [{ field: [], message: messages.operationCannotBeModified }],
      },
    });
    expect(refused.request.variables.input).toEqual({
      id: globalId('Operation', 32),
      action: 'ACCEPT_WITHOUT_SCHEDULING',
      version: 3,
    });
    expect(await findToast(messages.operationCannotBeModified)).toHaveAttribute('data-type', 'error');
    expect(rowOf(32)).toHaveTextContent('En attente');

    await view.user.click(
      screen.getByRole('button', { name: 'Valider sans programmer : Retrait définitif n° 32' }),
    );
    // No operation and no reason: the move's own message.
    await resolveOperation(view.environment, MOVE, { OperationPayload: { operation: null, userErrors: [] } });
    expect(await findToast(messages.operationUpdateError)).toHaveAttribute('data-type', 'error');

    await view.user.click(
      screen.getByRole('button', { name: 'Valider sans programmer : Retrait définitif n° 32' }),
    );
    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...waiting,
        status: 'ACCEPTED_WITHOUT_SCHEDULING',
        statusLabel: 'Acceptée sans programmation',
        viewerActions: ['SCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
      }),
    );
    expect(await findToast(messages.operationAccepted)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(rowOf(32)).toHaveTextContent('Acceptée sans programmation'));
  });

  it('asks before declining a request or declaring an operation not carried out', async () => {
    const view = await openProviderList();
    await view.user.click(await screen.findByRole('button', { name: 'Ne pas traiter : Rotation n° 31' }));
    const decline = await screen.findByRole('alertdialog', { name: 'Ne pas traiter cette demande ?' });
    expect(decline).toHaveTextContent(
      'La demande « Rotation » du contenant « Benne carton quai 2 » sera close sans intervention.',
    );
    await view.user.click(within(decline).getByRole('button', { name: 'Conserver' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);

    await view.user.click(screen.getByRole('button', { name: 'Ne pas traiter : Rotation n° 31' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ne pas traiter' }),
    );
    const declined = await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...requested,
        status: 'NOT_PROCESSED',
        statusLabel: 'Non traitée',
        viewerActions: [],
      }),
    );
    expect(declined.request.variables.input).toEqual({
      id: globalId('Operation', 31),
      action: 'DECLINE',
      version: 1,
    });
    expect(await findToast(messages.operationDeclined)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Closed, it no longer waits for the provider: it leaves the list.
    expect(screen.queryByRole('link', { name: / n° 31$/ })).not.toBeInTheDocument();
    expect(screen.getByText('3 opérations')).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Déclarer non réalisée : Rotation n° 33' }));
    const notDone = await screen.findByRole('alertdialog', { name: "Déclarer l'opération non réalisée ?" });
    expect(notDone).toHaveTextContent(
      "L'opération « Rotation » du contenant « Bac verre » sera close comme non réalisée.",
    );
    await view.user.click(within(notDone).getByRole('button', { name: 'Déclarer non réalisée' }));
    const move = await findOperation(view.environment, MOVE);
    // While it is sent, the dialog waits and cannot be dismissed by its cancel button.
    await waitFor(() => expect(within(notDone).getByRole('button', { name: 'Conserver' })).toBeDisabled());
    expect(move.request.variables.input).toEqual({
      id: globalId('Operation', 33),
      action: 'NOT_CARRIED_OUT',
      version: 5,
    });
    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...scheduled,
        status: 'NOT_CARRIED_OUT',
        statusLabel: 'Non réalisée',
        viewerActions: [],
      }),
    );
    expect(await findToast(messages.operationNotCarriedOut)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('link', { name: / n° 33$/ })).not.toBeInTheDocument());
    expect(screen.getByText('2 opérations')).toBeInTheDocument();
  });

  it('completes on the detail page: the move leads to its completion form and sends nothing', async () => {
    const view = await openProviderList();
    await view.user.click(await screen.findByRole('button', { name: 'Compléter : Rotation n° 34' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/operations/34'));
    expect(view.router.state.location.hash).toBe('#realisation');
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);
    const page = await resolveOperation(view.environment, 'OperationPageQuery', {
      Query: {
        viewer: { id: USER_ID, ...viewerFlags(['RETRIEVER']) },
        operation: { ...accepted, canEditCompletion: true },
        treatmentCodes,
      },
    });
    expect(page.request.variables).toEqual({ databaseId: 34 });
    const form = await screen.findByRole('region', { name: "Compléter l'opération" });
    expect(form).toHaveAttribute('id', 'realisation');
  });

  it('completed on its page, it is no longer among what waits for the provider', async () => {
    const view = await openProviderList();
    await view.user.click(await screen.findByRole('button', { name: 'Compléter : Rotation n° 34' }));
    await resolveOperation(view.environment, 'OperationPageQuery', {
      Query: {
        viewer: { id: USER_ID, ...viewerFlags(['RETRIEVER']) },
        operation: { ...accepted, canEditCompletion: true },
        treatmentCodes,
      },
    });
    const form = await screen.findByRole('region', { name: "Compléter l'opération" });
    await view.user.type(within(form).getByLabelText(/^Quantité réelle réceptionnée/), '2,46');
    await fillDate(view.user, within(form).getByLabelText(/^Date réelle d'intervention/), '14/03/2030');
    const outlet = within(form).getByRole('group', { name: 'Exutoire 1' });
    await view.user.type(within(outlet).getByLabelText(/^Nom/), 'Chaufferie biomasse de Lyon');
    await view.user.selectOptions(
      within(outlet).getByRole('combobox', { name: /^Code de traitement/ }),
      'R 1 — Utilisation principale comme combustible',
    );
    await view.user.type(within(outlet).getByLabelText(/^Quantité/), '100');
    await view.user.click(within(form).getByRole('button', { name: "Compléter l'opération" }));
    await resolveOperation(
      view.environment,
      'OperationCompletionFormMutation',
      operationPayload({
        ...accepted,
        status: 'COMPLETED',
        statusLabel: 'Complétée, à valider',
        receivedQuantity: '2.460',
        realInterventionDate: '2030-03-14',
        viewerActions: [],
        canEditCompletion: false,
      }),
    );
    expect(await findToast(messages.operationCompleted)).toHaveAttribute('data-type', 'success');

    act(() => {
      void view.router.navigate(-1);
    });
    await screen.findByRole('table', { name: 'Opérations à valider' });
    expect(screen.queryByRole('link', { name: / n° 34$/ })).not.toBeInTheDocument();
    expect(rowOf(33)).toHaveTextContent('Programmée');
    expect(screen.getByText('3 opérations')).toBeInTheDocument();
  });

  it('can be reached and used with the keyboard', async () => {
    const view = await openProviderList([scheduled]);
    const link = await screen.findByRole('link', { name: / n° 33$/ });
    link.focus();
    await view.user.tab();
    expect(screen.getByRole('button', { name: 'Reprogrammer : Rotation n° 33' })).toHaveFocus();
    await view.user.tab();
    expect(screen.getByRole('button', { name: 'Compléter : Rotation n° 33' })).toHaveFocus();
    await view.user.tab();
    expect(screen.getByRole('button', { name: 'Déclarer non réalisée : Rotation n° 33' })).toHaveFocus();
    await view.user.keyboard('{Enter}');
    const confirm = await screen.findByRole('alertdialog', { name: "Déclarer l'opération non réalisée ?" });
    // Focus moves into the dialog (jsdom has no layout to find its first button: the dialog itself).
    await waitFor(() => expect(confirm).toContainElement(document.activeElement as HTMLElement));
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);

    screen.getByRole('button', { name: 'Reprogrammer : Rotation n° 33' }).focus();
    await view.user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const date = within(dialog).getByLabelText(/^Date d'intervention/);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await fillDate(view.user, date, '15/03/2030');
    await view.user.keyboard('{Enter}');
    const move = await findOperation(view.environment, MOVE);
    expect(move.request.variables.input).toMatchObject({
      action: 'RESCHEDULE',
      interventionDate: '2030-03-15',
    });
  });
});

describe('the moves of a producer', () => {
  const completed = operationNode({
    databaseId: 41,
    status: 'COMPLETED',
    interventionDate: '2030-03-13',
    receivedQuantity: '2.460',
    realInterventionDate: '2030-03-14',
    version: 7,
    viewerActions: ['VALIDATE'],
  });

  it('validates what its provider completed, recalling the quantity and the date received', async () => {
    const view = await openOperationList({
      path: '/mes-enlevements/operations-a-valider?etablissement=12',
      operations: [completed],
    });
    await view.user.click(await screen.findByRole('button', { name: 'Valider : Rotation n° 41' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Valider cette opération ?' });
    expect(confirm).toHaveTextContent(
      "Vous confirmez l'opération « Rotation » du contenant « Benne carton quai 2 » : 2,46 t réceptionnées le 14/03/2030.",
    );
    await view.user.click(within(confirm).getByRole('button', { name: 'Valider' }));
    const move = await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...completed,
        status: 'REALISED',
        statusLabel: 'Réalisée',
        validatedAt: '2030-03-15T08:00:00Z',
        viewerActions: [],
      }),
    );
    expect(move.request.variables).toEqual({
      input: { id: globalId('Operation', 41), action: 'VALIDATE', version: 7 },
    });
    expect(await findToast(messages.operationValidated)).toHaveAttribute('data-type', 'success');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // Validated, it no longer waits for the producer: it leaves the list at once, which says it is empty.
    expect(screen.queryByRole('link', { name: / n° 41$/ })).not.toBeInTheDocument();
    expect(screen.getByText('Aucune opération ne vous attend.')).toBeInTheDocument();
    // The focus, gone with the row, is back on the list's heading.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Opérations à valider' })).toHaveFocus());
    expect(pendingOperationNames(view.environment)).not.toContain('OperationListPageQuery');
  });

  it('validated on its own page, it is no longer in the list the producer comes back to', async () => {
    const other = operationNode({ databaseId: 43, status: 'COMPLETED', viewerActions: ['VALIDATE'] });
    const view = await openOperationList({
      path: '/mes-enlevements/operations-a-valider?etablissement=12',
      operations: [completed, other],
    });
    await view.user.click(await screen.findByRole('link', { name: / n° 41$/ }));
    await resolveOperation(view.environment, 'OperationPageQuery', {
      Query: { viewer: { id: USER_ID, ...viewerFlags(['PRODUCER']) }, operation: completed, treatmentCodes },
    });
    await screen.findByRole('heading', { level: 1, name: 'Rotation n° 41' });
    await view.user.click(screen.getByRole('button', { name: 'Valider : Rotation n° 41' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Valider' }),
    );
    await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({ ...completed, status: 'REALISED', statusLabel: 'Réalisée', viewerActions: [] }),
    );
    expect(await findToast(messages.operationValidated)).toHaveAttribute('data-type', 'success');

    // Back to the list: what the store shows, before the list is fetched again, no longer has it.
    act(() => {
      void view.router.navigate(-1);
    });
    await screen.findByRole('table', { name: 'Opérations à valider' });
    expect(pendingOperationNames(view.environment)).toContain('OperationListPageQuery');
    expect(screen.queryByRole('link', { name: / n° 41$/ })).not.toBeInTheDocument();
    expect(rowOf(43)).toHaveTextContent('Complétée, à valider');
    expect(screen.getByText('1 opération')).toBeInTheDocument();
  });

  it('cancels a request after confirmation, and says when the cancel fails or is refused', async () => {
    const open = operationNode({ databaseId: 42, viewerActions: ['CANCEL'] });
    const view = await openOperationList({
      path: '/operations/demandes?etablissement=12',
      operations: [open],
    });
    const cancel = await screen.findByRole('button', { name: 'Annuler : Rotation n° 42' });
    await view.user.click(cancel);
    const confirm = await screen.findByRole('alertdialog', { name: 'Annuler cette demande ?' });
    expect(confirm).toHaveTextContent(
      'La demande « Rotation » du contenant « Benne carton quai 2 » sera annulée.',
    );
    await view.user.click(within(confirm).getByRole('button', { name: 'Conserver' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(pendingOperationNames(view.environment)).not.toContain(MOVE);

    await view.user.click(cancel);
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Annuler l'opération" }),
    );
    await rejectOperation(view.environment, MOVE, new Error('HTTP 502'));
    expect(await findToast(messages.operationCancelError)).toHaveAttribute('data-type', 'error');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rowOf(42)).toHaveTextContent('Demande en cours');

    await view.user.click(cancel);
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Annuler l'opération" }),
    );
    await rejectOperation(
      view.environment,
      MOVE,
      new GraphQLRequestError('refused', 200, [
        { message: messages.forbidden, extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(await findToast(messages.forbidden)).toHaveAttribute('data-type', 'error');

    await view.user.click(cancel);
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Annuler l'opération" }),
    );
    const cancelled = await resolveOperation(
      view.environment,
      MOVE,
      operationPayload({
        ...open,
        status: 'CANCELLED',
        statusLabel: 'Annulée',
        skip: { ...open.skip, plannedWork: null },
        viewerActions: [],
      }),
    );
    expect(cancelled.request.variables).toEqual({
      input: { id: globalId('Operation', 42), action: 'CANCEL', version: 3 },
    });
    expect(await findToast(messages.operationCancelled)).toHaveAttribute('data-type', 'success');
    // Cancelled, it is no longer a request in progress: it leaves the list.
    await waitFor(() => expect(screen.queryByRole('link', { name: / n° 42$/ })).not.toBeInTheDocument());
    expect(screen.getByText('Aucune demande en cours.')).toBeInTheDocument();
  });
});
