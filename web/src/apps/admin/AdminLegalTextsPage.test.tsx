import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { signInAsAdmin } from '../../test/adminFixtures.ts';
import { findOperation, pendingOperationNames, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminLegalTextsPage.tsx');
});

const version = (code: string, number: number, title: string, content: string) => ({
  id: globalId('LegalText', number + (code === 'CGU' ? 0 : 100)),
  code,
  version: number,
  title,
  content,
  publishedAt: `2030-0${number}-01T08:00:00Z`,
});

async function openTexts() {
  const view = await signInAsAdmin('/admin/textes');
  await resolveOperation(view.environment, 'AdminLegalTextsPageQuery', {
    Query: {
      admin: {
        terms: [
          version('CGU', 2, 'Conditions 2030', '## Objet\n\nLe portail suit vos déchets.'),
          version('CGU', 1, 'Conditions 2029', 'Première version.'),
        ],
        notice: [],
      },
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Textes légaux' });
  return view;
}

describe('the legal texts', () => {
  it('shows each text’s version in force and the earlier ones', async () => {
    const view = await openTexts();
    const terms = screen.getByRole('region', { name: "Conditions générales d'utilisation" });
    expect(terms).toHaveTextContent('En vigueur : version 2 du 1 février 2030, « Conditions 2030 »');
    const rows = within(within(terms).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    await view.user.click(within(terms).getByRole('button', { name: 'Lire la version 1' }));
    expect(await within(terms).findByText('Première version.')).toBeInTheDocument();
    const notice = screen.getByRole('region', { name: 'Mentions légales' });
    expect(within(notice).getByText('Aucune version publiée.')).toBeInTheDocument();
  });

  it('publishes a new version of the terms with a live preview, after saying every user accepts them again', async () => {
    const view = await openTexts();
    const terms = screen.getByRole('region', { name: "Conditions générales d'utilisation" });
    await view.user.click(within(terms).getByRole('button', { name: 'Publier une nouvelle version' }));
    const dialog = await screen.findByRole('dialog', {
      name: "Conditions générales d'utilisation : version 3",
    });
    const content = within(dialog).getByRole('textbox', { name: 'Contenu' });
    expect(content).toHaveValue('## Objet\n\nLe portail suit vos déchets.');
    await view.user.clear(content);
    await view.user.type(content, '## Nouvel article');
    const preview = within(dialog).getByRole('region', { name: 'Aperçu' });
    await waitFor(() =>
      expect(within(preview).getByRole('heading', { name: 'Nouvel article' })).toBeInTheDocument(),
    );

    await view.user.click(within(dialog).getByRole('button', { name: 'Publier' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: "Publier la version 3 : Conditions générales d'utilisation ?",
    });
    expect(confirm).toHaveTextContent('Chaque utilisateur devra accepter à nouveau');
    expect(pendingOperationNames(view.environment)).not.toContain('LegalTextPublishDialogMutation');
    await view.user.click(within(confirm).getByRole('button', { name: 'Publier' }));
    const publish = await findOperation(view.environment, 'LegalTextPublishDialogMutation');
    expect(publish.request.variables.input).toEqual({
      code: 'CGU',
      title: 'Conditions 2030',
      content: '## Nouvel article',
    });
    await resolveOperation(view.environment, 'LegalTextPublishDialogMutation', {
      AdminPublishLegalTextPayload: {
        legalText: version('CGU', 3, 'Conditions 2030', '## Nouvel article'),
        userErrors: [],
      },
    });
    expect(await screen.findByText(messages.adminTermsPublished)).toBeInTheDocument();
    await findOperation(view.environment, 'AdminLegalTextsPageQuery');
  });
});
