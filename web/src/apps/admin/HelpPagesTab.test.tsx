import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { signInAsAdmin } from '../../test/adminFixtures.ts';
import { findOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminReferencesPage.tsx');
  await import('./HelpPagesTab.tsx');
});

const page = (databaseId: number, path: string, title: string, position: number) => ({
  id: globalId('HelpPage', databaseId),
  path,
  title,
  summary: `À propos : ${title}.`,
  content: `## ${title}\n\nLe texte de la page.`,
  position,
  updatedAt: '2030-02-01T08:00:00Z',
});
const guide = page(1, 'guide', "Guide de l'utilisateur", 1);
const documents = page(9, 'documents', 'Les documents', 9);

async function openHelpPages() {
  const view = await signInAsAdmin('/admin/references/aide');
  await resolveOperation(view.environment, 'HelpPagesTabQuery', { Query: { helpPages: [documents, guide] } });
  const table = await screen.findByRole('table', { name: '2 pages' });
  return { ...view, table };
}

describe('the help pages', () => {
  it('are listed in the guide’s order, each leading to itself, saying edits outlive a restart', async () => {
    const { table } = await openHelpPages();
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: "Guide de l'utilisateur" })).toHaveAttribute(
      'href',
      '/aide/guide',
    );
    expect(first).toHaveTextContent("À propos : Guide de l'utilisateur.");
    expect(second).toHaveTextContent('/aide/documents');
    expect(second).toHaveTextContent('1 février 2030');
    expect(
      screen.getByText(
        'Une page modifiée ici garde son texte quand le portail redémarre : la version du dépôt ne la remplace plus.',
      ),
    ).toBeInTheDocument();
  });

  it('edits a page’s Markdown beside its preview, never its address', async () => {
    const view = await openHelpPages();
    await view.user.click(screen.getByRole('button', { name: 'Modifier la page Les documents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifier la page « Les documents »' });
    const path = within(dialog).getByRole('textbox', { name: 'Adresse' });
    expect(path).toHaveValue('documents');
    expect(path).toHaveAttribute('readonly');
    const preview = within(dialog).getByRole('region', { name: 'Aperçu' });
    expect(within(preview).getByRole('heading', { name: 'Les documents' })).toBeInTheDocument();

    const content = within(dialog).getByRole('textbox', { name: 'Contenu' });
    await view.user.clear(content);
    await view.user.type(content, '## Déposer un document\n\nChoisissez sa **catégorie**.');
    await waitFor(() =>
      expect(within(preview).getByRole('heading', { name: 'Déposer un document' })).toBeInTheDocument(),
    );
    expect(within(preview).getByText('catégorie').tagName).toBe('STRONG');

    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const save = await findOperation(view.environment, 'HelpPageDialogMutation');
    expect(save.request.variables.input).toEqual({
      id: documents.id,
      title: 'Les documents',
      summary: 'À propos : Les documents.',
      content: '## Déposer un document\n\nChoisissez sa **catégorie**.',
    });
    await resolveOperation(view.environment, 'HelpPageDialogMutation', {
      AdminHelpPagePayload: {
        page: { ...documents, content: '## Déposer un document', updatedAt: '2030-03-04T08:00:00Z' },
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminSaved)).toBeInTheDocument();
    await waitFor(() => expect(view.table).toHaveTextContent('4 mars 2030'));
  });

  it('creates a page at the end of the guide, its address refused in the domain’s words until it is one', async () => {
    const view = await openHelpPages();
    await view.user.click(screen.getByRole('button', { name: "Nouvelle page d'aide" }));
    const dialog = await screen.findByRole('dialog', { name: "Nouvelle page d'aide" });
    const path = within(dialog).getByRole('textbox', { name: 'Adresse' });
    await view.user.type(path, 'Tri Sélectif');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Titre' }), 'Le tri sélectif');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Résumé' }), 'Les consignes de tri.');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Contenu' }), 'Triez vos déchets.');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la page' }));
    expect(await within(dialog).findByText(messages.adminHelpPathFormat)).toBeInTheDocument();

    await view.user.clear(path);
    await view.user.type(path, 'premiers-pas/tri-selectif');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer la page' }));
    const save = await findOperation(view.environment, 'HelpPageDialogMutation');
    expect(save.request.variables.input).toEqual({
      path: 'premiers-pas/tri-selectif',
      title: 'Le tri sélectif',
      summary: 'Les consignes de tri.',
      content: 'Triez vos déchets.',
      clientMutationId: expect.any(String),
    });
    await resolveOperation(view.environment, 'HelpPageDialogMutation', {
      AdminHelpPagePayload: {
        page: page(15, 'premiers-pas/tri-selectif', 'Le tri sélectif', 15),
        userErrors: [],
      },
    });
    expect(await screen.findByText("La page d'aide a bien été créée.")).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '3 pages' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('/aide/premiers-pas/tri-selectif');
  });
});
