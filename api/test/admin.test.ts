import { messages, parisDate, SITE_IMPORT_MAX_BYTES } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApi,
  get,
  type HydraCollectionBody,
  login,
  mergePatch,
  postJson,
  readMails,
  type Session,
  type TestApi,
} from './helpers.ts';

/** The operator's back office: only its administrators reach it, and every change it makes is in the audit trail. */

let api: TestApi;
let admin: Session;
const customers: Record<string, Session> = {};
beforeAll(async () => {
  api = await createTestApi();
  admin = await login(api, 'admin@demo.fr');
  for (const email of [
    'producteur@demo.fr',
    'prestataire@demo.fr',
    'transporteur@demo.fr',
    'chantier@demo.fr',
  ]) {
    customers[email] = await login(api, email);
  }
});
afterAll(() => api.close());

const members = async <T>(url: string, session: Session = admin) => {
  const response = await get(api, url, session);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HydraCollectionBody<T>>()['hydra:member'];
};

async function created<T>(url: string, body: unknown): Promise<T> {
  const response = await postJson(api, url, admin, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

interface AuditEntry {
  action: string;
  actorEmail: string;
  targetId: number | null;
  targetLabel: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const auditOf = (targetType: string, targetId: number) =>
  members<AuditEntry>(`/api/admin/audit_entries?targetType[]=${targetType}&targetId=${targetId}`);

/** A CSV of establishments, header first. */
const csv = (...lines: string[]) =>
  Buffer.from(['nom;adresse;code_postal;ville;siret;typologies', ...lines].join('\n')).toString('base64');

describe('the back office', () => {
  it('does not exist for any customer account: every admin route answers 404, before reading the request', async () => {
    const docs = (await get(api, '/api/docs.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const routes = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => ({
          method: method.toUpperCase(),
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
      );
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const [email, session] of Object.entries(customers)) {
      for (const route of routes) {
        const response = await api.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: {
            authorization: `Bearer ${session.token}`,
            'content-type': route.method === 'PATCH' ? 'application/merge-patch+json' : 'application/json',
          },
          // A malformed body: a customer is told 404 all the same, not what is wrong with it.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: '{"name": 12}' }),
        });
        expect(response.statusCode, `${email} ${route.method} ${route.url}`).toBe(404);
      }
    }
    // Without a session: 401, as any protected route.
    expect((await get(api, '/api/admin/companies')).statusCode).toBe(401);
    // The administrator reaches them, and its permissions say so.
    expect((await get(api, '/api/admin/companies', admin)).statusCode).toBe(200);
    expect((await get(api, '/api/users/me', admin)).json()).toMatchObject({
      permissions: expect.arrayContaining(['admin:manage']),
    });
    expect(
      (await get(api, '/api/users/me', customers['producteur@demo.fr'])).json().permissions,
    ).not.toContain('admin:manage');
  });

  it('creates a company and an establishment placed on its town, each change in the audit trail', async () => {
    const company = await created<{ id: number; name: string; active: boolean }>('/api/admin/companies', {
      name: 'Boulangeries Dupain',
      siret: '73282932000074',
    });
    expect(company).toMatchObject({ name: 'Boulangeries Dupain', active: true, siteCount: 0 });
    const refused = await postJson(api, '/api/admin/companies', admin, { name: ' ', siret: '12ab' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ propertyPath: 'name', message: messages.required }),
        expect.objectContaining({ propertyPath: 'siret', message: messages.siretDigitsOnly }),
      ]),
    );

    const site = await created<{ id: number; department: string; lat: number | null; typologies: string[] }>(
      '/api/admin/company_sites',
      {
        company: company.id,
        name: 'Fournil de Lyon',
        address: '3 rue de la République',
        postcode: '69002',
        city: 'Lyon',
        siret: '73282932000082',
        typologies: ['producer'],
      },
    );
    expect(site).toMatchObject({
      department: '69',
      typologies: ['producer'],
      companyName: 'Boulangeries Dupain',
    });
    expect(site.lat).not.toBeNull();
    const unknownCompany = await postJson(api, '/api/admin/company_sites', admin, {
      company: 999999,
      name: 'X',
      postcode: '69002',
      city: 'Lyon',
      typologies: ['producer'],
    });
    expect(unknownCompany.statusCode).toBe(422);
    expect(unknownCompany.json().violations[0]).toMatchObject({ propertyPath: 'company' });

    // Its chantiers: added and changed by the operator too.
    const chantier = await created<{ id: number; name: string }>(
      `/api/admin/company_sites/${site.id}/company_site_entities`,
      {
        name: 'Rénovation du magasin',
        startDate: '2026-03-01',
      },
    );
    const listed = await members<{ id: number }>(`/api/admin/company_site_entities?companySite[]=${site.id}`);
    expect(listed.map((entity) => entity.id)).toEqual([chantier.id]);
    const backwards = await mergePatch(api, `/api/admin/company_site_entities/${chantier.id}`, admin, {
      endDate: '2026-02-01',
    });
    expect(backwards.statusCode).toBe(422);
    const ended = await mergePatch(api, `/api/admin/company_site_entities/${chantier.id}`, admin, {
      endDate: '2026-06-30',
    });
    expect(ended.json()).toMatchObject({ endDate: '2026-06-30', name: 'Rénovation du magasin' });
    expect((await auditOf('chantier', chantier.id)).map((entry) => entry.action)).toEqual([
      'chantier.update',
      'chantier.create',
    ]);

    const renamed = await mergePatch(api, `/api/admin/companies/${company.id}`, admin, {
      name: 'Dupain SAS',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const trail = await auditOf('company', company.id);
    expect(trail.map((entry) => entry.action)).toEqual(['company.update', 'company.create']);
    expect(trail[0]).toMatchObject({
      actorEmail: 'admin@demo.fr',
      targetLabel: 'Dupain SAS',
      before: { name: 'Boulangeries Dupain' },
      after: { name: 'Dupain SAS' },
    });
    expect((await auditOf('site', site.id))[0]).toMatchObject({
      action: 'site.create',
      after: { name: 'Fournil de Lyon' },
    });
    // Searchable: by element, by author.
    const found = await members<AuditEntry>('/api/admin/audit_entries?q=dupain');
    expect(found.length).toBeGreaterThanOrEqual(2);
  });

  it('imports establishments: a preview line by line, nothing written while a line fails, unless told to skip it', async () => {
    const company = await created<{ id: number }>('/api/admin/companies', { name: 'Imprimeries Réunies' });
    const content = csv(
      'Atelier Nord;1 rue A;59000;Lille;;Producteur',
      'Atelier Sud;2 rue B;1300;Marseille;;producteur',
      'Atelier Est;3 rue C;67000;Strasbourg;12345678901234;Producteur, Transporteur',
    );
    const url = `/api/admin/companies/${company.id}/company_sites_import`;
    const preview = await postJson(api, url, admin, { fileName: 'sites.csv', content });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ valid: 2, invalid: 1, created: 0 });
    expect(preview.json().lines[1].errors).toEqual([
      messages.adminImportLine(3, 'Code postal', messages.postcodeFormat),
    ]);
    const sitesOf = () => members<{ name: string }>(`/api/admin/company_sites?company[]=${company.id}`);
    expect(await sitesOf()).toEqual([]);

    const refused = await postJson(api, url, admin, { fileName: 'sites.csv', content, commit: true });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0].message).toBe(messages.adminImportHasErrors(1));
    expect(await sitesOf()).toEqual([]);

    const done = await postJson(api, url, admin, {
      fileName: 'sites.csv',
      content,
      commit: true,
      skipInvalid: true,
    });
    expect(done.json()).toMatchObject({ created: 2 });
    expect((await sitesOf()).map((site) => site.name).sort()).toEqual(['Atelier Est', 'Atelier Nord']);
    expect((await auditOf('company', company.id))[0]).toMatchObject({
      action: 'site.import',
      after: { created: ['Atelier Nord', 'Atelier Est'], skipped: [3] },
    });

    // The same columns in an XLSX file.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Établissements');
    sheet.addRow(['nom', 'adresse', 'code_postal', 'ville', 'siret', 'typologies']);
    sheet.addRow(['Atelier Ouest', '4 rue D', '35000', 'Rennes', '', 'Producteur']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const fromXlsx = await postJson(api, url, admin, { fileName: 'sites.xlsx', content: xlsx, commit: true });
    expect(fromXlsx.json(), fromXlsx.body).toMatchObject({ valid: 1, invalid: 0, created: 1 });

    for (const [fileName, body, message] of [
      ['sites.pdf', csv('A;;59000;Lille;;Producteur'), messages.adminImportFormat],
      [
        'sites.csv',
        Buffer.from('name;city\nA;B').toString('base64'),
        messages.adminImportHeader('nom, adresse, code_postal, ville, siret, typologies'),
      ],
      ['sites.csv', csv(), messages.adminImportEmpty],
    ] as const) {
      const response = await postJson(api, url, admin, { fileName, content: body });
      expect(response.statusCode, fileName).toBe(422);
      expect(response.json().title).toBe(message);
    }
    const oversize = await postJson(api, url, admin, {
      fileName: 'sites.csv',
      content: Buffer.alloc(SITE_IMPORT_MAX_BYTES + 3, 'a').toString('base64'),
    });
    expect(oversize.statusCode).toBe(422);
    expect(oversize.json().violations[0]).toMatchObject({
      propertyPath: 'content',
      message: messages.adminImportTooLarge(700),
    });
  });

  it('invites a user by mail; the link sets the password once, and the user sees exactly their establishments', async () => {
    const company = await created<{ id: number }>('/api/admin/companies', { name: 'Garages Morel' });
    const siteIds: number[] = [];
    for (const name of ['Garage Centre', 'Garage Gare']) {
      siteIds.push(
        (
          await created<{ id: number }>('/api/admin/company_sites', {
            company: company.id,
            name,
            postcode: '38000',
            city: 'Grenoble',
            typologies: ['producer'],
          })
        ).id,
      );
    }
    const noAccess = await postJson(api, '/api/admin/users', admin, {
      email: 'x@morel.fr',
      typologies: ['producer'],
    });
    expect(noAccess.json().violations[0]).toMatchObject({
      propertyPath: 'companies',
      message: messages.adminUserNeedsAccess,
    });
    const taken = await postJson(api, '/api/admin/users', admin, {
      email: 'producteur@demo.fr',
      typologies: ['producer'],
      companies: [company.id],
    });
    expect(taken.json().violations[0]).toMatchObject({ propertyPath: 'email', message: messages.emailTaken });

    const user = await created<{
      id: number;
      hasPassword: boolean;
      invitationExpiresAt: string;
      permissions: string[];
    }>('/api/admin/users', {
      email: 'Paul.Morel@garages-morel.fr',
      firstname: 'Paul',
      lastname: 'Morel',
      typologies: ['producer'],
      companies: [company.id],
    });
    expect(user).toMatchObject({
      email: 'paul.morel@garages-morel.fr',
      hasPassword: false,
      lastSignInAt: null,
    });
    expect(user.permissions).toContain('skip:create');
    expect(new Date(user.invitationExpiresAt).getTime() - api.clock.now.getTime()).toBe(7 * 24 * 3600 * 1000);
    // Without a password, no sign-in.
    const early = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'paul.morel@garages-morel.fr', password: 'anything' },
    });
    expect(early.statusCode).toBe(401);

    const mail =
      (await readMails(api.dataDir)).find((text) => text.includes('paul.morel@garages-morel.fr')) ?? '';
    expect(mail).toContain('Garages Morel');
    const link = new URL(mail.match(/http:\/\/portail\.test\/customer\/Invitation\?\S+/)?.[0] ?? 'http://x');
    expect(link.searchParams.get('id')).toBe(String(user.id));
    const setPassword = () =>
      api.app.inject({
        method: 'POST',
        url: `/api/user/${user.id}/reset-password`,
        payload: {
          token: link.searchParams.get('token'),
          password: 'Garage-2026!',
          confirmPassword: 'Garage-2026!',
        },
      });
    expect((await setPassword()).statusCode).toBe(204);
    expect((await setPassword()).statusCode).toBe(410);
    const paul = await login(api, 'paul.morel@garages-morel.fr', 'Garage-2026!');
    const own = await members<{ id: number }>('/api/users/me/company_sites_full', paul);
    expect(own.map((site) => site.id).sort()).toEqual(siteIds.sort());
    const seen = (
      await members<{ hasPassword: boolean; lastSignInAt: string }>(`/api/admin/users?id[]=${user.id}`)
    )[0];
    expect(seen).toMatchObject({ hasPassword: true, lastSignInAt: api.clock.now.toISOString() });
    // Once the password is set, the invitation cannot be sent again.
    const resent = await postJson(api, `/api/admin/users/${user.id}/invitation`, admin, {});
    expect(resent.json().violations[0].message).toBe(messages.adminUserHasPassword);
    expect(JSON.stringify(await auditOf('user', user.id))).not.toContain('Garage-2026!');

    // Deactivated: the open session is refused at once, and signing in again too.
    const deactivated = await mergePatch(api, `/api/admin/users/${user.id}`, admin, { active: false });
    expect(deactivated.json()).toMatchObject({ active: false });
    expect((await get(api, '/api/users/me', paul)).statusCode).toBe(401);
    const again = await api.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'paul.morel@garages-morel.fr', password: 'Garage-2026!' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().title).toBe(messages.accountDeactivated);
    expect((await auditOf('user', user.id)).map((entry) => entry.action)).toEqual([
      'user.update',
      'user.invite',
    ]);
    // The administrator cannot lock itself out.
    const self = await mergePatch(api, `/api/admin/users/${admin.userId}`, admin, { active: false });
    expect(self.json().violations[0].message).toBe(messages.adminCannotDeactivateSelf);
  });

  it('resends an invitation: the new link works, the previous one no longer does', async () => {
    const company = await created<{ id: number }>('/api/admin/companies', { name: 'Hôtels Azur' });
    const user = await created<{ id: number }>('/api/admin/users', {
      email: 'accueil@hotels-azur.fr',
      typologies: ['producer'],
      companies: [company.id],
    });
    const linkOf = async (nth: number) => {
      const mails = (await readMails(api.dataDir)).filter((text) => text.includes('accueil@hotels-azur.fr'));
      return new URL(
        mails[nth]?.match(/http:\/\/portail\.test\/customer\/Invitation\?\S+/)?.[0] ?? 'http://x',
      );
    };
    const first = await linkOf(0);
    const resent = await postJson(api, `/api/admin/users/${user.id}/invitation`, admin, {});
    expect(resent.statusCode, resent.body).toBe(204);
    const second = await linkOf(1);
    const use = (link: URL) =>
      api.app.inject({
        method: 'POST',
        url: `/api/user/${user.id}/reset-password`,
        payload: {
          token: link.searchParams.get('token'),
          password: 'Azur-2026!',
          confirmPassword: 'Azur-2026!',
        },
      });
    expect((await use(first)).statusCode).toBe(410);
    expect((await use(second)).statusCode).toBe(204);
  });

  it('links a provider to a producer establishment for a period: the provider sees it while the link is in force', async () => {
    const producerCompany = await created<{ id: number }>('/api/admin/companies', {
      name: 'Cliniques Alpes',
    });
    const clinic = await created<{ id: number }>('/api/admin/company_sites', {
      company: producerCompany.id,
      name: 'Clinique du Lac',
      postcode: '74000',
      city: 'Annecy',
      typologies: ['producer'],
    });
    const retriever = customers['prestataire@demo.fr'] as Session;
    const [providerSite] = await members<{ id: number }>('/api/users/me/company_sites', retriever);
    const clients = async () =>
      (await members<{ id: number }>('/api/users/me/company_sites_linked_producer_full', retriever)).map(
        (s) => s.id,
      );
    expect(await clients()).not.toContain(clinic.id);

    const wrongSide = await postJson(api, '/api/admin/site_links', admin, {
      producerSite: providerSite?.id,
      retrieverSite: clinic.id,
      startDate: '2026-03-01',
    });
    expect(wrongSide.statusCode).toBe(422);
    expect(wrongSide.json().violations[0].message).toBe(messages.adminLinkSameSide);

    const link = await created<{ id: number; inForce: boolean }>('/api/admin/site_links', {
      producerSite: clinic.id,
      retrieverSite: providerSite?.id,
      startDate: '2026-01-01',
    });
    expect(link.inForce).toBe(true);
    expect(await clients()).toContain(clinic.id);
    const twice = await postJson(api, '/api/admin/site_links', admin, {
      producerSite: clinic.id,
      retrieverSite: providerSite?.id,
      startDate: '2026-01-01',
    });
    expect(twice.json().violations[0].message).toBe(messages.adminLinkExists);
    const backwards = await mergePatch(api, `/api/admin/site_links/${link.id}`, admin, {
      endDate: '2025-12-31',
    });
    expect(backwards.json().violations[0]).toMatchObject({
      propertyPath: 'endDate',
      message: messages.adminLinkEndBeforeStart,
    });

    // Ended: the provider no longer sees it (the link is kept, out of force).
    const ended = await mergePatch(api, `/api/admin/site_links/${link.id}`, admin, { endDate: '2026-01-31' });
    expect(ended.json()).toMatchObject({ inForce: false, endDate: '2026-01-31' });
    expect(await clients()).not.toContain(clinic.id);
    expect((await auditOf('link', link.id)).map((entry) => entry.action)).toEqual([
      'link.update',
      'link.create',
    ]);
  });

  it('counts a link in force by the date in France, whatever the time zone of the database session', async () => {
    const producerCompany = await created<{ id: number }>('/api/admin/companies', {
      name: 'Fromageries Savoie',
    });
    const shop = await created<{ id: number }>('/api/admin/company_sites', {
      company: producerCompany.id,
      name: 'Boutique de Chambéry',
      postcode: '73000',
      city: 'Chambéry',
      typologies: ['producer'],
    });
    const retriever = customers['prestataire@demo.fr'] as Session;
    const [providerSite] = await members<{ id: number }>('/api/users/me/company_sites', retriever);
    const today = parisDate(new Date());
    // One link starts today in France, the other ends then: with the session's own date (`current_date`), one of
    // them was out of force at any hour, the session's date being behind France's (UTC-12) or ahead of it (UTC+14).
    const starting = await created<{ id: number }>('/api/admin/site_links', {
      producerSite: shop.id,
      retrieverSite: providerSite?.id,
      startDate: today,
    });
    const ending = await created<{ id: number }>('/api/admin/site_links', {
      producerSite: shop.id,
      retrieverSite: (
        await members<{ id: number }>(
          '/api/users/me/company_sites',
          customers['transporteur@demo.fr'] as Session,
        )
      )[0]?.id,
      startDate: '2026-01-01',
      endDate: today,
    });
    try {
      for (const zone of ['Etc/GMT+12', 'Etc/GMT-14']) {
        await api.db.query(`set time zone '${zone}'`);
        for (const link of [starting, ending]) {
          const shown = await get(api, `/api/admin/site_links/${link.id}`, admin);
          expect(shown.json<{ inForce: boolean }>().inForce, `${zone}, link ${link.id}`).toBe(true);
        }
        const inView = await api.db.query<{ retrieverSiteId: number }>(
          'select retriever_site_id as "retrieverSiteId" from site_links where producer_site_id = $1',
          [shop.id],
        );
        expect(inView.length, zone).toBe(2);
      }
    } finally {
      await api.db.query('reset time zone');
    }
  });

  it('hides a deactivated establishment, and every establishment of a deactivated company, from its users', async () => {
    const producer = customers['producteur@demo.fr'] as Session;
    const own = await members<{ id: number; company: string }>('/api/users/me/company_sites_full', producer);
    const [first, second] = own;
    await mergePatch(api, `/api/admin/company_sites/${first?.id}`, admin, { active: false });
    const after = (await members<{ id: number }>('/api/users/me/company_sites_full', producer)).map(
      (s) => s.id,
    );
    expect(after).not.toContain(first?.id);
    expect(after).toContain(second?.id);
    expect((await get(api, `/api/company_sites/${first?.id}`, producer)).statusCode).toBe(404);
    await mergePatch(api, `/api/admin/company_sites/${first?.id}`, admin, { active: true });

    const companyId = Number(first?.company.split('/').at(-1));
    await mergePatch(api, `/api/admin/companies/${companyId}`, admin, { active: false });
    expect(await members('/api/users/me/company_sites_full', producer)).toEqual([]);
    await mergePatch(api, `/api/admin/companies/${companyId}`, admin, { active: true });
    expect((await members('/api/users/me/company_sites_full', producer)).length).toBe(own.length);
  });

  it('publishes a new version of the terms: every user must accept them again', async () => {
    const chantier = customers['chantier@demo.fr'] as Session;
    await api.app.inject({
      method: 'POST',
      url: '/api/users/me/accept-cgu',
      headers: { authorization: `Bearer ${chantier.token}` },
    });
    const published = await created<{ version: number; code: string }>('/api/admin/static_contents', {
      code: 'cgu',
      title: "Conditions générales d'utilisation",
      content: '# Article 1\n\nLe portail évolue.',
    });
    expect(published.code).toBe('cgu');
    expect((await get(api, '/api/users/me', chantier)).json()).toMatchObject({ hasAcceptedCGU: false });
    const current = (await get(api, '/api/static_contents/current/cgu')).json();
    expect(current).toMatchObject({
      version: published.version,
      content: '# Article 1\n\nLe portail évolue.',
    });
    const refused = await postJson(api, '/api/admin/static_contents', admin, {
      code: 'autre',
      title: '',
      content: '',
    });
    expect(refused.statusCode).toBe(422);
    expect((await members<AuditEntry>('/api/admin/audit_entries?action[]=legal.publish'))[0]).toMatchObject({
      targetLabel: `Conditions générales d'utilisation (version ${published.version})`,
    });
  });

  it('keeps the reference contents: document categories, skip types and help pages, codes and paths set once', async () => {
    const producer = customers['producteur@demo.fr'] as Session;
    const category = await created<{ id: number; code: string }>('/api/admin/document_categories', {
      code: 'BORDEREAU_AMIANTE',
      label: "Bordereau d'amiante",
      position: 11,
    });
    expect(
      (await members<{ label: string }>('/api/document_categories', producer)).map((c) => c.label),
    ).toContain("Bordereau d'amiante");
    const twice = await postJson(api, '/api/admin/document_categories', admin, {
      code: 'BORDEREAU_AMIANTE',
      label: 'Autre',
      position: 12,
    });
    expect(twice.json().violations[0]).toMatchObject({
      propertyPath: 'code',
      message: messages.adminReferenceCodeTaken,
    });
    const badCode = await postJson(api, '/api/admin/document_categories', admin, {
      code: 'a b',
      label: 'X',
      position: 1,
    });
    expect(badCode.json().violations[0]).toMatchObject({ message: messages.adminReferenceCodeFormat });
    const renamed = await mergePatch(api, `/api/admin/document_categories/${category.id}`, admin, {
      label: 'Bordereau amiante (BSDA)',
      code: 'IGNORE',
    });
    expect(renamed.json()).toMatchObject({ label: 'Bordereau amiante (BSDA)', code: 'BORDEREAU_AMIANTE' });
    expect((await auditOf('category', category.id))[0]).toMatchObject({
      action: 'category.update',
      before: { label: "Bordereau d'amiante" },
      after: { label: 'Bordereau amiante (BSDA)', code: 'BORDEREAU_AMIANTE' },
    });

    const skipType = await created<{ id: number; volume: string }>('/api/admin/skip_types', {
      code: 'BENNE_35',
      label: 'Benne 35 m³',
      category: 'Benne',
      volume: '35',
      unit: 'm3',
    });
    expect(Number(skipType.volume)).toBe(35);
    expect((await auditOf('skip_type', skipType.id)).map((entry) => entry.action)).toEqual([
      'skip_type.create',
    ]);
    const zero = await postJson(api, '/api/admin/skip_types', admin, {
      code: 'BENNE_0',
      label: 'Benne',
      category: 'Benne',
      volume: '0',
      unit: 'm3',
    });
    expect(zero.json().violations[0]).toMatchObject({
      propertyPath: 'volume',
      message: messages.adminVolumePositive,
    });

    const page = await created<{ id: number; position: number }>('/api/admin/help_contents', {
      path: 'operateur/nouveautes',
      title: 'Nouveautés du portail',
      summary: 'Ce qui change ce mois-ci.',
      content: '# Nouveautés\n\nLe back-office arrive.',
    });
    const guide = await members<{ path: string; position: number }>(
      '/api/help_contents?pagination=false',
      producer,
    );
    expect(guide.at(-1)).toMatchObject({ path: 'operateur/nouveautes' });
    const edited = await mergePatch(api, `/api/admin/help_contents/${page.id}`, admin, {
      content: 'Texte revu.',
    });
    expect(edited.json()).toMatchObject({ content: 'Texte revu.', path: 'operateur/nouveautes' });
    expect((await auditOf('help', page.id)).map((entry) => entry.action)).toEqual([
      'help.update',
      'help.create',
    ]);
  });

  it("keeps the operator's help pages and published versions when the repository's contents are loaded again", async () => {
    const first = (
      await members<{ id: number; path: string; title: string }>('/api/help_contents?pagination=false')
    )[0];
    await mergePatch(api, `/api/admin/help_contents/${first?.id}`, admin, {
      title: 'Titre choisi par l’opérateur',
    });
    await created('/api/admin/help_contents', {
      path: 'operateur/a-savoir',
      title: 'À savoir',
      summary: 'Les consignes du moment.',
      content: 'Consignes.',
    });
    const legal = await created<{ version: number }>('/api/admin/static_contents', {
      code: 'mentions-legales',
      title: 'Mentions légales',
      content: 'Éditeur : l’opérateur.',
    });
    const { syncContents, readHelpPages, readLegalTexts } = await import('../src/help/content.ts');
    await syncContents(api.db, await readHelpPages(), await readLegalTexts());
    const after = await members<{ id: number; path: string; title: string; position: number }>(
      '/api/help_contents?pagination=false',
    );
    expect(after.find((page) => page.id === first?.id)?.title).toBe('Titre choisi par l’opérateur');
    // The operator's own page is still there, after the repository's.
    expect(after.at(-1)?.path).toBe('operateur/a-savoir');
    expect(new Set(after.map((page) => page.position)).size).toBe(after.length);
    expect((await get(api, '/api/static_contents/current/mentions-legales')).json()).toMatchObject({
      version: legal.version,
      content: 'Éditeur : l’opérateur.',
    });
  });
});
