import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { signInAsAdmin } from '../../test/adminFixtures.ts';
import { signIn } from '../../test/operationFixtures.ts';
import { findOperation, pendingOperationNames, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminReferencesPage.tsx');
  await import('./DocumentCategoriesTab.tsx');
});

const category = (databaseId: number, code: string, label: string, position: number) => ({
  id: globalId('DocumentCategory', databaseId),
  databaseId,
  code,
  label,
  position,
});
const invoice = category(5, 'INVOICE', 'Facture', 5);
const bsd = category(1, 'BSD', 'Bordereau de suivi de déchets (BSD)', 1);

async function openCategories() {
  const view = await signInAsAdmin('/admin/references');
  await resolveOperation(view.environment, 'DocumentCategoriesTabQuery', {
    Query: { documentCategories: [invoice, bsd] },
  });
  await screen.findByRole('heading', { level: 1, name: 'Contenus de référence' });
  const table = await screen.findByRole('table', { name: '2 catégories' });
  return { ...view, table };
}

describe('the reference contents', () => {
  it('are the page not found for a customer, without asking for their lists', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = await signIn({ path: '/admin/references' });
    expect(await screen.findByText(messages.notFound)).toBeInTheDocument();
    expect(pendingOperationNames(view.environment)).not.toContain('DocumentCategoriesTabQuery');
    expect(screen.queryByRole('link', { name: 'Contenus de référence' })).not.toBeInTheDocument();
  });

  it('offer their three lists as tabs', async () => {
    await openCategories();
    const tabs = screen.getByRole('navigation', { name: 'Listes de référence' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Catégories de documents', '/admin/references'],
      ['Types de contenants', '/admin/references/contenants'],
      ["Pages d'aide", '/admin/references/aide'],
    ]);
  });
});

describe('the document categories', () => {
  it('are listed in the order of their position', async () => {
    const { table } = await openCategories();
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Bordereau de suivi de déchets (BSD)');
    expect(second).toHaveTextContent('FactureINVOICE5');
  });

  it('creates a category, placed last unless said, and shows it in the list', async () => {
    const view = await openCategories();
    await view.user.click(screen.getByRole('button', { name: 'Nouvelle catégorie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvelle catégorie' });
    expect(within(dialog).getByRole('textbox', { name: 'Position' })).toHaveValue('6');
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    await view.user.type(code, 'plan');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la catégorie' }));
    expect(await within(dialog).findByText(messages.adminReferenceCodeFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.required)).toBeInTheDocument();

    await view.user.clear(code);
    await view.user.type(code, 'PREVENTION_PLAN');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Libellé' }), 'Plan de prévention');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la catégorie' }));
    const save = await findOperation(view.environment, 'DocumentCategoryDialogMutation');
    expect(save.request.variables.input).toEqual({
      code: 'PREVENTION_PLAN',
      label: 'Plan de prévention',
      position: 6,
      clientMutationId: expect.any(String),
    });
    await resolveOperation(view.environment, 'DocumentCategoryDialogMutation', {
      AdminDocumentCategoryPayload: {
        category: category(11, 'PREVENTION_PLAN', 'Plan de prévention', 6),
        userErrors: [],
      },
    });
    expect(await screen.findByText('La catégorie a bien été créée.')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '3 catégories' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Plan de prévention');
  });

  it('edits a category’s label and position, never its code', async () => {
    const view = await openCategories();
    await view.user.click(screen.getByRole('button', { name: 'Modifier la catégorie Facture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la catégorie « Facture »' });
    const code = within(dialog).getByRole('textbox', { name: 'Code' });
    expect(code).toHaveValue('INVOICE');
    expect(code).toHaveAttribute('readonly');
    expect(code).toHaveAccessibleDescription('Le code ne change plus une fois créé.');

    const label = within(dialog).getByRole('textbox', { name: 'Libellé' });
    await view.user.clear(label);
    await view.user.type(label, 'Facture du prestataire');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const save = await findOperation(view.environment, 'DocumentCategoryDialogMutation');
    expect(save.request.variables.input).toEqual({
      id: invoice.id,
      label: 'Facture du prestataire',
      position: 5,
    });
    await resolveOperation(view.environment, 'DocumentCategoryDialogMutation', {
      AdminDocumentCategoryPayload: {
        category: { ...invoice, label: 'Facture du prestataire' },
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminSaved)).toBeInTheDocument();
    await waitFor(() => expect(view.table).toHaveTextContent('Facture du prestataire'));
    expect(within(view.table).getAllByRole('row')).toHaveLength(3);
  });
});
