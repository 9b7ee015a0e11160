import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fillDate } from '../../test/dateField.ts';
import { globalId } from '../../test/fixtures.ts';
import {
  cardboard,
  deliveryNode,
  gerland,
  openOperations,
  programNode,
  siteNode,
} from '../../test/skipFixtures.ts';
import { pendingOperationNames, rejectOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

type View = Awaited<ReturnType<typeof openOperations>>;

async function openOrderDialog(view: View) {
  await view.user.click(
    await screen.findByRole('button', { name: 'Commander une livraison du contenant Benne carton quai 2' }),
  );
  return screen.findByRole('dialog', { name: 'Commander une livraison : Benne carton quai 2' });
}

const previewDates = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Les 5 prochaines livraisons' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

beforeAll(async () => {
  await Promise.all([import('../operations/OperationsLayout.tsx'), import('./SkipsTab.tsx')]);
});

describe('ordering a delivery', () => {
  // The preview starts from today: a fixed today keeps the dates the same whenever the tests run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2029-11-15T10:00:00+01:00'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('takes the ordered container out of the list of available ones', async () => {
    const view = await openOperations({
      path: '/operations?etablissement=12&etat=disponibles',
      site: siteNode(gerland, { skips: [{ ...cardboard, plannedWork: null }] }),
    });
    const dialog = await openOrderDialog(view);
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de livraison souhaitée/), '12/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await resolveOperation(view.environment, 'DeliveryOrderDialogMutation', {
      OrderSkipDeliveryPayload: {
        userErrors: [],
        program: null,
        skip: { ...cardboard, plannedWork: null, state: 'ORDERED' },
        deliveries: [
          deliveryNode({ databaseId: 51, skipName: 'Benne carton quai 2', requestedDate: '2030-03-12' }),
        ],
      },
    });
    expect(await screen.findByText(messages.deliveryOrdered)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Benne carton quai 2' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Aucun contenant ne correspond à ce filtre.')).toBeInTheDocument();
  });

  it('orders one delivery on a date, which joins the site’s deliveries', async () => {
    const view = await openOperations();
    const dialog = await openOrderDialog(view);
    expect(within(dialog).getByRole('radio', { name: 'Une livraison' })).toBeChecked();
    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Date de livraison souhaitée/)).toHaveAccessibleDescription(
        messages.required,
      ),
    );
    expect(pendingOperationNames(view.environment)).not.toContain('DeliveryOrderDialogMutation');

    await fillDate(view.user, within(dialog).getByLabelText(/^Date de livraison souhaitée/), '12/03/2030');
    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Commentaire pour le prestataire' }),
      'Quai 2',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    const mutation = await resolveOperation(view.environment, 'DeliveryOrderDialogMutation', {
      OrderSkipDeliveryPayload: {
        userErrors: [],
        program: null,
        skip: null,
        deliveries: [
          deliveryNode({
            databaseId: 50,
            skipName: 'Benne carton quai 2',
            requestedDate: '2030-03-12',
            canCancel: true,
          }),
        ],
      },
    });
    expect(mutation.request.variables).toEqual({
      input: {
        skipId: globalId('Skip', 7),
        requestedDate: '2030-03-12',
        comment: 'Quai 2',
        program: null,
        clientMutationId: expect.any(String),
      },
      connections: [expect.stringContaining('DeliveryList_skipDeliveries')],
    });
    expect(await screen.findByText(messages.deliveryOrdered)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = screen.getByRole('table', { name: 'Livraisons de contenants' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('12/03/2030');
  });

  it('previews the next dates of a monthly program and orders it', async () => {
    const view = await openOperations();
    const dialog = await openOrderDialog(view);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Un programme récurrent' }));
    expect(
      within(dialog).getByText('Complétez le programme pour voir ses prochaines dates.'),
    ).toBeInTheDocument();

    await fillDate(view.user, within(dialog).getByLabelText(/^Date de début/), '01/01/2030');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '31/12/2030');
    // Weekly by default: a day of the week is needed.
    expect(within(dialog).getByRole('group', { name: 'Jours de la semaine' })).toBeInTheDocument();
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: /^Récurrence/ }), 'Mois');
    expect(within(dialog).queryByRole('group', { name: 'Jours de la semaine' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: /^Intervalle/ })).toHaveAccessibleDescription(
      'Tous les mois',
    );
    // On the 1st of each month unless told otherwise.
    expect(previewDates(dialog)).toEqual([
      'mardi 1 janvier 2030',
      'vendredi 1 février 2030',
      'vendredi 1 mars 2030',
      'lundi 1 avril 2030',
      'mercredi 1 mai 2030',
    ]);

    await view.user.click(
      within(dialog).getByRole('radio', {
        name: 'Un jour de la semaine (le premier lundi, le dernier vendredi…)',
      }),
    );
    await view.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Position dans le mois' }),
      'Dernier',
    );
    await view.user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Jour de la semaine' }),
      'Vendredi',
    );
    expect(previewDates(dialog)).toEqual([
      'vendredi 25 janvier 2030',
      'vendredi 22 février 2030',
      'vendredi 29 mars 2030',
      'vendredi 26 avril 2030',
      'vendredi 31 mai 2030',
    ]);

    const interval = within(dialog).getByRole('spinbutton', { name: /^Intervalle/ });
    await view.user.clear(interval);
    await view.user.type(interval, '2');
    expect(interval).toHaveAccessibleDescription('Tous les 2 mois');
    expect(previewDates(dialog)).toEqual([
      'vendredi 25 janvier 2030',
      'vendredi 29 mars 2030',
      'vendredi 31 mai 2030',
      'vendredi 26 juillet 2030',
      'vendredi 27 septembre 2030',
    ]);

    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    const mutation = await resolveOperation(view.environment, 'DeliveryOrderDialogMutation', {
      OrderSkipDeliveryPayload: {
        userErrors: [],
        program: programNode(9, '2030-01-01', '2030-12-31'),
        skip: null,
        deliveries: ['2030-01-25', '2030-03-29'].map((date, index) =>
          deliveryNode({
            databaseId: 60 + index,
            skipName: 'Benne carton quai 2',
            requestedDate: date,
            program: programNode(9, '2030-01-01', '2030-12-31'),
          }),
        ),
      },
    });
    expect(mutation.request.variables.input).toEqual({
      skipId: globalId('Skip', 7),
      requestedDate: null,
      comment: null,
      program: {
        startDate: '2030-01-01',
        endDate: '2030-12-31',
        recurrence: 'MONTH',
        interval: 2,
        weekdays: ['FRIDAY'],
        monthPosition: 'LAST',
        monthDay: null,
      },
      clientMutationId: expect.any(String),
    });
    expect(await screen.findByText(messages.deliveryProgramOrdered)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Livraisons de contenants' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Programme récurrent');
  });

  it('checks a weekly program with the domain’s rules before ordering', async () => {
    const view = await openOperations();
    const dialog = await openOrderDialog(view);
    await view.user.click(within(dialog).getByRole('radio', { name: 'Un programme récurrent' }));
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de début/), '30/06/2030');
    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '01/06/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Date de fin/)).toHaveAccessibleDescription(
        messages.endBeforeStart,
      ),
    );
    expect(within(dialog).getByText(messages.recurrenceWeekdaysRequired)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('DeliveryOrderDialogMutation');

    await fillDate(view.user, within(dialog).getByLabelText(/^Date de fin/), '14/07/2030');
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Mardi' }));
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Lundi' }));
    expect(previewDates(dialog)).toEqual([
      'lundi 1 juillet 2030',
      'mardi 2 juillet 2030',
      'lundi 8 juillet 2030',
      'mardi 9 juillet 2030',
    ]);
    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await rejectOperation(view.environment, 'DeliveryOrderDialogMutation', new Error('HTTP 502'));
    expect(await screen.findByText(messages.programSubmitError)).toBeInTheDocument();

    await view.user.click(within(dialog).getByRole('button', { name: 'Commander' }));
    await resolveOperation(view.environment, 'DeliveryOrderDialogMutation', {
      OrderSkipDeliveryPayload: {
        deliveries: [],
        program: null,
        skip: null,
        userErrors: [
          { field: ['program', 'startDate'], message: messages.requestedDateInPast, code: null },
          { field: [], message: messages.skipNeedsProviderToOrder, code: null },
        ],
      },
    });
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Date de début/)).toHaveAccessibleDescription(
        messages.requestedDateInPast,
      ),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(messages.skipNeedsProviderToOrder);
  });
});
