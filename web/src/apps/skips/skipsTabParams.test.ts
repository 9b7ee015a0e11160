import { describe, expect, it } from 'vitest';
import { globalId } from '../../relay/globalId.ts';
import { readStateFilter, scopeShows, skipsTabVariables, writeStateFilter } from './skipsTabParams.ts';

const producer = { ownSiteTypology: 'PRODUCER', isRetriever: false };
const provider = { ownSiteTypology: 'RETRIEVER', isRetriever: true };
const params = (query: string) => new URLSearchParams(query);

describe('the containers tab of the URL', () => {
  it('shows a producer its selected establishment and chantier, in-service containers by default', () => {
    expect(skipsTabVariables(producer, params('etablissement=12&chantier=7&client=50'))).toEqual({
      siteId: 12,
      withSite: true,
      entityId: globalId('Entity', 7),
      states: ['AVAILABLE', 'ORDERED'],
      provider: false,
      ownGroups: false,
      clientGroups: false,
    });
  });

  it('shows a provider the selected client site, whatever its own establishment', () => {
    expect(skipsTabVariables(provider, params('etablissement=40&client=50&chantierClient=9'))).toEqual({
      siteId: 50,
      withSite: true,
      entityId: globalId('Entity', 9),
      states: ['AVAILABLE', 'ORDERED'],
      provider: true,
      ownGroups: false,
      clientGroups: false,
    });
    expect(skipsTabVariables(provider, params('etablissement=40'))).toMatchObject({
      withSite: false,
      entityId: null,
    });
  });

  it('lists every site’s containers, grouped, when none is chosen: a provider’s clients’ sites', () => {
    expect(skipsTabVariables(producer, params('etat=archives'))).toMatchObject({
      withSite: false,
      ownGroups: true,
      clientGroups: false,
      states: ['ARCHIVED'],
    });
    expect(skipsTabVariables(provider, params('etablissement=40'))).toMatchObject({
      withSite: false,
      ownGroups: false,
      clientGroups: true,
    });
  });

  it('names no site for ids the graph cannot carry, nor a chantier without a site', () => {
    expect(skipsTabVariables(producer, params('etablissement=99999999999&chantier=7'))).toMatchObject({
      withSite: false,
      entityId: null,
    });
    expect(skipsTabVariables(producer, params('etablissement=all'))).toMatchObject({ withSite: false });
  });

  it('reads and writes the state filter, the default staying out of the URL', () => {
    expect(readStateFilter(params('etat=archives'))).toBe('archived');
    expect(readStateFilter(params('etat=inconnu'))).toBe('inService');
    expect(skipsTabVariables(producer, params('etablissement=12&etat=tous')).states).toBeNull();
    expect(writeStateFilter(params('etablissement=12&etat=archives'), 'inService').toString()).toBe(
      'etablissement=12',
    );
    expect(writeStateFilter(params('etablissement=12'), 'ordered').toString()).toBe(
      'etablissement=12&etat=commandes',
    );
  });

  it('tells whether a container belongs to a list after a change', () => {
    const scope = { connectionId: 'c', states: ['AVAILABLE', 'ORDERED'] as const, entityId: null };
    expect(scopeShows(scope, { state: 'ARCHIVED', entityId: null })).toBe(false);
    expect(scopeShows(scope, { state: 'AVAILABLE', entityId: 'x' })).toBe(true);
    expect(scopeShows({ ...scope, entityId: 'y' }, { state: 'AVAILABLE', entityId: 'x' })).toBe(false);
    expect(scopeShows({ ...scope, states: null }, { state: 'ARCHIVED', entityId: null })).toBe(true);
  });
});
