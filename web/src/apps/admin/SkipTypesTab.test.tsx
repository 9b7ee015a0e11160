import { messages } from '@portal/domain/messages';
import { waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { signInAsAdmin } from '../../test/adminFixtures.ts';
import { findOperation, resolveOperation, screen } from '../../test/TestWrapper.tsx';

beforeAll(async () => {
  await import('./AdminReferencesPage.tsx');
  await import('./SkipTypesTab.tsx');
});

const skipType = (
  databaseId: number,
  code: string,
  label: string,
  category: string,
  volume: string,
  unit: string,
) => ({
  id: globalId('SkipType', databaseId),
  databaseId,
  code,
  label,
  category,
  volume,
  unit,
});
const benne = skipType(6, 'BENNE_7', 'Benne 7 m³', 'Benne', '7.000', 'm3');
const bac240 = skipType(2, 'BAC_240', 'Bac roulant 240 L', 'Bac roulant', '240.000', 'L');
const bac120 = skipType(1, 'BAC_120', 'Bac roulant 120 L', 'Bac roulant', '120.000', 'L');
const bigBag = skipType(13, 'BIG_BAG_1', 'Big bag 1,5 m³', 'Big bag', '1.500', 'm3');

async function openSkipTypes() {
  const view = await signInAsAdmin('/admin/references/contenants');
  await resolveOperation(view.environment, 'SkipTypesTabQuery', {
    Query: { skipTypes: [benne, bac240, bigBag, bac120] },
  });
  const table = await screen.findByRole('table', { name: '4 types de contenants' });
  return { ...view, table };
}

describe('the skip types', () => {
  it('are grouped by category, with their volume in its unit', async () => {
    const { table } = await openSkipTypes();
    const rows = within(table).getAllByRole('row').slice(1) as HTMLTableRowElement[];
    expect(rows.map((row) => row.cells[0]?.textContent)).toEqual([
      'Bac roulant 120 L',
      'Bac roulant 240 L',
      'Benne 7 m³',
      'Big bag 1,5 m³',
    ]);
    expect(rows[3]?.cells[3]?.textContent).toBe('1,5\u00a0m³');
    expect(screen.getByRole('link', { name: 'Types de contenants' })).toHaveAttribute('aria-current', 'page');
  });

  it('says under its field what the api refuses of a new type', async () => {
    const view = await openSkipTypes();
    await view.user.click(screen.getByRole('button', { name: 'Nouveau type de contenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau type de contenant' });
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'BENNE_7');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Libellé' }), 'Benne 7 m³ fermée');
    await view.user.type(within(dialog).getByRole('combobox', { name: 'Catégorie' }), 'Benne');
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Volume' }), '0');
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unité' }), 'm³');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le type de contenant' }));
    expect(await within(dialog).findByText(messages.adminVolumePositive)).toBeInTheDocument();

    const volume = within(dialog).getByRole('textbox', { name: 'Volume' });
    await view.user.clear(volume);
    await view.user.type(volume, '7,5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Créer le type de contenant' }));
    const save = await findOperation(view.environment, 'SkipTypeDialogMutation');
    expect(save.request.variables.input).toEqual({
      code: 'BENNE_7',
      label: 'Benne 7 m³ fermée',
      category: 'Benne',
      volume: '7,5',
      unit: 'm3',
      clientMutationId: expect.any(String),
    });
    await resolveOperation(view.environment, 'SkipTypeDialogMutation', {
      AdminSkipTypePayload: {
        skipType: null,
        userErrors: [{ field: ['input', 'code'], message: messages.adminReferenceCodeTaken, code: 'taken' }],
      },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
        messages.adminReferenceCodeTaken,
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Nouveau type de contenant' })).toBeInTheDocument();
  });

  it('edits a type but for its code', async () => {
    const view = await openSkipTypes();
    await view.user.click(
      screen.getByRole('button', { name: 'Modifier le type de contenant Big bag 1,5 m³' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Modifier « Big bag 1,5 m³ »' });
    expect(within(dialog).getByRole('textbox', { name: 'Code' })).toHaveAttribute('readonly');
    const volume = within(dialog).getByRole('textbox', { name: 'Volume' });
    expect(volume).toHaveValue('1,5');
    await view.user.clear(volume);
    await view.user.type(volume, '2');
    await view.user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    const save = await findOperation(view.environment, 'SkipTypeDialogMutation');
    expect(save.request.variables.input).toEqual({
      id: bigBag.id,
      label: 'Big bag 1,5 m³',
      category: 'Big bag',
      volume: '2',
      unit: 'm3',
    });
  });
});
