import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCompany, adminEstablishment, connectionOf, signInAsAdmin } from '../../test/adminFixtures.ts';
import { fillDate } from '../../test/dateField.ts';
import { findOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminCompanyPage.tsx');
});

const confluence = {
  databaseId: 31,
  name: 'Chantier Confluence',
  startDate: '2030-01-06',
  endDate: null,
  address: '5 quai Rambaud, 69002 Lyon',
};
const gerland = adminEstablishment(21, 'Usine de Lyon Gerland', { chantiers: [confluence] });
const depot = adminEstablishment(22, 'Dépôt de Villeurbanne', { chantiers: [] });

async function openChantiers() {
  const view = await signInAsAdmin('/admin/societes/12');
  await resolveOperation(view.environment, 'AdminCompanyPageQuery', {
    Query: {
      admin: {
        company: adminCompany(12, 'Martin Industries'),
        establishments: connectionOf([gerland, depot]),
        users: connectionOf([]),
      },
    },
  });
  const toggle = await screen.findByRole('button', { name: 'Chantiers (1) de Usine de Lyon Gerland' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await view.user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const section = screen.getByRole('region', { name: 'Chantiers de « Usine de Lyon Gerland »' });
  return { ...view, section };
}

describe('the chantiers of an establishment', () => {
  it('opens under the establishment’s row, with their dates and address', async () => {
    const { section } = await openChantiers();
    const [row] = within(within(section).getByRole('table')).getAllByRole('row').slice(1);
    expect(row).toHaveTextContent('Chantier Confluence');
    expect(row).toHaveTextContent('06/01/2030');
    expect(row).toHaveTextContent('Non définie');
    expect(row).toHaveTextContent('5 quai Rambaud, 69002 Lyon');
    expect(
      screen.getByRole('button', { name: 'Chantiers (0) de Dépôt de Villeurbanne' }),
    ).toBeInTheDocument();
  });

  it('adds a chantier with the domain’s rules, and shows it in the list', async () => {
    const view = await openChantiers();
    await view.user.click(within(view.section).getByRole('button', { name: 'Nouveau chantier' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Nouveau chantier de « Usine de Lyon Gerland »',
    });
    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Nom du chantier' }),
      'Chantier Part-Dieu',
    );
    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de début' }), '15/03/2030');
    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de fin' }), '01/03/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le chantier' }));
    expect(await within(dialog).findByText(messages.endBeforeStart)).toBeInTheDocument();

    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de fin' }), '30/06/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le chantier' }));
    const create = await findOperation(view.environment, 'ChantierFormDialogCreateMutation');
    expect(create.request.variables.input).toEqual({
      establishmentId: gerland.id,
      name: 'Chantier Part-Dieu',
      startDate: '2030-03-15',
      endDate: '2030-06-30',
      address: null,
      clientMutationId: expect.any(String),
    });
    const partDieu = {
      databaseId: 32,
      name: 'Chantier Part-Dieu',
      startDate: '2030-03-15',
      endDate: '2030-06-30',
      address: null,
    };
    await resolveOperation(view.environment, 'ChantierFormDialogCreateMutation', {
      AdminChantierPayload: {
        chantier: { ...partDieu, establishment: { ...gerland, chantiers: [confluence, partDieu] } },
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.entityAdded)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(view.section).getByRole('table')).toHaveTextContent('Chantier Part-Dieu');
    expect(
      screen.getByRole('button', { name: 'Chantiers (2) de Usine de Lyon Gerland' }),
    ).toBeInTheDocument();
  });

  it('edits a chantier by its number, telling when nothing changed', async () => {
    const view = await openChantiers();
    await view.user.click(
      within(view.section).getByRole('button', { name: 'Modifier le chantier Chantier Confluence' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Modifier le chantier « Chantier Confluence »',
    });
    expect(within(dialog).getByRole('textbox', { name: 'Date de début' })).toHaveValue('06/01/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText(messages.noChange)).toBeInTheDocument();

    await fillDate(view.user, within(dialog).getByRole('textbox', { name: 'Date de fin' }), '31/12/2030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const update = await findOperation(view.environment, 'ChantierFormDialogUpdateMutation');
    expect(update.request.variables.input).toEqual({
      chantierId: 31,
      name: 'Chantier Confluence',
      startDate: '2030-01-06',
      endDate: '2030-12-31',
      address: '5 quai Rambaud, 69002 Lyon',
    });
    await resolveOperation(view.environment, 'ChantierFormDialogUpdateMutation', {
      AdminChantierPayload: {
        chantier: {
          ...confluence,
          endDate: '2030-12-31',
          establishment: { ...gerland, chantiers: [{ ...confluence, endDate: '2030-12-31' }] },
        },
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.entityUpdated)).toBeInTheDocument();
    await waitFor(() => expect(within(view.section).getByRole('table')).toHaveTextContent('31/12/2030'));
  });
});
