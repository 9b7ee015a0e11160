import { describe, expect, it } from 'vitest';
import {
  chooseClient,
  chooseCompanyFilter,
  chooseEstablishment,
  chooseLocationFilter,
  type DashboardSelection,
  EMPTY_SELECTION,
  filtersApplyOn,
  hasSelectionParams,
  locationsOf,
  readSelection,
  resolveEntitySelection,
  resolveEstablishmentSelection,
  resolveLocationFilter,
  resolveSelection,
  type SelectionOptions,
  selectionSearch,
  writeSelection,
} from './selection.ts';

/** A retriever with several establishments; the api answered for some sites of the URL. */
const options: SelectionOptions = {
  soleEstablishmentId: null,
  choosesClients: true,
  companyIds: [7],
  checkedSites: new Map([
    [3, 'own'],
    [4, 'own'],
    [20, 'linked'],
    [21, 'linked'],
    [98, null],
    [99, null],
  ]),
};
const single: SelectionOptions = { ...options, soleEstablishmentId: 3 };

const selection = (values: Partial<DashboardSelection>): DashboardSelection => ({
  ...EMPTY_SELECTION,
  ...values,
});
const read = (search: string) => readSelection(new URLSearchParams(search));

describe('reading the selection from the URL', () => {
  it('reads ids as integers, from plain ids or IRIs', () => {
    expect(read('etablissement=3&chantier=/api/company_sites/3/company_site_entities/9&client=20')).toEqual(
      selection({ establishmentId: 3, entityId: 9, clientId: 20 }),
    );
    expect(read('chantierClient=5&societe=/api/companies/7&lieu=%20Lyon%20')).toEqual(
      selection({ clientEntityId: 5, companyId: 7, location: 'Lyon' }),
    );
  });

  it("treats 'all', 'null', empty and garbage as no selection", () => {
    expect(read('etablissement=all&chantier=null&client=&societe=abc&lieu=')).toEqual(EMPTY_SELECTION);
  });

  it('writes the selection back, keeping the other parameters and dropping empty ones', () => {
    const written = writeSelection(
      new URLSearchParams('q=lyon&etablissement=all&lieu=69'),
      selection({ establishmentId: 4, entityId: 9 }),
    );
    expect(written.toString()).toBe('q=lyon&etablissement=4&chantier=9');
    expect(read(written.toString())).toEqual(selection({ establishmentId: 4, entityId: 9 }));
  });

  it('keeps only the selection parameters in navigation links', () => {
    expect(selectionSearch(new URLSearchParams('etablissement=3&chantier=9&annee=2024&client=20'))).toBe(
      '?etablissement=3&chantier=9&client=20',
    );
    expect(selectionSearch(new URLSearchParams('annee=2024'))).toBe('');
  });
});

describe('SPEC 2: automatic selection and stale ids', () => {
  it('keeps a valid establishment, picks the only one, otherwise selects nothing', () => {
    expect(resolveEstablishmentSelection(options, '4')).toBe(4);
    expect(resolveEstablishmentSelection(single, null)).toBe(3);
    expect(resolveEstablishmentSelection(single, 'all')).toBe(3);
    expect(resolveEstablishmentSelection(options, null)).toBeNull();
    expect(resolveEstablishmentSelection(options, '99')).toBeNull();
    expect(resolveEstablishmentSelection(single, '99')).toBe(3);
  });

  it('takes a site the api has not answered for as asked, and drops it once refused or on the other side', () => {
    expect(resolveEstablishmentSelection(options, '50')).toBe(50);
    expect(resolveEstablishmentSelection(options, '20')).toBeNull();
    expect(
      resolveSelection(selection({ establishmentId: 50, entityId: 5, clientId: 51 }), options, '/'),
    ).toEqual(selection({ establishmentId: 50, entityId: 5, clientId: 51 }));
    expect(resolveSelection(selection({ clientId: 3, clientEntityId: 6 }), options, '/')).toEqual(
      EMPTY_SELECTION,
    );
  });

  it('drops a client selection for users who do not choose clients', () => {
    const producer = { ...options, choosesClients: false };
    expect(resolveSelection(selection({ establishmentId: 3, clientId: 20 }), producer, '/')).toEqual(
      selection({ establishmentId: 3 }),
    );
  });

  it('drops an establishment or client the user may not select, with its chantier', () => {
    expect(
      resolveSelection(
        selection({ establishmentId: 99, entityId: 5, clientId: 98, clientEntityId: 6 }),
        options,
        '/',
      ),
    ).toEqual(EMPTY_SELECTION);
    expect(
      resolveSelection(
        selection({ establishmentId: 4, entityId: 5, clientId: 21, clientEntityId: 6 }),
        options,
        '/',
      ),
    ).toEqual(selection({ establishmentId: 4, entityId: 5, clientId: 21, clientEntityId: 6 }));
  });

  it('selects the only establishment automatically, but not the chantier of another one', () => {
    expect(resolveSelection(selection({ entityId: 5 }), single, '/mes-etablissements')).toEqual(
      selection({ establishmentId: 3 }),
    );
    expect(resolveSelection(selection({ establishmentId: 3, entityId: 5 }), single, '/')).toEqual(
      selection({ establishmentId: 3, entityId: 5 }),
    );
  });

  it('keeps a chantier only when it is one of the selected site’s', () => {
    expect(resolveEntitySelection([5, 6], 6)).toBe(6);
    expect(resolveEntitySelection([5, 6], 7)).toBeNull();
    expect(resolveEntitySelection([], null)).toBeNull();
  });
});

describe('SPEC 2 and 4: filters', () => {
  it('lets a company or location filter replace the establishment and client selection', () => {
    const requested = selection({ establishmentId: 3, entityId: 5, clientId: 20, companyId: 7 });
    expect(resolveSelection(requested, options, '/')).toEqual(selection({ companyId: 7 }));
    expect(
      resolveSelection(selection({ establishmentId: 3, location: 'Lyon' }), options, '/details'),
    ).toEqual(selection({ location: 'Lyon' }));
  });

  it('does not select the only establishment while a filter is set', () => {
    expect(resolveSelection(selection({ location: '69' }), single, '/')).toEqual(
      selection({ location: '69' }),
    );
  });

  it('clears the filters outside / and /details and keeps the establishment selection', () => {
    expect(filtersApplyOn('/')).toBe(true);
    expect(filtersApplyOn('/details/')).toBe(true);
    expect(filtersApplyOn('/mes-etablissements')).toBe(false);
    const requested = selection({ establishmentId: 3, companyId: 7, location: 'Lyon' });
    expect(resolveSelection(requested, options, '/mes-etablissements/3')).toEqual(
      selection({ establishmentId: 3 }),
    );
  });

  it('ignores a company the user does not have, and leaves the location to the filters that know them', () => {
    expect(resolveSelection(selection({ companyId: 8 }), options, '/')).toEqual(EMPTY_SELECTION);
    expect(resolveSelection(selection({ companyId: 8, location: 'Paris' }), options, '/')).toEqual(
      selection({ location: 'Paris' }),
    );
    const locations = { departments: ['69'], cities: ['Lyon'] };
    expect(resolveLocationFilter(locations, 'Paris')).toBeNull();
    expect(resolveLocationFilter(locations, '69')).toBe('69');
    expect(resolveLocationFilter(locations, 'Lyon')).toBe('Lyon');
    expect(resolveLocationFilter(locations, null)).toBeNull();
  });

  it('tells a URL that names a selection, even none, from one that says nothing of it', () => {
    expect(hasSelectionParams(new URLSearchParams('annee=2024&filtre=validees'))).toBe(false);
    expect(hasSelectionParams(new URLSearchParams('etablissement=all'))).toBe(true);
    expect(hasSelectionParams(new URLSearchParams('lieu=Lyon'))).toBe(true);
  });
});

describe('SPEC 4: choices', () => {
  const current = selection({ establishmentId: 3, entityId: 5, clientId: 20, clientEntityId: 6 });

  it('sets an establishment with or without a chantier, and clears the filters', () => {
    expect(chooseEstablishment(selection({ companyId: 7, location: '69' }), 4, 8)).toEqual(
      selection({ establishmentId: 4, entityId: 8 }),
    );
    expect(chooseEstablishment(current, 4)).toEqual({ ...current, establishmentId: 4, entityId: null });
    expect(chooseEstablishment(current, null, 8)).toEqual({
      ...current,
      establishmentId: null,
      entityId: null,
    });
  });

  it('sets a client with or without a chantier, keeping the establishment', () => {
    expect(chooseClient(current, 21, 9)).toEqual({ ...current, clientId: 21, clientEntityId: 9 });
    expect(chooseClient(current, null, 9)).toEqual({ ...current, clientId: null, clientEntityId: null });
  });

  it('clears the establishment and client selections when a company or location filter is chosen', () => {
    expect(chooseCompanyFilter(current, 7)).toEqual(selection({ companyId: 7 }));
    expect(chooseLocationFilter(chooseCompanyFilter(current, 7), ' Lyon ')).toEqual(
      selection({ companyId: 7, location: 'Lyon' }),
    );
    expect(chooseLocationFilter(current, '')).toEqual(EMPTY_SELECTION);
  });
});

describe('locations of the establishments', () => {
  it('lists departments then cities, sorted and without duplicates', () => {
    expect(
      locationsOf([
        { department: '69', city: 'Villeurbanne' },
        { department: '2a', city: 'Ajaccio' },
        { department: '69', city: 'Lyon' },
        { department: null, city: ' ' },
        { department: 'Rhône', city: 'Lyon' },
      ]),
    ).toEqual({ departments: ['2A', '69'], cities: ['Ajaccio', 'Lyon', 'Villeurbanne'] });
  });
});
