import { describe, expect, it } from 'vitest';
import { routeId } from '../errors/notFound.ts';
import { LIST_PARAMS, listVariables, sameListVariables, writeListParams } from './listParams.ts';
import { sitePath } from './sitePaths.ts';
import { isViewAvailable, linkedViewFor } from './siteViews.ts';

describe('site views', () => {
  it('names the linked sites by the typology: providers for producers, clients for retrievers', () => {
    expect(linkedViewFor('PRODUCER')).toBe('providers');
    expect(linkedViewFor('RETRIEVER')).toBe('clients');
    expect(isViewAvailable('establishments', 'PRODUCER')).toBe(true);
    expect(isViewAvailable('establishments', 'RETRIEVER')).toBe(true);
    expect(isViewAvailable('providers', 'PRODUCER')).toBe(true);
    expect(isViewAvailable('clients', 'PRODUCER')).toBe(false);
    expect(isViewAvailable('providers', 'RETRIEVER')).toBe(false);
    expect(isViewAvailable('clients', 'RETRIEVER')).toBe(true);
    expect(sitePath('clients', 50)).toBe('/mes-clients/50');
  });

  it('accepts only numeric route ids that a GraphQL Int can carry (SPEC 2)', () => {
    expect(routeId('12')).toBe(12);
    expect(routeId('007')).toBe(7);
    for (const value of [
      undefined,
      '',
      'abc',
      '12abc',
      '-3',
      '0',
      '1.5',
      ' 12',
      'all',
      'null',
      '2147483648',
    ]) {
      expect(routeId(value), String(value)).toBeNull();
    }
    expect(routeId('2147483647')).toBe(2147483647);
  });
});

describe('list search and sort in the URL', () => {
  it('reads the defaults from an empty URL and a shared one back', () => {
    expect(listVariables(new URLSearchParams(''))).toEqual({
      search: null,
      orderBy: { field: 'NAME', direction: 'ASC' },
    });
    expect(listVariables(new URLSearchParams('q=%20lyon%20&tri=code-postal&ordre=desc'))).toEqual({
      search: 'lyon',
      orderBy: { field: 'POSTCODE', direction: 'DESC' },
    });
    expect(listVariables(new URLSearchParams('tri=inconnu&ordre=n%27importe'))).toEqual({
      search: null,
      orderBy: { field: 'NAME', direction: 'ASC' },
    });
  });

  it('writes only what differs from the defaults and keeps the other parameters', () => {
    const params = new URLSearchParams('etablissement=3&q=old');
    expect(
      writeListParams(params, {
        search: 'siret 732',
        orderBy: { field: 'COMPANY_NAME', direction: 'ASC' },
      }).toString(),
    ).toBe('etablissement=3&q=siret+732&tri=societe');
    expect(
      writeListParams(params, { search: '  ', orderBy: { field: 'NAME', direction: 'ASC' } }).toString(),
    ).toBe('etablissement=3');
    expect(LIST_PARAMS).toEqual({ search: 'q', sort: 'tri', direction: 'ordre' });
  });

  it('compares variables by value', () => {
    const a = listVariables(new URLSearchParams('q=a&tri=ville'));
    expect(sameListVariables(a, listVariables(new URLSearchParams('tri=ville&q=a')))).toBe(true);
    expect(sameListVariables(a, listVariables(new URLSearchParams('tri=ville&q=b')))).toBe(false);
  });
});
