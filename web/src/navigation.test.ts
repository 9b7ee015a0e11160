import { describe, expect, it } from 'vitest';
import { isNavigationGroup, type NavigationEntry, navigationFor } from './navigation.ts';
import { typologiesFromGraph } from './relay/graphTypologies.ts';

const keys = (entries: NavigationEntry[]) =>
  entries.flatMap((entry) =>
    isNavigationGroup(entry) ? [entry.key, ...entry.children.map((c) => c.key)] : [entry.key],
  );

describe('navigation table', () => {
  it('gives producers and retrievers their mirror menus', () => {
    expect(keys(navigationFor(['producer']))).toEqual([
      'dashboard',
      'details',
      'establishments',
      'providers',
      'operations',
      'pickups',
      'hazardousPickups',
      'wasteTracking',
      'activity',
      'outlets',
      'documents',
      'costs',
      'help',
      'contact',
      'profile',
    ]);
    expect(keys(navigationFor(['retriever']))).toEqual([
      'dashboard',
      'details',
      'establishments',
      'clients',
      'operations',
      'pickups',
      'activity',
      'outlets',
      'activityCosts',
      'defaultOutlets',
      'documents',
      'costs',
      'help',
      'contact',
      'profile',
    ]);
    // A carrier: its home, its own establishments, its clients and the operations it carries (SPEC 1, 6); no
    // monthly costs, no containers, nothing to validate.
    expect(keys(navigationFor(['carrier']))).toEqual([
      'dashboard',
      'establishments',
      'clients',
      'pickups',
      'documents',
      'help',
      'contact',
      'profile',
    ]);
  });

  it('merges the menus of a user with several typologies without duplicates', () => {
    const both = keys(navigationFor(['producer', 'retriever']));
    expect(both).toContain('activity');
    expect(new Set(both).size).toBe(both.length);
  });

  it('shows only the mirror screen of the user own side (the other one would be a 404)', () => {
    // A producer that is also a retriever sees its sites as a producer (ownSiteTypology), hence its providers.
    const both = keys(navigationFor(['producer', 'retriever']));
    expect(both).toContain('providers');
    expect(both).not.toContain('clients');
    // A carrier is on the retriever's side: its clients are the producer sites it serves.
    const carrier = keys(navigationFor(['carrier']));
    expect(carrier).not.toContain('providers');
    expect(carrier).toContain('clients');
    expect(keys(navigationFor(['retriever', 'carrier']))).toContain('clients');
    expect(keys(navigationFor([]))).not.toContain('clients');
  });

  it('gives the operator’s administrators the back office, and no customer', () => {
    // Everyone's entries are drawn apart, under the others.
    expect(keys(navigationFor([], { admin: true }))).toEqual([
      'help',
      'contact',
      'profile',
      'admin',
      'adminCompanies',
      'adminUsers',
      'adminLinks',
      'adminLegalTexts',
      'adminReferences',
      'adminAudit',
    ]);
    for (const typologies of [['producer'], ['retriever'], ['carrier']] as const) {
      expect(keys(navigationFor(typologies)).filter((key) => key.startsWith('admin'))).toEqual([]);
    }
    // An administrator who is also a customer keeps its own menu, the back office after it.
    const both = keys(navigationFor(['producer'], { admin: true }));
    expect(both.slice(0, 2)).toEqual(['dashboard', 'details']);
    expect(both).toContain('adminCompanies');
  });

  it('reads the graph enum values', () => {
    expect(typologiesFromGraph(['PRODUCER', 'CARRIER', 'UNKNOWN'])).toEqual(['producer', 'carrier']);
  });
});
