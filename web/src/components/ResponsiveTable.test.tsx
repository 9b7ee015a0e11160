import { Table } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/TestWrapper.tsx';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable.tsx';

const columns: TableColumn[] = [
  { label: 'Opération' },
  { label: 'Statut' },
  { label: 'Tonnes', numeric: true },
  { label: 'Modifier', actions: true, hideLabel: true },
];

function renderTable() {
  return renderRoutes([
    {
      path: '/',
      element: (
        <>
          <h2 id="heading">Historique</h2>
          <ResponsiveTable labelledBy="heading" columns={columns}>
            <Table.Row>
              <Table.Cell>Rotation n° 1</Table.Cell>
              <Table.Cell>Réalisée</Table.Cell>
              <Table.Cell>1,5 t</Table.Cell>
              <Table.Cell>
                <button type="button">Modifier</button>
              </Table.Cell>
            </Table.Row>
          </ResponsiveTable>
        </>
      ),
    },
  ]);
}

describe('ResponsiveTable', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names the table and gives each column its header, a hidden one for screen readers only', async () => {
    renderTable();
    const table = await screen.findByRole('table', { name: 'Historique' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Opération',
      'Statut',
      'Tonnes',
      'Modifier',
    ]);
    expect(within(table).getByRole('row', { name: /Rotation n° 1 Réalisée 1,5 t/ })).toBeInTheDocument();
  });

  it('adds no keyboard stop while the table fits its area', async () => {
    renderTable();
    const table = await screen.findByRole('table', { name: 'Historique' });
    expect(table.parentElement).not.toHaveAttribute('tabindex');
    expect(screen.queryByRole('group', { name: 'Historique' })).not.toBeInTheDocument();
  });

  it('lets keyboard users scroll a table wider than its area: focusable and named like the table', async () => {
    // jsdom lays nothing out: the area reports a table wider than itself.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(900);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    renderTable();
    const area = await screen.findByRole('group', { name: 'Historique' });
    expect(area).toHaveAttribute('tabindex', '0');
    expect(within(area).getByRole('table', { name: 'Historique' })).toBeInTheDocument();
  });
});
