import { describe, expect, it } from 'vitest';
import { isPublicPath, paths } from '../paths.ts';
import { type App, placedScreens } from '../routing/screens.ts';
import { apps } from './registry.ts';

describe('app registry', () => {
  it('gives every screen the path of SPEC 2, once', () => {
    expect(paths).toMatchObject({
      dashboard: '/',
      details: '/details',
      login: '/customer/Login',
      forgotPassword: '/customer/Password',
      resetPassword: '/customer/Resetpassword',
      terms: '/cgu',
      establishments: '/mes-etablissements',
      providers: '/mes-prestataires',
      clients: '/mes-clients',
      operations: '/operations',
      operationRequests: '/operations/demandes',
      operationHistory: '/operations/historique',
      pickups: '/mes-enlevements',
      pickupsToValidate: '/mes-enlevements/operations-a-valider',
      costs: '/mes-couts',
      documents: '/documents',
      wasteTracking: '/suivi',
      hazardousPickups: '/mes-enlevements-dangereux',
      outlets: '/activite/mes-exutoires',
      activityCosts: '/activite/mes-couts-d-activite',
      defaultOutlets: '/activite/mes-exutoires-par-defaut',
      help: '/aide',
      contact: '/contact',
      profile: '/mon-profil',
      profileNotifications: '/mon-profil/notifications',
      contactSuccess: '/contact/success',
      emailConfirm: '/mon-profil/email',
      adminCompanies: '/admin',
      adminCompany: '/admin/societes/:id',
      adminUsers: '/admin/utilisateurs',
      adminUser: '/admin/utilisateurs/:id',
      adminLinks: '/admin/liens',
      adminLegalTexts: '/admin/textes',
      adminReferences: '/admin/references',
      adminSkipTypes: '/admin/references/contenants',
      adminHelpPages: '/admin/references/aide',
      adminAudit: '/admin/journal',
    });
    const screens = placedScreens(apps);
    const keys = screens.flatMap(({ screen }) => (screen.key === undefined ? [] : [screen.key]));
    expect(new Set(keys).size).toBe(keys.length);
    // An index child shares its parent's path.
    const fullPaths = screens
      .filter(({ screen, parent }) => screen.lazy && (parent === null || screen.path !== undefined))
      .map(({ fullPath }) => fullPath.toLowerCase());
    expect(new Set(fullPaths).size).toBe(fullPaths.length);
  });

  it('places every top-level screen in a layout, and only those', () => {
    for (const app of apps as readonly App[]) {
      for (const screen of app.screens) {
        expect(screen.layout, screen.path).toBeDefined();
        expect(screen.path?.startsWith('/'), screen.path).toBe(true);
        for (const child of screen.children ?? []) expect(child.layout, child.path).toBeUndefined();
      }
    }
  });

  it('names the app of each route file after its folder', async () => {
    const files = import.meta.glob<Record<string, App>>('./*/routes.tsx', { eager: true });
    const registered = (apps as readonly App[]).map((app) => app.name).sort();
    const declared = Object.entries(files).map(([file, module]) => {
      const [app] = Object.values(module);
      expect(`./${app?.name}/routes.tsx`).toBe(file);
      return app?.name;
    });
    expect(declared.sort()).toEqual(registered);
  });

  it('lets only the login pages through without a session', () => {
    expect(isPublicPath('/customer/login')).toBe(true);
    expect(isPublicPath('/customer/Password/')).toBe(true);
    expect(isPublicPath('/customer/Resetpassword')).toBe(true);
    expect(isPublicPath('/cgu')).toBe(false);
    expect(isPublicPath('/')).toBe(false);
  });
});
