import { messages } from '@portal/domain/messages';
import { SLIP_NOT_CREATED_LABEL } from '@portal/domain/trackdechets';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { establishment, globalId } from '../../test/fixtures.ts';
import { openOperationPage, operationNode, operationPayload, signIn } from '../../test/operationFixtures.ts';
import { gerland, provider } from '../../test/skipFixtures.ts';
import { findOperation, pendingOperationNames, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./OperationPage.tsx');
});

/** The label → value pairs of a section of the summary. */
const entriesOf = (name: string) =>
  Object.fromEntries(
    within(screen.getByRole('region', { name }))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );

const realised = operationNode({
  databaseId: 31,
  status: 'REALISED',
  comment: 'Accès par le portail nord',
  interventionDate: '2030-03-13',
  entity: { id: globalId('Entity', 7), name: 'Gare de Vaise' },
  dangerous: true,
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
  completedAt: '2030-03-14T15:45:00Z',
  validatedAt: '2030-03-15T08:00:00Z',
  finalOutlets: [
    {
      name: 'Papeterie du Rhône',
      siret: '73282932000074',
      address: '3 quai Perrache, Lyon',
      treatmentCode: { code: 'R 3', description: 'Recyclage ou récupération des substances organiques' },
      qualification: 'RECYCLAGE',
      qualificationLabel: 'Recyclage',
      quantity: '60.000',
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
});

describe('the detail of an operation', () => {
  it('shows the request, the container, the completion and the final outlets', async () => {
    const { query } = await openOperationPage(realised);
    expect(query.request.variables).toEqual({ databaseId: 31 });
    const summary = await screen.findByRole('article', { name: 'Rotation n° 31' });
    expect(within(summary).getByRole('heading', { level: 1, name: 'Rotation n° 31' })).toBeInTheDocument();
    expect(summary).toHaveTextContent('Réalisée');
    await waitFor(() => expect(document.title).toContain('Rotation n° 31'));
    // Back to the history, with the dashboard selection.
    expect(screen.getByRole('link', { name: /Retour aux opérations/ })).toHaveAttribute(
      'href',
      '/operations/historique?etablissement=12',
    );

    expect(entriesOf('Demande')).toEqual({
      'Demandée le': '1 mars 2030 à 10:30',
      'Date souhaitée': '12/03/2030',
      "Date d'intervention prévue": '13/03/2030',
      'Commentaire du producteur': 'Accès par le portail nord',
    });
    expect(entriesOf('Contenant et déchet')).toEqual({
      Contenant: 'Benne carton quai 2',
      Établissement: 'Martin Industries > Usine de Lyon Gerland',
      Chantier: 'Gare de Vaise',
      Prestataire: 'Recyclage du Rhône > Centre de tri de Vénissieux',
      Déchet: 'Emballages en papier et carton',
      'Code déchet': '15 01 01 — emballages en papier/carton',
      'Déchet dangereux': 'Oui',
      'Traitement prévu': 'R 3 — Recyclage ou récupération des substances organiques',
    });
    expect(entriesOf('Réalisation')).toEqual({
      'Quantité réelle réceptionnée': '2,46 t',
      "Date réelle d'intervention": '14/03/2030',
      'Numéro de BSD': 'BSD-2030-000123',
      Transporteur: 'Transports Rhône Express',
      'SIRET du transporteur': '40483304800022',
      'Adresse du transporteur': '8 rue des Docks, 69009 Lyon',
      'N° de récépissé du transporteur': '2030/T/69/0042',
      'Commentaire du prestataire': 'Benne très chargée',
      'Complétée le': '14 mars 2030 à 16:45',
      'Validée le': '15 mars 2030 à 09:00',
    });

    const outlets = screen.getByRole('table', { name: 'Exutoires finaux' });
    expect(
      within(outlets)
        .getAllByRole('row')
        .map((row) =>
          within(row)
            .queryAllByRole('cell')
            .map((cell) => cell.textContent),
        )
        .slice(1),
    ).toEqual([
      [
        'Papeterie du Rhône',
        '73282932000074',
        '3 quai Perrache, Lyon',
        'R 3 — Recyclage ou récupération des substances organiques',
        'Recyclage',
        '60 %',
      ],
      [
        'Chaufferie biomasse de Lyon',
        '—',
        '—',
        'R 1 — Utilisation principale comme combustible',
        'Valorisation énergétique',
        '40 %',
      ],
    ]);
    // Realised: nothing more to do, nothing to complete.
    expect(within(summary).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Compléter l'opération" })).not.toBeInTheDocument();
  });

  it('says what is not known yet, and leaves out what was not given', async () => {
    await openOperationPage(
      operationNode({
        databaseId: 32,
        type: 'RETIREMENT',
        finalOutlets: [],
        thirdLevelWaste: null,
        wasteCode: null,
        plannedTreatmentCode: null,
        skip: null,
        provider: null,
      }),
    );
    const summary = await screen.findByRole('article', { name: 'Retrait définitif n° 32' });
    expect(summary).toHaveTextContent('Demande en cours');
    expect(entriesOf('Demande')).toEqual({
      'Demandée le': '1 mars 2030 à 10:30',
      'Date souhaitée': '12/03/2030',
      "Date d'intervention prévue": 'Pas encore renseigné',
    });
    expect(entriesOf('Contenant et déchet')).toEqual({
      Contenant: 'Contenant supprimé',
      Établissement: 'Martin Industries > Usine de Lyon Gerland',
      'Déchet dangereux': 'Non',
    });
    expect(entriesOf('Réalisation')).toEqual({
      'Quantité réelle réceptionnée': 'Pas encore renseigné',
      "Date réelle d'intervention": 'Pas encore renseigné',
    });
    expect(screen.getByText('Aucun exutoire renseigné pour le moment.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Exutoires finaux' })).not.toBeInTheDocument();
  });

  it('shows the slip of a hazardous operation on Trackdéchets, leading to the hazardous pick-ups', async () => {
    await openOperationPage({
      ...realised,
      hazardousPickup: {
        readableId: 'BSD-20300314-ABC123',
        status: { code: 'SENT', label: 'Envoyé' },
      },
    });
    const completion = await screen.findByRole('region', { name: 'Réalisation' });
    const slip = within(completion).getByText('Bordereau Trackdéchets').nextElementSibling as HTMLElement;
    expect(slip).toHaveTextContent('BSD-20300314-ABC123');
    expect(within(slip).getByText('Envoyé')).toBeInTheDocument();
    expect(within(slip).getByRole('link', { name: 'Voir mes enlèvements dangereux' })).toHaveAttribute(
      'href',
      '/mes-enlevements-dangereux?etablissement=12',
    );
  });

  it('says a hazardous operation’s slip is not created yet', async () => {
    await openOperationPage({
      ...realised,
      hazardousPickup: { readableId: null, status: { code: 'NOT_CREATED', label: SLIP_NOT_CREATED_LABEL } },
    });
    await screen.findByRole('region', { name: 'Réalisation' });
    expect(entriesOf('Réalisation')['Bordereau Trackdéchets']).toBe(
      `${SLIP_NOT_CREATED_LABEL}Voir mes enlèvements dangereux`,
    );
  });

  it('shows tonnes as tonnes in the outlets', async () => {
    await openOperationPage({
      ...realised,
      finalOutlets: [
        {
          name: 'Centre de tri de Vénissieux',
          siret: null,
          address: null,
          treatmentCode: null,
          quantity: '2.460',
          quantityUnit: 'TONNE',
        },
      ],
    });
    const outlets = await screen.findByRole('table', { name: 'Exutoires finaux' });
    expect(within(outlets).getAllByRole('row')[1]).toHaveTextContent('2,46 t');
  });

  it('offers the viewer’s moves in its header, and moves it there', async () => {
    const asked = operationNode({ databaseId: 33, viewerActions: ['CANCEL'] });
    const view = await openOperationPage(asked);
    const summary = await screen.findByRole('article', { name: 'Rotation n° 33' });
    await view.user.click(within(summary).getByRole('button', { name: 'Annuler : Rotation n° 33' }));
    await view.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: "Annuler l'opération" }),
    );
    const move = await resolveOperation(
      view.environment,
      'OperationActionsMoveMutation',
      operationPayload({ ...asked, status: 'CANCELLED', statusLabel: 'Annulée', viewerActions: [] }),
    );
    expect(move.request.variables).toEqual({
      input: { id: globalId('Operation', 33), action: 'CANCEL', version: 3 },
    });
    expect(await screen.findByText(messages.operationCancelled)).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveTextContent('Annulée'));
    expect(within(summary).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows its provider the completion form while it may be completed', async () => {
    const scheduled = operationNode({
      databaseId: 34,
      status: 'SCHEDULED',
      interventionDate: '2030-03-14',
      viewerActions: ['RESCHEDULE', 'COMPLETE', 'NOT_CARRIED_OUT'],
      canEditCompletion: true,
    });
    const view = await openOperationPage(scheduled, {
      typologies: ['RETRIEVER'],
      establishments: [provider],
      linked: [gerland],
    });
    const summary = await screen.findByRole('article', { name: 'Rotation n° 34' });
    const form = screen.getByRole('region', { name: "Compléter l'opération" });
    expect(form).toHaveAttribute('id', 'realisation');
    // "Compléter" leads to the form of this very page, and moves nothing by itself.
    await view.user.click(within(summary).getByRole('button', { name: 'Compléter : Rotation n° 34' }));
    await waitFor(() => expect(view.router.state.location.hash).toBe('#realisation'));
    expect(view.router.state.location.pathname).toBe('/operations/34');
    expect(pendingOperationNames(view.environment)).not.toContain('OperationActionsMoveMutation');
    expect(screen.getByRole('region', { name: "Compléter l'opération" })).toBeInTheDocument();
  });

  it('shows its carrier what it carries, where and when, back to its pick-ups, with nothing to do', async () => {
    await openOperationPage(
      operationNode({
        ...realised,
        // The carrier does not see the container, nor the provider's site: the operation names the container.
        skip: null,
        skipName: 'Benne carton quai 2',
        provider: null,
        transporter: {
          establishmentId: globalId('Establishment', 70),
          fromPortal: true,
          name: 'Transports Garnier',
          siret: '40483304800022',
          address: '8 rue des Docks, 69009 Lyon',
          receiptNumber: null,
        },
      }),
      {
        typologies: ['CARRIER'],
        establishments: [establishment(70, 'Transports Garnier', 'Agence transport de Lyon')],
        linked: [gerland],
      },
    );
    const summary = await screen.findByRole('article', { name: 'Rotation n° 31' });
    expect(entriesOf('Contenant et déchet')).toMatchObject({
      Contenant: 'Benne carton quai 2',
      Établissement: 'Martin Industries > Usine de Lyon Gerland',
      Chantier: 'Gare de Vaise',
    });
    expect(entriesOf('Réalisation')).toMatchObject({
      "Date réelle d'intervention": '14/03/2030',
      Transporteur: 'Transports Garnier',
    });
    expect(screen.getByRole('link', { name: /Retour à mes enlèvements/ })).toHaveAttribute(
      'href',
      '/mes-enlevements?etablissement=70',
    );
    expect(screen.queryByRole('link', { name: /Retour aux opérations/ })).not.toBeInTheDocument();
    expect(within(summary).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "Compléter l'opération" })).not.toBeInTheDocument();
  });

  it('shows the page not found for an operation the viewer may not see', async () => {
    await openOperationPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText(messages.notFound)).toBeInTheDocument();
  });

  it('shows the page not found for a path that names no operation', async () => {
    const view = await signIn({ path: '/operations/12abc?etablissement=12' });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('OperationPageQuery');
  });
});

describe('a declared flow on its page', () => {
  const flow = operationNode({
    databaseId: 77,
    type: 'FLOW',
    status: 'TO_VALIDATE',
    declaredBy: 'PROVIDER',
    skip: null,
    skipName: null,
    receivedQuantity: '4.180',
    quantityEstimated: true,
    realInterventionDate: '2030-02-28',
    bsdNumber: null,
    transporter: {
      establishmentId: null,
      fromPortal: false,
      name: 'Transports Rhône Express',
      siret: '40483304800022',
      address: '8 rue des Docks, 69009 Lyon',
      receiptNumber: '2030/T/69/0042',
    },
    finalOutlets: [
      {
        name: 'Papeterie du Rhône',
        siret: '73282932000074',
        address: '3 quai Perrache, Lyon',
        treatmentCode: { code: 'R 3', description: 'Recyclage ou récupération des substances organiques' },
        qualification: 'RECYCLAGE',
        qualificationLabel: 'Recyclage',
        quantity: '100.000',
        quantityUnit: 'PERCENT',
      },
    ],
    viewerActions: ['VALIDATE_FLOW', 'RETURN_FLOW'],
    canEditCompletion: false,
  });

  it('is validated by the other side from its recap, which shows every field of its register line', async () => {
    const view = await openOperationPage(flow);
    expect(await screen.findByRole('heading', { level: 1, name: 'Flux déclaré n° 77' })).toBeInTheDocument();
    // Its declaration instead of a request, and no container.
    expect(entriesOf('Déclaration')).toMatchObject({ 'Déclaré par': 'Prestataire' });
    expect(Object.keys(entriesOf('Déchet'))).not.toContain('Contenant');
    await view.user.click(await screen.findByRole('button', { name: /^Valider le flux/ }));
    const recap = await screen.findByRole('dialog', { name: 'Récapitulatif du flux déclaré' });
    for (const text of [
      'Prestataire',
      '28/02/2030',
      '4,18 t, estimée',
      'Transports Rhône Express · 40483304800022 · 8 rue des Docks, 69009 Lyon · récépissé 2030/T/69/0042',
      'Papeterie du Rhône · 73282932000074 · 3 quai Perrache, Lyon · R 3 · Recyclage · 100 %',
    ]) {
      expect(recap).toHaveTextContent(text);
    }
    await view.user.click(within(recap).getByRole('button', { name: 'Valider le flux' }));
    const move = await findOperation(view.environment, 'OperationActionsMoveMutation');
    expect(move.request.variables.input).toMatchObject({ id: flow.id, action: 'VALIDATE_FLOW' });
    await resolveOperation(
      view.environment,
      'OperationActionsMoveMutation',
      operationPayload({ ...flow, status: 'REALISED', statusLabel: 'Réalisée', viewerActions: [] }),
    );
    expect(await screen.findByText(messages.flowValidated)).toBeInTheDocument();
    await waitFor(() => expect(recap).not.toBeInTheDocument());
  });
});
