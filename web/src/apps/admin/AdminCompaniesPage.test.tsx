import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCompany, connectionOf, signInAsAdmin } from '../../test/adminFixtures.ts';
import { signIn } from '../../test/operationFixtures.ts';
import {
  findOperation,
  type MockEnvironment,
  pendingOperationNames,
  resolveOperation,
  screen,
} from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminCompaniesPage.tsx');
  await import('./AdminCompanyPage.tsx');
});

const martin = adminCompany(12, 'Martin Industries');
const rhone = adminCompany(40, 'Recyclage du Rhône', {
  siret: '12345678901234',
  siretWarning: true,
  active: false,
  establishmentCount: 1,
  userCount: 0,
});

async function resolveCompanies(environment: MockEnvironment, companies: readonly object[]) {
  return resolveOperation(environment, 'AdminCompaniesPageQuery', {
    Query: { admin: { companies: connectionOf(companies) } },
  });
}

async function openCompanies(path = '/admin', companies: readonly object[] = [martin, rhone]) {
  const view = await signInAsAdmin(path);
  const query = await resolveCompanies(view.environment, companies);
  await screen.findByRole('heading', { level: 1, name: 'Sociétés' });
  return { ...view, query };
}

describe('who reaches the back office', () => {
  it('gives a customer the page not found on /admin, without asking for its data', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const path of ['/admin', '/admin/utilisateurs/7', '/admin/journal']) {
      const view = await signIn({ path });
      expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
      expect(pendingOperationNames(view.environment).filter((name) => name.startsWith('Admin'))).toEqual([]);
      expect(screen.queryByRole('link', { name: 'Sociétés' })).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('sends an administrator from the home to the back office, whose menu is all it sees with help', async () => {
    const view = await signInAsAdmin('/');
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin'));
    await resolveCompanies(view.environment, [martin]);
    await screen.findByRole('heading', { level: 1, name: 'Sociétés' });
    const menu = screen.getAllByRole('navigation', { name: 'Navigation principale' })[0] as HTMLElement;
    const group = await within(menu).findByRole('list', { name: 'Administration' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Sociétés',
      'Utilisateurs',
      'Liens producteurs – prestataires',
      'Textes légaux',
      'Contenus de référence',
      'Journal des modifications',
    ]);
    expect(within(menu).queryByRole('link', { name: 'Tableau de bord' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Aide' })).toBeInTheDocument();
    // No establishment to select: no selection bar.
    expect(screen.queryByRole('combobox', { name: 'Établissement' })).not.toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('DashboardHomePageQuery');
  });
});

describe('the companies', () => {
  it('lists the companies with their SIRET, state and counts, each leading to its page', async () => {
    const view = await openCompanies();
    expect(view.query.request.variables).toEqual({ search: null });
    const table = screen.getByRole('table', { name: '2 sociétés' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Raison sociale', 'SIRET', 'État', 'Établissements', 'Utilisateurs']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Martin Industries' })).toHaveAttribute(
      'href',
      '/admin/societes/12',
    );
    expect(first).toHaveTextContent('Active');
    expect(second).toHaveTextContent('12345678901234');
    expect(second).toHaveTextContent('Clé de contrôle à vérifier');
    expect(second).toHaveTextContent('Désactivée');
  });

  it('searches the companies, the search going into the URL', async () => {
    const view = await openCompanies();
    await view.user.type(screen.getByRole('searchbox', { name: 'Rechercher une société' }), 'rhône');
    await waitFor(() => expect(view.router.state.location.search).toBe('?q=rh%C3%B4ne'));
    const searched = await resolveCompanies(view.environment, [rhone]);
    expect(searched.request.variables).toEqual({ search: 'rhône' });
    await waitFor(() => expect(screen.getByRole('table', { name: '1 société' })).toBeInTheDocument());
  });

  it('says when there is none', async () => {
    await openCompanies('/admin', []);
    expect(screen.getByText(/Aucune société pour l'instant/)).toBeInTheDocument();
  });

  it('creates a company, warning of a SIRET whose check digit fails without refusing it, then opens it', async () => {
    const view = await openCompanies();
    await view.user.click(screen.getByRole('button', { name: 'Nouvelle société' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle société' });
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la société' }));
    expect(await within(dialog).findByText(messages.required)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('CompanyFormDialogCreateMutation');

    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Raison sociale' }),
      'Transports Durand',
    );
    await view.user.type(within(dialog).getByRole('textbox', { name: 'SIRET' }), '12345678901234');
    expect(within(dialog).getByText(messages.siretLuhnWarning)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la société' }));
    const create = await findOperation(view.environment, 'CompanyFormDialogCreateMutation');
    expect(create.request.variables.input).toMatchObject({
      name: 'Transports Durand',
      siret: '12345678901234',
    });
    await resolveOperation(view.environment, 'CompanyFormDialogCreateMutation', {
      AdminCompanyPayload: { company: adminCompany(77, 'Transports Durand'), userErrors: [] },
    });
    expect(await screen.findByText(messages.adminCompanyCreated)).toBeInTheDocument();
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/admin/societes/77'));
    const page = await findOperation(view.environment, 'AdminCompanyPageQuery');
    expect(page.request.variables).toEqual({ databaseId: 77, companyId: btoa('AdminCompany:77') });
  });

  it('shows what the api refuses under its field', async () => {
    const view = await openCompanies();
    await view.user.click(screen.getByRole('button', { name: 'Nouvelle société' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle société' });
    await view.user.type(
      within(dialog).getByRole('textbox', { name: 'Raison sociale' }),
      'Martin Industries',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la société' }));
    await resolveOperation(view.environment, 'CompanyFormDialogCreateMutation', {
      AdminCompanyPayload: {
        company: null,
        userErrors: [{ field: ['input', 'name'], message: 'Une société porte déjà ce nom', code: null }],
      },
    });
    const name = within(dialog).getByRole('textbox', { name: 'Raison sociale' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Une société porte déjà ce nom'));
    expect(view.router.state.location.pathname).toBe('/admin');
  });
});
