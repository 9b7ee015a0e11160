import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_SELECTION } from './selection.ts';
import { rememberedSelection, rememberSelection, urlWithRememberedSelection } from './selectionMemory.ts';

const claire = 'VXNlcjox';
const julien = 'VXNlcjoy';
const url = (path: string) => new URL(path, 'https://portail.example');

afterEach(() => window.localStorage.clear());

describe('the last selection of each user', () => {
  it('keeps the establishment and client choices, per user', () => {
    rememberSelection(claire, {
      ...EMPTY_SELECTION,
      establishmentId: 12,
      entityId: 4,
      clientId: 40,
      companyId: 7,
      location: 'Lyon',
    });
    expect(rememberedSelection(claire)).toEqual({
      ...EMPTY_SELECTION,
      establishmentId: 12,
      entityId: 4,
      clientId: 40,
    });
    expect(rememberedSelection(julien)).toBeNull();
  });

  it('keeps a cleared selection cleared', () => {
    rememberSelection(claire, { ...EMPTY_SELECTION, establishmentId: 12 });
    rememberSelection(claire, EMPTY_SELECTION);
    expect(rememberedSelection(claire)).toBeNull();
  });

  it('ignores what is not a selection', () => {
    const key = `portail.selection.${claire}`;
    window.localStorage.setItem(key, '{not json');
    expect(rememberedSelection(claire)).toBeNull();
    window.localStorage.setItem(key, JSON.stringify({ establishmentId: '12; drop', entityId: 3 }));
    expect(rememberedSelection(claire)).toBeNull();
    window.localStorage.setItem(key, JSON.stringify({ establishmentId: -4, clientId: 1.5 }));
    expect(rememberedSelection(claire)).toBeNull();
    window.localStorage.setItem(key, JSON.stringify([12]));
    expect(rememberedSelection(claire)).toBeNull();
  });

  it('sends a page opened without a selection to the same page with the last one', () => {
    rememberSelection(claire, { ...EMPTY_SELECTION, establishmentId: 12, entityId: 4 });
    expect(urlWithRememberedSelection(url('/mes-enlevements?filtre=validees#haut'), claire)).toBe(
      '/mes-enlevements?filtre=validees&etablissement=12&chantier=4#haut',
    );
    // A URL that names a selection, even none, is followed as it is.
    expect(urlWithRememberedSelection(url('/?etablissement=15'), claire)).toBeNull();
    expect(urlWithRememberedSelection(url('/?etablissement=all'), claire)).toBeNull();
    expect(urlWithRememberedSelection(url('/?lieu=Lyon'), claire)).toBeNull();
    expect(urlWithRememberedSelection(url('/operations'), julien)).toBeNull();
  });
});
