import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectionOf, signInAsAdmin } from '../../test/adminFixtures.ts';
import { findOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';
import { auditDiff, readableValue } from './auditDiff.ts';

beforeAll(async () => {
  await import('./AdminAuditPage.tsx');
});

const userUpdate = {
  databaseId: 90,
  at: '2030-03-01T10:00:00Z',
  actorEmail: 'admin@demo.fr',
  action: 'USER_UPDATE',
  actionLabel: 'Utilisateur modifié',
  targetType: 'USER',
  targetDatabaseId: 7,
  targetLabel: 'claire.martin@martin-industries.fr',
  before: JSON.stringify({
    email: 'claire.martin@martin-industries.fr',
    firstname: 'Claire',
    phone: null,
    typologies: ['producer'],
    companies: [12],
    active: true,
  }),
  after: JSON.stringify({
    email: 'claire.martin@martin-industries.fr',
    firstname: 'Clara',
    phone: '0472000000',
    typologies: ['producer', 'carrier'],
    companies: [12],
    active: false,
  }),
};

const companyCreate = {
  databaseId: 89,
  at: '2030-02-28T08:00:00Z',
  actorEmail: 'admin@demo.fr',
  action: 'COMPANY_CREATE',
  actionLabel: 'Société créée',
  targetType: 'COMPANY',
  targetDatabaseId: 12,
  targetLabel: 'Martin Industries',
  before: null,
  after: JSON.stringify({ name: 'Martin Industries', siret: '73282932000074' }),
};

async function openJournal(path = '/admin/journal') {
  const view = await signInAsAdmin(path);
  const query = await resolveOperation(view.environment, 'AdminAuditPageQuery', {
    Query: { admin: { auditEntries: connectionOf([userUpdate, companyCreate]) } },
  });
  await screen.findByRole('heading', { level: 1, name: 'Journal des modifications' });
  return { ...view, query };
}

describe('the audit trail', () => {
  it('reads its filters from the URL and lists the changes, newest first', async () => {
    const view = await openJournal('/admin/journal?type=USER&action=USER_UPDATE&du=2030-03-01&au=2030-03-31');
    expect(view.query.request.variables).toEqual({
      search: null,
      targetType: 'USER',
      actions: ['USER_UPDATE'],
      from: '2030-03-01',
      to: '2030-03-31',
    });
    const filters = screen.getByRole('search', { name: 'Filtres du journal' });
    expect(within(filters).getByRole('combobox', { name: "Type d'élément" })).toHaveDisplayValue(
      'Utilisateur',
    );
    expect(within(filters).getByRole('combobox', { name: 'Action' })).toHaveDisplayValue(
      'Utilisateur modifié',
    );
    const table = screen.getByRole('table', { name: '2 modifications' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('1 mars 2030 à 11:00');
    expect(first).toHaveTextContent('admin@demo.fr');
    expect(within(first).getByRole('link', { name: 'claire.martin@martin-industries.fr' })).toHaveAttribute(
      'href',
      '/admin/utilisateurs/7',
    );
    expect(second).toHaveTextContent('Société');
  });

  it('loads the trail again for an action chosen', async () => {
    const view = await openJournal();
    await view.user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'Société créée');
    await waitFor(() => expect(view.router.state.location.search).toBe('?action=COMPANY_CREATE'));
    const reloaded = await findOperation(view.environment, 'AdminAuditPageQuery');
    expect(reloaded.request.variables).toMatchObject({ actions: ['COMPANY_CREATE'], targetType: null });
  });

  it('opens an entry on the fields it changed, before and after', async () => {
    const view = await openJournal();
    const show = screen.getByRole('button', {
      name: 'Voir le détail : Utilisateur modifié, claire.martin@martin-industries.fr',
    });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await view.user.click(show);
    expect(show).toHaveAttribute('aria-expanded', 'true');
    const diff = await screen.findByLabelText(
      'Champs modifiés : Utilisateur modifié, claire.martin@martin-industries.fr',
    );
    const fields = within(diff)
      .getAllByRole('term')
      .map((term) => term.textContent);
    // Only what changed: the e-mail and the companies stayed.
    expect(fields).toEqual(['Prénom', 'Téléphone', 'Typologies', 'Actif']);
    expect(diff).toHaveTextContent('PrénomAvant : ClaireAprès : Clara');
    expect(diff).toHaveTextContent('TéléphoneAvant : —Après : 0472000000');
    expect(diff).toHaveTextContent('TypologiesAvant : ProducteurAprès : Producteur, Transporteur');
    expect(diff).toHaveTextContent('ActifAvant : OuiAprès : Non');

    await view.user.click(show);
    expect(screen.queryByLabelText(/^Champs modifiés/)).not.toBeInTheDocument();
  });

  it('shows every field of a creation, with nothing before', async () => {
    const view = await openJournal();
    await view.user.click(
      screen.getByRole('button', { name: 'Voir le détail : Société créée, Martin Industries' }),
    );
    const diff = await screen.findByLabelText('Champs modifiés : Société créée, Martin Industries');
    expect(diff).toHaveTextContent('Raison socialeMartin IndustriesSIRET73282932000074');
    expect(diff).not.toHaveTextContent('Avant');
  });
});

describe('the diff of an audit entry', () => {
  it('reads values as a French reader does', () => {
    expect(readableValue('startDate', '2030-03-05')).toBe('05/03/2030');
    expect(readableValue('companySites', [3, 4])).toBe('n° 3, n° 4');
    expect(readableValue('typologies', ['retriever'])).toBe('Prestataire de collecte');
    expect(readableValue('address', '')).toBe('—');
  });

  it('lists a removal’s fields as they were', () => {
    const rows = auditDiff('LINK', JSON.stringify({ startDate: '2030-01-01', endDate: null }), null);
    expect(rows).toEqual([
      { field: 'startDate', label: 'Date de début', before: '01/01/2030', after: '—' },
      { field: 'endDate', label: 'Date de fin', before: '—', after: '—' },
    ]);
  });

  it('names an import’s summary, and leaves unknown fields by their name', () => {
    const rows = auditDiff(
      'COMPANY',
      null,
      JSON.stringify({ fileName: 'sites.csv', skipped: [3], extra: 'x' }),
    );
    expect(rows.map((row) => [row.label, row.after])).toEqual([
      ['Fichier', 'sites.csv'],
      ['Lignes ignorées', 'n° 3'],
      ['extra', 'x'],
    ]);
  });
});
