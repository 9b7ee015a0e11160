import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { GraphQLRequestError } from '../../relay/errors.ts';
import { fillDate } from '../../test/dateField.ts';
import { globalId } from '../../test/fixtures.ts';
import { openOperationPage, operationNode, operationPayload } from '../../test/operationFixtures.ts';
import { gerland, provider } from '../../test/skipFixtures.ts';
import {
  findOperation,
  pendingOperationNames,
  rejectOperation,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./OperationPage.tsx');
});

const SAVE = 'OperationCompletionFormMutation';

const scheduled = operationNode({
  databaseId: 34,
  status: 'SCHEDULED',
  interventionDate: '2030-03-14',
  version: 4,
  viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
  canEditCompletion: true,
});

type View = Awaited<ReturnType<typeof openOperationPage>>;

async function openCompletion(operation = scheduled) {
  const view = await openOperationPage(operation, {
    typologies: ['RETRIEVER'],
    establishments: [provider],
    linked: [gerland],
  });
  const form = await screen.findByRole('region', { name: "Compléter l'opération" });
  return { view, form };
}

const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label);
const quantity = (form: HTMLElement) => field(form, /^Quantité réelle réceptionnée \(t\)/);
const realDate = (form: HTMLElement) => field(form, /^Date réelle d'intervention/);
const outlet = (form: HTMLElement, index: number) =>
  within(form).getByRole('group', { name: `Exutoire ${index}` });
const transporter = (form: HTMLElement) => within(form).getByRole('combobox', { name: /^Transporteur/ });
const total = (form: HTMLElement) => within(form).queryByText(/^Total réparti/)?.textContent ?? null;

async function fillOperation(view: View, form: HTMLElement, receivedQuantity = '2,46') {
  await view.user.type(quantity(form), receivedQuantity);
  await fillDate(view.user, realDate(form), '14/03/2030');
}

async function fillOutlet(
  view: View,
  form: HTMLElement,
  index: number,
  values: {
    name: string;
    code: string;
    quantity: string;
    siret?: string;
    unit?: string;
    qualification?: string;
  },
) {
  const group = outlet(form, index);
  await view.user.type(field(group, /^Nom/), values.name);
  if (values.siret) await view.user.type(field(group, /^SIRET/), values.siret);
  await view.user.selectOptions(
    within(group).getByRole('combobox', { name: /^Code de traitement/ }),
    values.code,
  );
  // A code that allows several qualifications offers the choice (R 3: recycling or other recovery).
  const qualification = within(group).queryByRole('combobox', { name: /^Qualification/ });
  if (qualification) await view.user.selectOptions(qualification, values.qualification ?? 'Recyclage');
  if (values.unit)
    await view.user.selectOptions(within(group).getByRole('combobox', { name: /^Unité/ }), values.unit);
  await view.user.type(field(group, /^Quantité/), values.quantity);
}

const completeButton = (form: HTMLElement) =>
  within(form).getByRole('button', { name: "Compléter l'opération" });
const saveButton = (form: HTMLElement) =>
  within(form).getByRole('button', { name: 'Enregistrer et reprendre plus tard' });

describe('completing an operation', () => {
  it('shares it out between outlets in percentages, shows the total and sends every field', async () => {
    const { view, form } = await openCompletion();
    expect(quantity(form)).toBeRequired();
    expect(quantity(form)).toHaveAccessibleDescription(
      'En tonnes, avec une virgule ou un point (par exemple 2,4).',
    );
    expect(realDate(form)).toBeRequired();
    // One outlet to start with, in percentages; it cannot be removed.
    expect(within(form).getAllByRole('group', { name: /^Exutoire/ })).toHaveLength(1);
    expect(within(outlet(form, 1)).getByRole('combobox', { name: /^Unité/ })).toHaveDisplayValue(
      'Pourcentage (%)',
    );
    expect(within(form).queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
    expect(
      within(within(outlet(form, 1)).getByRole('combobox', { name: /^Code de traitement/ }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choisir un code',
      'R 1 — Utilisation principale comme combustible',
      'R 3 — Recyclage ou récupération des substances organiques',
      'D 10 — Incinération à terre',
    ]);

    await fillOperation(view, form);
    await view.user.type(field(form, /^Numéro de BSD/), 'BSD-2030-000123');
    await view.user.selectOptions(transporter(form), 'Autre transporteur (à saisir)');
    await view.user.type(field(form, /^Raison sociale du transporteur/), 'Transports Rhône Express');
    await view.user.type(field(form, /^Courtier ou négociant/), 'Courtage du Rhône');
    await view.user.type(field(form, /^N° de récépissé du courtier/), 'C-17');
    await view.user.type(field(form, /^Éco-organisme/), 'Citeo');
    await view.user.type(field(form, /^SIREN de l'éco-organisme/), '388 380 073');
    await view.user.type(field(form, /^Commentaire/), 'Benne très chargée');
    await fillOutlet(view, form, 1, {
      name: 'Papeterie du Rhône',
      siret: '732 829 320 00074',
      code: 'R 3 — Recyclage ou récupération des substances organiques',
      quantity: '60',
    });
    expect(total(form)).toBe('Total réparti : 60 %');

    await view.user.click(within(form).getByRole('button', { name: 'Ajouter un exutoire' }));
    const second = outlet(form, 2);
    expect(within(second).getByRole('combobox', { name: /^Unité/ })).toHaveValue('PERCENT');
    expect(within(form).getByRole('button', { name: "Retirer l'exutoire 1" })).toBeInTheDocument();
    await fillOutlet(view, form, 2, {
      name: 'Chaufferie biomasse de Lyon',
      code: 'R 1 — Utilisation principale comme combustible',
      quantity: '40',
    });
    expect(total(form)).toBe('Total réparti : 100 %');

    await view.user.click(completeButton(form));
    const done = operationNode({
      ...scheduled,
      status: 'COMPLETED',
      statusLabel: 'Complétée, à valider',
      receivedQuantity: '2.460',
      realInterventionDate: '2030-03-14',
      completedAt: '2030-03-14T15:45:00Z',
      finalOutlets: [
        {
          name: 'Papeterie du Rhône',
          siret: '73282932000074',
          address: null,
          treatmentCode: { code: 'R 3', description: 'Recyclage ou récupération des substances organiques' },
          qualification: 'RECYCLAGE',
          qualificationLabel: 'Recyclage',
          quantity: '60.000',
          quantityUnit: 'PERCENT',
        },
      ],
      version: 5,
      viewerActions: [],
      canEditCompletion: false,
    });
    const save = await resolveOperation(view.environment, SAVE, operationPayload(done));
    expect(save.request.variables).toEqual({
      input: {
        id: globalId('Operation', 34),
        receivedQuantity: '2,46',
        quantityEstimated: false,
        realInterventionDate: '2030-03-14',
        bsdNumber: 'BSD-2030-000123',
        transporterEstablishmentId: null,
        transporterName: 'Transports Rhône Express',
        transporterSiret: null,
        transporterAddress: null,
        transporterReceiptNumber: null,
        ecoOrganisationName: 'Citeo',
        ecoOrganisationSiren: '388 380 073',
        brokerName: 'Courtage du Rhône',
        brokerSiret: null,
        brokerReceiptNumber: 'C-17',
        comment: 'Benne très chargée',
        finalOutlets: [
          {
            name: 'Papeterie du Rhône',
            siret: '732 829 320 00074',
            address: null,
            treatmentCode: 'R 3',
            qualification: 'RECYCLAGE',
            quantity: '60',
            quantityUnit: 'PERCENT',
          },
          {
            name: 'Chaufferie biomasse de Lyon',
            siret: null,
            address: null,
            treatmentCode: 'R 1',
            qualification: null,
            quantity: '40',
            quantityUnit: 'PERCENT',
          },
        ],
        complete: true,
        version: 4,
      },
    });
    const toast = await screen.findByText(messages.operationCompleted);
    expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'success');
    // Completed: the form leaves, the summary says it waits for the producer.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: "Compléter l'opération" })).not.toBeInTheDocument(),
    );
    const summary = screen.getByRole('article', { name: 'Rotation n° 34' });
    expect(summary).toHaveTextContent('Complétée, à valider');
    expect(within(summary).getByRole('table', { name: 'Exutoires finaux' })).toHaveTextContent('60 %');
    expect(within(summary).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names a carrier of the portal among those the operation offers, or one entered by hand', async () => {
    const { view, form } = await openCompletion(
      operationNode({
        ...scheduled,
        transporterChoices: [
          {
            id: globalId('Establishment', 40),
            name: 'Recyclage du Rhône',
            siteName: 'Centre de tri de Vénissieux',
            provider: true,
          },
          {
            id: globalId('Establishment', 70),
            name: 'Transports Garnier',
            siteName: 'Agence transport de Lyon',
            provider: false,
          },
        ],
      }),
    );
    expect(
      within(transporter(form))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Non renseigné',
      'Recyclage du Rhône — Centre de tri de Vénissieux (le prestataire lui-même)',
      'Transports Garnier — Agence transport de Lyon',
      'Autre transporteur (à saisir)',
    ]);
    // A party entered by hand is identified by its name.
    await view.user.selectOptions(transporter(form), 'Autre transporteur (à saisir)');
    await view.user.type(field(form, /^SIRET du transporteur/), '40483304800022');
    await view.user.click(saveButton(form));
    expect(await within(form).findByText(messages.required)).toBeInTheDocument();
    expect(field(form, /^Raison sociale du transporteur/)).toHaveAccessibleDescription(messages.required);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);

    // A carrier of the portal brings its own name, SIRET and address: nothing is entered beside it.
    await view.user.selectOptions(transporter(form), 'Transports Garnier — Agence transport de Lyon');
    expect(within(form).queryByLabelText(/^Raison sociale du transporteur/)).not.toBeInTheDocument();
    await view.user.type(field(form, /^N° de récépissé du transporteur/), '2030/T/69/0042');
    await view.user.click(saveButton(form));
    const save = await findOperation(view.environment, SAVE);
    expect(save.request.variables.input).toMatchObject({
      transporterEstablishmentId: globalId('Establishment', 70),
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: '2030/T/69/0042',
      complete: false,
    });
  });

  it('keeps a carrier of the portal no longer offered, under its stored name, and says why the api refuses one', async () => {
    const { view, form } = await openCompletion(
      operationNode({
        ...scheduled,
        transporter: {
          establishmentId: globalId('Establishment', 71),
          fromPortal: true,
          name: 'Transports Lointains',
          siret: '44306184100047',
          address: null,
          receiptNumber: null,
        },
        transporterChoices: [],
      }),
    );
    expect(transporter(form)).toHaveValue(globalId('Establishment', 71));
    expect(transporter(form)).toHaveDisplayValue('Transports Lointains');
    await view.user.click(saveButton(form));
    await resolveOperation(view.environment, SAVE, {
      OperationPayload: {
        operation: null,
        userErrors: [{ field: ['transporterEstablishmentId'], message: messages.transporterNotOffered }],
      },
    });
    expect(await within(form).findByText(messages.transporterNotOffered)).toBeInTheDocument();
    expect(transporter(form)).toHaveAccessibleDescription(messages.transporterNotOffered);
  });

  it('refuses a split of 90 % before sending, and still saves it to resume later', async () => {
    const { view, form } = await openCompletion();
    await fillOperation(view, form);
    await fillOutlet(view, form, 1, {
      name: 'Papeterie du Rhône',
      code: 'R 3 — Recyclage ou récupération des substances organiques',
      quantity: '50',
    });
    await view.user.click(within(form).getByRole('button', { name: 'Ajouter un exutoire' }));
    await fillOutlet(view, form, 2, {
      name: 'Chaufferie biomasse de Lyon',
      code: 'R 1 — Utilisation principale comme combustible',
      quantity: '40',
    });
    expect(total(form)).toBe('Total réparti : 90 %');

    await view.user.click(completeButton(form));
    expect(await within(form).findByRole('alert')).toHaveTextContent(messages.outletQuantitiesSum);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);

    await view.user.click(saveButton(form));
    const saved = operationNode({
      ...scheduled,
      receivedQuantity: '2.460',
      realInterventionDate: '2030-03-14',
      version: 5,
    });
    const save = await resolveOperation(view.environment, SAVE, operationPayload(saved));
    expect(save.request.variables.input).toEqual({
      id: globalId('Operation', 34),
      receivedQuantity: '2,46',
      quantityEstimated: false,
      realInterventionDate: '2030-03-14',
      bsdNumber: null,
      transporterEstablishmentId: null,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: null,
      ecoOrganisationName: null,
      ecoOrganisationSiren: null,
      brokerName: null,
      brokerSiret: null,
      brokerReceiptNumber: null,
      comment: null,
      finalOutlets: [
        {
          name: 'Papeterie du Rhône',
          siret: null,
          address: null,
          treatmentCode: 'R 3',
          qualification: 'RECYCLAGE',
          quantity: '50',
          quantityUnit: 'PERCENT',
        },
        {
          name: 'Chaufferie biomasse de Lyon',
          siret: null,
          address: null,
          treatmentCode: 'R 1',
          qualification: null,
          quantity: '40',
          quantityUnit: 'PERCENT',
        },
      ],
      complete: false,
      version: 4,
    });
    const toast = await screen.findByText(messages.informationSaved);
    expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'success');
    // Still to complete, with what was typed.
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: "Compléter l'opération" })).toBe(form);
    expect(quantity(form)).toHaveValue('2,46');
    expect(total(form)).toBe('Total réparti : 90 %');

    // The next save sends the version the api answered.
    await view.user.clear(field(outlet(form, 1), /^Quantité/));
    await view.user.type(field(outlet(form, 1), /^Quantité/), '60');
    expect(total(form)).toBe('Total réparti : 100 %');
    await view.user.click(completeButton(form));
    const complete = await findOperation(view.environment, SAVE);
    expect(complete.request.variables.input).toMatchObject({ complete: true, version: 5 });
  });

  it('shares it out in tonnes, which must add up to the received quantity', async () => {
    const { view, form } = await openCompletion();
    await fillOperation(view, form);
    await fillOutlet(view, form, 1, {
      name: 'Papeterie du Rhône',
      code: 'R 3 — Recyclage ou récupération des substances organiques',
      unit: 'Tonnes',
      quantity: '1,5',
    });
    await view.user.click(within(form).getByRole('button', { name: 'Ajouter un exutoire' }));
    // A new outlet takes the unit of the first.
    expect(within(outlet(form, 2)).getByRole('combobox', { name: /^Unité/ })).toHaveValue('TONNE');
    await fillOutlet(view, form, 2, {
      name: 'Chaufferie biomasse de Lyon',
      code: 'R 1 — Utilisation principale comme combustible',
      quantity: '0,9',
    });
    expect(total(form)).toBe('Total réparti : 2,4 t');
    await view.user.click(completeButton(form));
    expect(await within(form).findByRole('alert')).toHaveTextContent(messages.outletQuantitiesSum);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);

    await view.user.type(field(outlet(form, 2), /^Quantité/), '6');
    expect(total(form)).toBe('Total réparti : 2,46 t');
    await view.user.click(completeButton(form));
    const save = await findOperation(view.environment, SAVE);
    expect(save.request.variables.input.finalOutlets).toEqual([
      expect.objectContaining({ quantity: '1,5', quantityUnit: 'TONNE' }),
      expect.objectContaining({ quantity: '0,96', quantityUnit: 'TONNE' }),
    ]);
    expect(save.request.variables.input.complete).toBe(true);
  });

  it('asks for the received quantity, the real date and an outlet before completing', async () => {
    const { view, form } = await openCompletion();
    await view.user.click(completeButton(form));
    await waitFor(() =>
      expect(quantity(form)).toHaveAccessibleDescription(messages.receivedQuantityRequired),
    );
    expect(realDate(form)).toHaveAccessibleDescription(messages.realInterventionDateRequired);
    expect(within(form).getByRole('alert')).toHaveTextContent(messages.finalOutletRequired);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);
  });

  it('checks each field with domain’s rules, under the field', async () => {
    const { view, form } = await openCompletion();
    await fillOperation(view, form, 'deux tonnes');
    await fillOutlet(view, form, 1, {
      name: 'Papeterie du Rhône',
      siret: '7328-2932',
      code: 'R 3 — Recyclage ou récupération des substances organiques',
      quantity: '100',
    });
    await view.user.click(saveButton(form));
    await waitFor(() => expect(quantity(form)).toHaveAccessibleDescription(messages.quantityFormat));
    expect(field(outlet(form, 1), /^SIRET/)).toHaveAccessibleDescription(messages.siretDigitsOnly);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);

    await view.user.clear(quantity(form));
    await view.user.type(quantity(form), '2,46');
    await view.user.clear(field(outlet(form, 1), /^SIRET/));
    await view.user.click(saveButton(form));
    const save = await findOperation(view.environment, SAVE);
    expect(save.request.variables.input).toMatchObject({ receivedQuantity: '2,46', complete: false });
    expect(quantity(form)).not.toHaveAccessibleDescription(messages.quantityFormat);
  });

  it('saves what is known to resume later, an outlet left blank being none', async () => {
    const { view, form } = await openCompletion();
    await view.user.type(quantity(form), '2,46');
    await view.user.click(saveButton(form));
    const save = await findOperation(view.environment, SAVE);
    expect(save.request.variables.input).toEqual({
      id: globalId('Operation', 34),
      receivedQuantity: '2,46',
      quantityEstimated: false,
      realInterventionDate: null,
      bsdNumber: null,
      transporterEstablishmentId: null,
      transporterName: null,
      transporterSiret: null,
      transporterAddress: null,
      transporterReceiptNumber: null,
      ecoOrganisationName: null,
      ecoOrganisationSiren: null,
      brokerName: null,
      brokerSiret: null,
      brokerReceiptNumber: null,
      comment: null,
      finalOutlets: [],
      complete: false,
      version: 4,
    });
  });

  it('puts the api’s messages under their fields, and lets the provider send again', async () => {
    const { view, form } = await openCompletion();
    await fillOperation(view, form);
    await fillOutlet(view, form, 1, {
      name: 'Papeterie du Rhône',
      code: 'R 3 — Recyclage ou récupération des substances organiques',
      quantity: '60',
    });
    await view.user.click(within(form).getByRole('button', { name: 'Ajouter un exutoire' }));
    await fillOutlet(view, form, 2, {
      name: 'Chaufferie biomasse de Lyon',
      code: 'R 1 — Utilisation principale comme combustible',
      quantity: '40',
    });
    await view.user.click(completeButton(form));
    await resolveOperation(view.environment, SAVE, {
      OperationPayload: {
        operation: null,
        userErrors: [
          { field: ['finalOutlets', '1', 'quantity'], message: messages.outletQuantitiesSum },
          { field: ['realInterventionDate'], message: messages.interventionDateInFuture },
          { field: [], message: messages.concurrentModification },
        ],
      },
    });
    await waitFor(() =>
      expect(field(outlet(form, 2), /^Quantité/)).toHaveAccessibleDescription(messages.outletQuantitiesSum),
    );
    expect(field(outlet(form, 1), /^Quantité/)).not.toHaveAccessibleDescription(messages.outletQuantitiesSum);
    expect(realDate(form)).toHaveAccessibleDescription(messages.interventionDateInFuture);
    expect(within(form).getByRole('alert')).toHaveTextContent(messages.concurrentModification);
    expect(screen.queryByText(messages.operationCompleted)).not.toBeInTheDocument();

    // Sent again: the messages go, the failure of the request says so.
    await view.user.click(completeButton(form));
    await rejectOperation(view.environment, SAVE, new Error('HTTP 502'));
    const failure = await screen.findByText(messages.operationUpdateError);
    expect(failure.closest('[data-type]')).toHaveAttribute('data-type', 'error');
    expect(realDate(form)).not.toHaveAccessibleDescription(messages.interventionDateInFuture);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();

    await view.user.click(completeButton(form));
    await rejectOperation(
      view.environment,
      SAVE,
      new GraphQLRequestError('refused', 200, [
        { message: messages.forbidden, extensions: { code: 'FORBIDDEN' } },
      ]),
    );
    expect(await screen.findByText(messages.forbidden)).toBeInTheDocument();
  });

  it('shows a message of the api on no field of the form above it, without blocking the next send', async () => {
    const { view, form } = await openCompletion();
    await view.user.type(quantity(form), '2,46');
    await view.user.click(saveButton(form));
    await resolveOperation(view.environment, SAVE, {
      OperationPayload: {
        operation: null,
        userErrors: [{ field: ['finalOutlets', '0'], message: messages.required }],
      },
    });
    expect(await within(form).findByRole('alert')).toHaveTextContent(messages.required);
    await view.user.click(saveButton(form));
    const again = await findOperation(view.environment, SAVE);
    expect(again.request.variables.input).toMatchObject({ receivedQuantity: '2,46', complete: false });
  });

  it('asks for the qualification of a treatment that allows several before completing', async () => {
    const { view, form } = await openCompletion();
    await fillOperation(view, form);
    const group = outlet(form, 1);
    await view.user.type(field(group, /^Nom/), 'Papeterie du Rhône');
    await view.user.selectOptions(
      within(group).getByRole('combobox', { name: /^Code de traitement/ }),
      'R 3 — Recyclage ou récupération des substances organiques',
    );
    await view.user.type(field(group, /^Quantité/), '100');
    await view.user.click(completeButton(form));
    const choice = within(group).getByRole('combobox', { name: /^Qualification/ });
    expect(await within(group).findByText(messages.qualificationRequired)).toBeInTheDocument();
    expect(choice).toHaveAccessibleDescription(messages.qualificationRequired);
    expect(pendingOperationNames(view.environment)).not.toContain(SAVE);
  });

  it('resumes a saved completion, whose outlets may be removed but the last', async () => {
    const { view, form } = await openCompletion(
      operationNode({
        ...scheduled,
        receivedQuantity: '2.460',
        realInterventionDate: '2030-03-14',
        bsdNumber: 'BSD-2030-000123',
        transporter: {
          establishmentId: null,
          fromPortal: false,
          name: 'Transports Rhône Express',
          siret: '40483304800022',
          address: '8 rue des Docks, 69009 Lyon',
          receiptNumber: '2030/T/69/0042',
        },
        providerComment: 'Benne très chargée',
        finalOutlets: [
          {
            name: 'Papeterie du Rhône',
            siret: '73282932000074',
            address: '3 quai Perrache, Lyon',
            treatmentCode: {
              code: 'R 3',
              description: 'Recyclage ou récupération des substances organiques',
            },
            qualification: 'RECYCLAGE',
            qualificationLabel: 'Recyclage',
            quantity: '50.000',
            quantityUnit: 'PERCENT',
          },
          {
            name: 'Chaufferie biomasse de Lyon',
            siret: null,
            address: null,
            treatmentCode: { code: 'R 1', description: 'Utilisation principale comme combustible' },
            qualification: null,
            qualificationLabel: 'Valorisation énergétique',
            quantity: '40.000',
            quantityUnit: 'PERCENT',
          },
        ],
      }),
    );
    expect(quantity(form)).toHaveValue('2,46');
    expect(realDate(form)).toHaveValue('14/03/2030');
    expect(field(form, /^Numéro de BSD/)).toHaveValue('BSD-2030-000123');
    expect(transporter(form)).toHaveValue('saisi');
    expect(field(form, /^Raison sociale du transporteur/)).toHaveValue('Transports Rhône Express');
    expect(field(form, /^SIRET du transporteur/)).toHaveValue('40483304800022');
    expect(field(form, /^Adresse du transporteur/)).toHaveValue('8 rue des Docks, 69009 Lyon');
    expect(field(form, /^N° de récépissé du transporteur/)).toHaveValue('2030/T/69/0042');
    expect(field(form, /^Commentaire/)).toHaveValue('Benne très chargée');
    const first = outlet(form, 1);
    expect(field(first, /^Nom/)).toHaveValue('Papeterie du Rhône');
    expect(field(first, /^SIRET/)).toHaveValue('73282932000074');
    expect(field(first, /^Adresse/)).toHaveValue('3 quai Perrache, Lyon');
    expect(within(first).getByRole('combobox', { name: /^Code de traitement/ })).toHaveValue('R 3');
    expect(within(first).getByRole('combobox', { name: /^Qualification/ })).toHaveValue('RECYCLAGE');
    // R 1 allows one qualification only: written out, nothing to choose.
    expect(field(outlet(form, 2), /^Qualification/)).toHaveValue('Valorisation énergétique');
    expect(field(first, /^Quantité/)).toHaveValue('50');
    expect(within(outlet(form, 2)).getByRole('combobox', { name: /^Code de traitement/ })).toHaveValue('R 1');
    expect(total(form)).toBe('Total réparti : 90 %');

    await view.user.click(within(form).getByRole('button', { name: "Retirer l'exutoire 2" }));
    expect(within(form).queryByRole('group', { name: 'Exutoire 2' })).not.toBeInTheDocument();
    expect(total(form)).toBe('Total réparti : 50 %');
    expect(within(form).queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();
    await view.user.click(saveButton(form));
    const save = await findOperation(view.environment, SAVE);
    expect(save.request.variables.input).toMatchObject({
      receivedQuantity: '2,46',
      comment: 'Benne très chargée',
      finalOutlets: [
        {
          name: 'Papeterie du Rhône',
          siret: '73282932000074',
          address: '3 quai Perrache, Lyon',
          treatmentCode: 'R 3',
          qualification: 'RECYCLAGE',
          quantity: '50',
          quantityUnit: 'PERCENT',
        },
      ],
      complete: false,
    });
  });
});
