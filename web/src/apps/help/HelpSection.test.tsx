import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { globalId, viewerResolvers } from '../../test/fixtures.ts';
import { renderRoute, resolveOperation, resolveSession, screen } from '../../test/TestWrapper.tsx';
import { helpPageOfScreen } from './helpPaths.ts';

const page = (id: number, path: string, title: string) => ({
  id: globalId('HelpPage', id),
  path,
  title,
  summary: `À propos : ${title}`,
  position: id,
});
const PAGES = [
  page(1, 'guide', "Guide de l'utilisateur"),
  page(2, 'operations/demander', 'Demander une rotation'),
  page(3, 'tableau-de-bord', 'Lire le tableau de bord'),
];

async function openHelp(path: string) {
  const view = renderRoute(path);
  await resolveSession(view.environment, { hasAcceptedCGU: true });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', viewerResolvers());
  return view;
}

describe('help pages', () => {
  it('shows a page by its path with its sections, the guide as table of contents, and its neighbours', async () => {
    const { environment } = await openHelp('/aide/tableau-de-bord');
    await resolveOperation(environment, 'HelpSectionQuery', { Query: { helpPages: PAGES } });
    await resolveOperation(environment, 'HelpArticleQuery', {
      Query: {
        helpPages: PAGES,
        helpPage: {
          ...PAGES[2],
          content:
            '## Le taux de valorisation\n\nVoir [les demandes](/aide/operations/demander).\n\n## Les émissions de CO2\n\n| Flux | Émis |\n| --- | ---: |\n| Verre | 639 |',
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Lire le tableau de bord' })).toBeVisible();
    const topics = screen.getByRole('navigation', { name: "Rubriques d'aide" });
    expect(
      within(topics)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(PAGES.map((item) => item.title));
    expect(within(topics).getByRole('link', { name: 'Lire le tableau de bord' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const sections = screen.getByRole('navigation', { name: 'Sur cette page' });
    expect(within(sections).getByRole('link', { name: 'Les émissions de CO2' })).toHaveAttribute(
      'href',
      '#les-emissions-de-co2',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Les émissions de CO2' })).toHaveAttribute(
      'id',
      'les-emissions-de-co2',
    );
    expect(screen.getByRole('link', { name: 'les demandes' })).toHaveAttribute(
      'href',
      '/aide/operations/demander',
    );
    expect(screen.getByRole('cell', { name: '639' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Demander une rotation' })).toHaveAttribute(
      'href',
      '/aide/operations/demander',
    );
  });

  it('searches across the pages from the URL, and says when nothing matches', async () => {
    const { environment, user, router } = await openHelp('/aide');
    await resolveOperation(environment, 'HelpSectionQuery', { Query: { helpPages: PAGES } });
    await user.type(await screen.findByLabelText("Rechercher dans l'aide"), 'rotation');
    await user.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(router.state.location.search).toBe('?recherche=rotation');
    const search = await resolveOperation(environment, 'HelpSectionQuery', {
      Query: { helpPages: PAGES, results: [] },
    });
    expect(search.request.variables).toEqual({ search: 'rotation', searching: true });
    expect(await screen.findByText('Aucune page ne contient « rotation »')).toBeVisible();
  });

  it('gives each built screen the page of the guide that explains it', () => {
    expect(helpPageOfScreen('/')).toBe('tableau-de-bord');
    expect(helpPageOfScreen('/operations/historique')).toBe('operations/demander');
    expect(helpPageOfScreen('/operations/12')).toBe('operations/completer');
    expect(helpPageOfScreen('/mes-enlevements-dangereux')).toBe('trackdechets');
    expect(helpPageOfScreen('/mes-enlevements/operations-a-valider')).toBe('operations/completer');
    expect(helpPageOfScreen('/aide/guide')).toBeNull();
  });
});
