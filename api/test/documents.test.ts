import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DOCUMENT_MAX_BYTES, messages } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeSupplierDocumentExpiries } from '../src/notifications/expiries.ts';
import { createTestApi, get, mergePatch, type Session, type TestApi } from './helpers.ts';
import { loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/** Documents: formats by content, sizes, duplicates, versions, nothing kept on refusal, who sees what. */

let api: TestApi;
let w: SkipWorld;
let categoryIri: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
  const categories = await get(api, '/api/document_categories', w.producer);
  categoryIri = categories.json<{ 'hydra:member': { '@id': string }[] }>()['hydra:member'][0]?.['@id'] ?? '';
});
afterAll(() => api.close());

function upload(
  session: Session,
  fields: Record<string, string | string[]>,
  file: [string, Buffer] | null,
  url = '/api/documents',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  if (file !== null) form.append('file', new Blob([new Uint8Array(file[1])]), file[0]);
  return api.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${session.token}` },
    payload: form,
  });
}

const site = (id: number) => `/api/company_sites/${id}`;
const details = (extra: Record<string, string> = {}) => ({
  category: categoryIri,
  companySite: site(w.ownSiteIds[0] as number),
  recipientKind: 'INTERNAL',
  ...extra,
});

/** Every file in the store and its temporary folder. */
async function storedFiles(): Promise<string[]> {
  const dir = join(api.dataDir, 'files');
  const list = async (name: string) => (await readdir(join(dir, name)).catch(() => [] as string[])).length;
  return [`documents:${await list('documents')}`, `tmp:${await list('tmp')}`];
}

/** The notifications of one kind a user has, oldest first. */
const noticesOf = (session: Session, kind: string) =>
  api.db.query<{ title: string; body: string; link: string }>(
    'select title, body, link from notifications where user_id = $1 and kind = $2 order by id',
    [session.userId, kind],
  );

const violationsOf = (response: { json: <T>() => T }) =>
  response.json<{ violations: { propertyPath: string; message: string }[] }>().violations;

describe('POST /api/documents', () => {
  it('recognises formats by their content, not their name, and keeps nothing it refuses', async () => {
    const before = await storedFiles();
    const refused: [string, Buffer][] = [
      ['rapport.pdf', Buffer.from('Ceci est un texte, pas un PDF.\n')],
      ['photo.png', Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
      ['outil.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00])],
      ['vide.txt', Buffer.alloc(0)],
    ];
    for (const file of refused) {
      const response = await upload(w.producer, details(), file);
      expect(response.statusCode, file[0]).toBe(422);
      expect(violationsOf(response)).toEqual([
        expect.objectContaining({ propertyPath: 'file', message: messages.fileFormatNotAllowed }),
      ]);
    }
    expect(await storedFiles()).toEqual(before);

    // A PDF named .txt is a PDF; a CSV is text named .csv; an SVG is stored as SVG.
    const accepted: [string, Buffer, string][] = [
      ['bordereau.txt', PDF, 'application/pdf'],
      ['pesees.csv', Buffer.from('date;poids\n2026-03-01;1,2\n'), 'text/csv'],
      [
        'plan.svg',
        Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
        'image/svg+xml',
      ],
    ];
    for (const [name, bytes, type] of accepted) {
      const response = await upload(w.producer, details(), [name, bytes]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ contentType: string }>().contentType).toBe(type);
    }
  });

  it('refuses a file over 50 MB and one missing, naming the fields, and keeps nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.concat([PDF, Buffer.alloc(DOCUMENT_MAX_BYTES + 1 - PDF.length)]);
    const tooLarge = await upload(w.producer, details(), ['gros.pdf', big]);
    expect(tooLarge.statusCode).toBe(422);
    expect(violationsOf(tooLarge)).toEqual([
      expect.objectContaining({
        propertyPath: 'file',
        message: 'La taille du fichier dépasse la limite de 50 Mo',
      }),
    ]);
    const missing = await upload(w.producer, details({ recipientKind: 'SITE' }), null);
    expect(
      violationsOf(missing)
        .map((v) => v.propertyPath)
        .sort(),
    ).toEqual(['file', 'recipientSite']);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses the same content twice on one establishment, not on another', async () => {
    const bytes = Buffer.from('%PDF-1.4\n% ticket 4242\n%%EOF\n');
    expect((await upload(w.producer, details(), ['ticket.pdf', bytes])).statusCode).toBe(201);
    const before = await storedFiles();
    const again = await upload(w.producer, details(), ['autre-nom.pdf', bytes]);
    expect(again.statusCode).toBe(422);
    expect(violationsOf(again)[0]?.message).toBe(messages.documentAlreadyAdded);
    expect(await storedFiles()).toEqual(before);
    const elsewhere = await upload(w.producer, details({ companySite: site(w.ownSiteIds[1] as number) }), [
      'ticket.pdf',
      bytes,
    ]);
    expect(elsewhere.statusCode).toBe(201);
  });

  it('keeps every version, serves each as an attachment, records the history and deletes', async () => {
    const created = await upload(w.producer, details({ name: 'Contrat cadre' }), [
      'contrat.pdf',
      PDF.subarray(0, 30),
    ]);
    const { id } = created.json<{ id: number }>();
    const v2 = await upload(w.producer, {}, ['contrat-v2.png', PNG], `/api/documents/${id}/versions`);
    expect(v2.statusCode, v2.body).toBe(201);
    const document = v2.json<{ version: number; filename: string; versions: { version: number }[] }>();
    expect(document.version).toBe(2);
    expect(document.filename).toBe('contrat-v2.png');
    expect(document.versions.map((v) => v.version)).toEqual([2, 1]);

    const current = await get(api, `/api/documents/${id}/download`, w.producer);
    expect(current.rawPayload.equals(PNG)).toBe(true);
    expect(current.headers['content-disposition']).toMatch(/^attachment;/);
    expect(current.headers['x-content-type-options']).toBe('nosniff');
    const first = await get(api, `/api/documents/${id}/download?version=1`, w.producer);
    expect(first.rawPayload.equals(PDF.subarray(0, 30))).toBe(true);

    const renamed = await mergePatch(api, `/api/documents/${id}`, w.producer, { name: 'Contrat 2026' });
    expect(renamed.json<{ name: string }>().name).toBe('Contrat 2026');

    const before = await storedFiles();
    const deleted = await api.app.inject({
      method: 'DELETE',
      url: `/api/documents/${id}`,
      headers: { authorization: `Bearer ${w.producer.token}` },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await storedFiles())[0]).toBe(`documents:${Number(before[0]?.split(':')[1]) - 2}`);
    expect((await get(api, `/api/documents/${id}/download`, w.producer)).statusCode).toBe(404);
    const history = await get(api, '/api/documents?deleted=true', w.producer);
    const gone = history
      .json<{ 'hydra:member': { id: number; history: { action: string; userName: string }[] }[] }>()
      ['hydra:member'].find((doc) => doc.id === id);
    expect(gone?.history.map((event) => event.action)).toEqual([
      'ADDED',
      'VERSION_ADDED',
      'UPDATED',
      'DELETED',
    ]);
  });
});

describe('who sees a document', () => {
  it("shows a chantier's document to its limited user only, and nothing of a tenant to another", async () => {
    const toChantier = await upload(
      w.producer,
      details({
        companySite: site(w.chantierSiteId),
        recipientKind: 'ENTITY',
        recipientEntity: `/api/company_sites/${w.chantierSiteId}/company_site_entities/${w.chantierEntityIds[0]}`,
      }),
      ['chantier.pdf', Buffer.from('%PDF-1.4\n% chantier A\n')],
    );
    expect(toChantier.statusCode, toChantier.body).toBe(201);
    const toOther = await upload(
      w.producer,
      details({
        companySite: site(w.chantierSiteId),
        recipientKind: 'ENTITY',
        recipientEntity: `/api/company_sites/${w.chantierSiteId}/company_site_entities/${w.otherEntityId}`,
      }),
      ['autre.pdf', Buffer.from('%PDF-1.4\n% chantier B\n')],
    );
    const mine = toChantier.json<{ id: number }>().id;
    const notMine = toOther.json<{ id: number }>().id;
    expect((await get(api, `/api/documents/${mine}`, w.chantier)).statusCode).toBe(200);
    expect((await get(api, `/api/documents/${mine}/download`, w.chantier)).statusCode).toBe(200);
    expect((await get(api, `/api/documents/${notMine}`, w.chantier)).statusCode).toBe(404);
    expect((await get(api, `/api/documents/${notMine}/download`, w.chantier)).statusCode).toBe(404);
    // Another tenant (the provider, the carrier) sees neither, and cannot add on the producer's establishment.
    for (const stranger of [w.retriever, w.carrier]) {
      expect((await get(api, `/api/documents/${mine}`, stranger)).statusCode).toBe(404);
      expect((await get(api, `/api/documents/${mine}/download`, stranger)).statusCode).toBe(404);
    }
    const foreign = await upload(w.retriever, details(), ['x.pdf', Buffer.from('%PDF-1.4\n% x\n')]);
    expect(foreign.statusCode).toBe(403);
    // The limited user reads; it does not manage.
    const patch = await mergePatch(api, `/api/documents/${mine}`, w.chantier, { name: 'x' });
    expect(patch.statusCode).toBe(403);
  });

  it("lets a provider address a document to its client's establishment, which then sees it", async () => {
    const sent = await upload(
      w.retriever,
      {
        category: categoryIri,
        companySite: site(w.providerSiteId),
        recipientKind: 'SITE',
        recipientSite: site(w.ownSiteIds[0] as number),
      },
      ['attestation.pdf', Buffer.from('%PDF-1.4\n% attestation\n')],
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const list = await get(api, `/api/documents?companySite[]=${w.providerSiteId}`, w.producer);
    expect(list.json<{ 'hydra:member': { id: number }[] }>()['hydra:member'].map((d) => d.id)).toContain(
      sent.json<{ id: number }>().id,
    );
    // The establishment's users are told, under the bell (and by mail, as their settings say).
    expect(await noticesOf(w.producer, 'DOCUMENT_SHARED')).toEqual([
      expect.objectContaining({ title: 'Nouveau document : attestation', link: '/documents' }),
    ]);
    expect(await noticesOf(w.retriever, 'DOCUMENT_SHARED')).toEqual([]);
  });
});

describe('administrative documents and the compliance file', () => {
  it("flags expiry, is read by the provider's clients, and shows in their compliance file", async () => {
    const today = api.clock.now.toISOString().slice(0, 10);
    const in10 = new Date(api.clock.now.getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const receipt = await upload(
      w.retriever,
      {
        type: 'TRANSPORT_RECEIPT',
        receiptNumber: 'R-42',
        validUntil: in10,
        'companySites[]': [site(w.providerSiteId)],
      },
      ['recepisse.pdf', Buffer.from('%PDF-1.4\n% recepisse\n')],
      '/api/administrative_documents',
    );
    expect(receipt.statusCode, receipt.body).toBe(201);
    const { id } = receipt.json<{ id: number }>();
    const seen = await get(api, `/api/administrative_documents/${id}`, w.producer);
    expect(seen.json<{ editable: boolean; expired: boolean }>()).toMatchObject({
      editable: false,
      expired: false,
    });
    expect(
      (await mergePatch(api, `/api/administrative_documents/${id}`, w.producer, { archived: true }))
        .statusCode,
    ).toBe(403);

    const file = await get(
      api,
      `/api/AdministrativeDocument/administrative_document_valid_for_establishment?establishmentId=${w.ownSiteIds[0]}`,
      w.producer,
    );
    const line = file
      .json<{ lines: { companySite: string | null; requiredType: string; state: string }[] }>()
      .lines.find((l) => l.companySite === site(w.providerSiteId));
    expect(line).toMatchObject({ requiredType: 'TRANSPORT_RECEIPT', state: 'EXPIRING' });

    const expired = await mergePatch(api, `/api/administrative_documents/${id}`, w.retriever, {
      validUntil: '2020-01-01',
    });
    expect(expired.json<{ expired: boolean; state: string }>()).toMatchObject({
      expired: true,
      state: 'EXPIRED',
    });
    expect(today > '2020-01-01').toBe(true);
    const other = await get(
      api,
      `/api/AdministrativeDocument/administrative_document_valid_for_establishment?establishmentId=${w.ownSiteIds[0]}`,
      w.retriever,
    );
    expect(other.statusCode).toBe(404);
  });
});

describe("telling producers of their suppliers' documents reaching their end", () => {
  const day = (days: number) =>
    new Date(api.clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const addAdministrative = (type: string, validUntil: string, name: string) =>
    upload(
      w.retriever,
      { type, validUntil, 'companySites[]': [site(w.providerSiteId)] },
      [name, Buffer.from(`%PDF-1.4\n% ${name}\n`)],
      '/api/administrative_documents',
    );
  const about = (type: string) => async () =>
    (await noticesOf(w.producer, 'SUPPLIER_DOCUMENT_EXPIRING')).filter((notice) =>
      notice.title.includes(type),
    );

  it('says nothing of a document already replaced by a later one', async () => {
    const orders = about('Arrêté complémentaire');
    expect((await addAdministrative('COMPLEMENTARY_ORDER', day(5), 'ancien.pdf')).statusCode).toBe(201);
    expect((await addAdministrative('COMPLEMENTARY_ORDER', day(300), 'nouveau.pdf')).statusCode).toBe(201);
    await noticeSupplierDocumentExpiries(api.db, api.clock.now);
    expect(await orders()).toEqual([]);
  });

  it('tells once when the current document comes within its warning period, once when it has ended', async () => {
    const brokerage = about('Récépissé de courtage');
    expect((await addAdministrative('BROKERAGE_RECEIPT', day(10), 'courtage.pdf')).statusCode).toBe(201);
    await noticeSupplierDocumentExpiries(api.db, api.clock.now);
    expect(await brokerage()).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^Document bientôt expiré : Récépissé de courtage de /),
        link: '/documents?vue=conformite',
      }),
    ]);
    expect(await noticeSupplierDocumentExpiries(api.db, api.clock.now)).toBe(0);
    expect(await brokerage()).toHaveLength(1);

    // Sessions end sooner than that: this test comes last in the file.
    api.clock.advance(11 * 86_400_000);
    await noticeSupplierDocumentExpiries(api.db, api.clock.now);
    const notices = await brokerage();
    expect(notices).toHaveLength(2);
    expect(notices[1]?.title).toMatch(/^Document expiré : Récépissé de courtage de /);
    expect(notices[1]?.body).toContain('a expiré le');
    await noticeSupplierDocumentExpiries(api.db, api.clock.now);
    expect(await brokerage()).toHaveLength(2);
    // The provider's own users are not told of their own papers this way.
    expect(await noticesOf(w.retriever, 'SUPPLIER_DOCUMENT_EXPIRING')).toEqual([]);
  });
});
