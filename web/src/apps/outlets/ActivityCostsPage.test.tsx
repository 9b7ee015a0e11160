import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  establishment,
  establishmentConnection,
  establishmentNode,
  globalId,
  viewerResolvers,
} from '../../test/fixtures.ts';
import {
  findOperation,
  renderRoute,
  resolveOperation,
  resolveSession,
  screen,
} from '../../test/TestWrapper.tsx';

/**
 * Activity costs (`/activite/mes-couts-d-activite`): a line's prices copied to the same waste of other client
 * establishments become edits of those lines, validated with the rest.
 */

const depot = establishment(30, 'Recyclage Rhône', 'Dépôt de Vénissieux');
const cardboard = { id: globalId('ThirdLevelWaste', 2), label: 'Emballages en carton' };
const glass = { id: globalId('ThirdLevelWaste', 7), label: 'Verre' };
const client = (databaseId: number, name: string) => ({
  id: globalId('Establishment', databaseId),
  displayName: `Martin Industries > ${name}`,
});
const line = (clientSite: ReturnType<typeof client>, waste: typeof cardboard, transportCost: string) => ({
  clientEstablishment: clientSite,
  thirdLevelWaste: waste,
  validFrom: '2026-01-01',
  treatmentCost: '80.00',
  transportCost,
  recyclingRevenue: null,
  purchasePrice: null,
});
const gerland = client(12, 'Usine de Lyon Gerland');
const vaise = client(13, 'Atelier de Vaise');
const bron = client(14, 'Entrepôt de Bron');

async function openGrid() {
  const view = renderRoute('/activite/mes-couts-d-activite');
  await resolveSession(view.environment, {
    hasAcceptedCGU: true,
    ownSiteTypology: 'RETRIEVER',
    isRetriever: true,
  });
  const resolvers = viewerResolvers({ typologies: ['RETRIEVER'], establishments: [depot] });
  await resolveOperation(view.environment, 'DashboardLayoutQuery', resolvers);
  await resolveOperation(view.environment, 'ActivityCostsPageQuery', {
    User: {
      ...(resolvers.User as object),
      establishments: {
        ...establishmentConnection([depot]),
        edges: [
          {
            cursor: '30',
            node: establishmentNode(depot, {
              canManageOutlets: true,
              activityCostGrid: {
                date: '2026-11-26',
                lines: [
                  line(gerland, cardboard, '30.00'),
                  line(vaise, cardboard, '35.00'),
                  line(bron, glass, '40.00'),
                ],
              },
            }),
          },
        ],
      },
    },
  });
  return view;
}

describe('activity costs', () => {
  it("copies a line's prices to the same waste of the establishments chosen, as edits validated with the rest", async () => {
    const { user, environment } = await openGrid();
    const gerlandTransport = await screen.findByLabelText(
      'Coût de transport pour Martin Industries > Usine de Lyon Gerland, Emballages en carton',
    );
    await user.clear(gerlandTransport);
    await user.type(gerlandTransport, '42,5');
    expect(screen.getByText('1 ligne modifiée')).toBeInTheDocument();

    await user.click(
      screen.getByRole('button', {
        name: 'Copier les prix de Martin Industries > Usine de Lyon Gerland, Emballages en carton vers d’autres établissements',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: /Copier les prix de « Emballages en carton »/ });
    // Only the other establishments with the same waste: not the line's own, not another waste's.
    const choices = within(dialog).getAllByRole('checkbox');
    expect(choices).toHaveLength(1);
    const copy = within(dialog).getByRole('button', { name: 'Copier' });
    expect(copy).toBeDisabled();
    await user.click(within(dialog).getByText('Martin Industries > Atelier de Vaise'));
    await user.click(copy);

    expect(
      screen.getByLabelText(
        'Coût de transport pour Martin Industries > Atelier de Vaise, Emballages en carton',
      ),
    ).toHaveValue('42,5');
    expect(
      screen.getByLabelText('Coût de transport pour Martin Industries > Entrepôt de Bron, Verre'),
    ).toHaveValue('40');
    expect(screen.getByText('2 lignes modifiées')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Valider les modifications' }));
    const save = await findOperation(environment, 'ActivityCostsPageMutation');
    const { lines } = save.request.variables.input as {
      lines: { clientEstablishmentId: string; transportCost: string }[];
    };
    expect(lines).toHaveLength(2);
    // As typed, in French: the graph reads decimals with a comma as the forms do.
    expect(lines).toEqual([
      expect.objectContaining({ clientEstablishmentId: gerland.id, transportCost: '42,5' }),
      expect.objectContaining({ clientEstablishmentId: vaise.id, transportCost: '42,5' }),
    ]);
  });
});
