import { messages } from '@portal/domain/messages';
import { parisDate } from '@portal/domain/recurrence';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { connectionOf, signInAsAdmin } from '../../test/adminFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminLinksPage.tsx');
});

function link(databaseId: number, fields: Record<string, unknown> = {}) {
  return {
    id: globalId('AdminSiteLink', databaseId),
    databaseId,
    producerEstablishmentName: 'Martin Industries > Usine de Lyon Gerland',
    retrieverEstablishmentName: 'Recyclage du Rhône > Centre de tri de Vénissieux',
    startDate: '2030-01-01',
    endDate: null,
    inForce: true,
    ...fields,
  };
}

const site = (databaseId: number, name: string, companyName: string) => ({
  id: globalId('AdminEstablishment', databaseId),
  databaseId,
  name,
  companyName,
  city: 'Lyon',
});

async function openLinks(path = '/admin/liens') {
  const view = await signInAsAdmin(path);
  const query = await resolveOperation(view.environment, 'AdminLinksPageQuery', {
    Query: {
      admin: {
        siteLinks: connectionOf([
          link(1),
          link(2, { startDate: '2020-01-01', endDate: '2020-12-31', inForce: false }),
        ]),
      },
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Liens producteurs – prestataires' });
  return { ...view, query };
}

/** Opens a picker of the dialog, answers its search with those sites, and picks the first. */
async function pick(
  view: { user: Awaited<ReturnType<typeof openLinks>>['user']; environment: MockEnvironment },
  dialog: HTMLElement,
  name: string,
  sites: readonly object[],
) {
  await view.user.click(within(dialog).getByRole('combobox', { name }));
  const search = await resolveOperation(view.environment, 'AdminComboboxQuery', {
    Query: { admin: { establishments: connectionOf(sites), carriers: connectionOf([]) } },
  });
  await view.user.click(within(await screen.findByRole('listbox')).getAllByRole('option')[0] as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return search;
}

describe('the links between producers and providers', () => {
  it('lists the links with their dates and whether they are in force, filtered from the URL', async () => {
    const view = await openLinks('/admin/liens?vigueur=oui');
    expect(view.query.request.variables).toEqual({ search: null, inForce: true });
    expect(screen.getByRole('combobox', { name: 'En vigueur' })).toHaveDisplayValue('En vigueur');
    const table = screen.getByRole('table', { name: '2 liens' });
    const [current, ended] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(current).toHaveTextContent('Martin Industries > Usine de Lyon Gerland');
    expect(current).toHaveTextContent('01/01/2030');
    expect(within(current).getByText('En vigueur')).toBeInTheDocument();
    expect(ended).toHaveTextContent('Terminé');
    expect(within(ended).queryByRole('button', { name: /Mettre fin/ })).not.toBeInTheDocument();
  });

  it('creates a link between an establishment of each side, from today by default', async () => {
    const view = await openLinks();
    await view.user.click(screen.getByRole('button', { name: 'Nouveau lien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lien' });
    const today = parisDate(new Date());
    const [year, month, day] = today.split('-');
    expect(within(dialog).getByRole('textbox', { name: 'Date de début' })).toHaveValue(
      `${day}/${month}/${year}`,
    );

    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    await waitFor(() => expect(within(dialog).getAllByText(messages.required)).toHaveLength(2));
    expect(pendingOperationNames(view.environment)).not.toContain('SiteLinkDialogCreateMutation');

    const producers = await pick(view, dialog, 'Établissement du producteur', [
      site(21, 'Usine de Saint-Priest', 'Martin Industries'),
    ]);
    expect(producers.request.variables).toMatchObject({
      companies: false,
      typology: 'PRODUCER',
      carriers: false,
    });
    const providers = await pick(view, dialog, 'Établissement du prestataire', [
      site(40, 'Centre de tri de Vénissieux', 'Recyclage du Rhône'),
    ]);
    expect(providers.request.variables).toMatchObject({
      companies: false,
      typology: 'RETRIEVER',
      carriers: true,
    });

    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    const create = await findOperation(view.environment, 'SiteLinkDialogCreateMutation');
    expect(create.request.variables.input).toMatchObject({
      producerEstablishmentId: globalId('AdminEstablishment', 21),
      retrieverEstablishmentId: globalId('AdminEstablishment', 40),
      startDate: today,
      endDate: null,
    });
    await resolveOperation(view.environment, 'SiteLinkDialogCreateMutation', {
      AdminSiteLinkPayload: {
        link: link(3, {
          producerEstablishmentName: 'Martin Industries > Usine de Saint-Priest',
          startDate: today,
        }),
        userErrors: [],
      },
    });
    expect(await screen.findByText('Le lien a bien été créé.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '3 liens' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Martin Industries > Usine de Saint-Priest',
    );
  });

  it('shows a link the api refuses under the provider', async () => {
    const view = await openLinks();
    await view.user.click(screen.getByRole('button', { name: 'Nouveau lien' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau lien' });
    await pick(view, dialog, 'Établissement du producteur', [
      site(21, 'Usine de Lyon Gerland', 'Martin Industries'),
    ]);
    await pick(view, dialog, 'Établissement du prestataire', [
      site(40, 'Centre de tri', 'Recyclage du Rhône'),
    ]);
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le lien' }));
    await resolveOperation(view.environment, 'SiteLinkDialogCreateMutation', {
      AdminSiteLinkPayload: {
        link: null,
        userErrors: [
          { field: ['input', 'retrieverEstablishmentId'], message: messages.adminLinkExists, code: null },
        ],
      },
    });
    expect(await within(dialog).findByText(messages.adminLinkExists)).toBeInTheDocument();
  });

  it('removes a link after a confirmation', async () => {
    const view = await openLinks();
    const table = screen.getByRole('table', { name: '2 liens' });
    const [first] = within(table).getAllByRole('row').slice(1) as [HTMLElement];
    await view.user.click(within(first).getByRole('button', { name: /^Supprimer le lien/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Supprimer ce lien ?' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Supprimer' }));
    const remove = await findOperation(view.environment, 'AdminLinksPageDeleteMutation');
    expect(remove.request.variables.input).toEqual({ id: globalId('AdminSiteLink', 1) });
    await resolveOperation(view.environment, 'AdminLinksPageDeleteMutation', {
      AdminDeleteSiteLinkPayload: { deletedId: globalId('AdminSiteLink', 1), userErrors: [] },
    });
    expect(await screen.findByText('Le lien a été supprimé.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: '1 lien' })).toBeInTheDocument());
  });

  it('ends a link on the day chosen', async () => {
    const view = await openLinks();
    const [first] = within(screen.getByRole('table', { name: '2 liens' }))
      .getAllByRole('row')
      .slice(1) as [HTMLElement];
    await view.user.click(within(first).getByRole('button', { name: /^Mettre fin au lien/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Mettre fin au lien/ });
    const date = within(dialog).getByRole('textbox', { name: 'Date de fin' });
    await view.user.clear(date);
    await view.user.type(date, '30062030');
    await view.user.click(within(dialog).getByRole('button', { name: 'Mettre fin' }));
    const end = await findOperation(view.environment, 'AdminLinksPageEndMutation');
    expect(end.request.variables.input).toEqual({ id: globalId('AdminSiteLink', 1), endDate: '2030-06-30' });
    await resolveOperation(view.environment, 'AdminLinksPageEndMutation', {
      AdminSiteLinkPayload: { link: link(1, { endDate: '2030-06-30' }), userErrors: [] },
    });
    await waitFor(() => expect(first).toHaveTextContent('30/06/2030'));
  });
});
