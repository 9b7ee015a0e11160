import { createHash, randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Db } from '../db/index.ts';
import type { FileStore } from '../files/store.ts';
import type { DemoSeed } from './demo.ts';

/**
 * The demo's documents and administrative documents, in every state: documents of several categories, one with
 * two versions, one deleted (its history stays), one for a chantier, weighing tickets and a slip on realised
 * operations; receipts valid, expiring soon, expired and archived, one associated with several establishments, so
 * that the producer's compliance file has a supplier in each state (and one missing) and its header a warning.
 */

const DAY = 86_400_000;
const day = (now: Date, offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);

/** A small PDF of its own text (each file differs: the same file twice on one establishment is refused). */
const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

interface SeedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

async function storeVersion(
  db: Db,
  files: FileStore,
  owner: { column: 'document_id' | 'administrative_document_id'; id: number },
  version: number,
  file: SeedFile,
  userId: number | null,
  at: Date,
): Promise<void> {
  const key = `documents/${randomUUID()}`;
  const temp = join(files.tempDir, randomUUID());
  await writeFile(temp, file.bytes);
  await files.put(key, temp, file.contentType);
  await db.query(
    `insert into document_files (${owner.column}, version, filename, storage_key, content_type, size, sha256,
       created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      owner.id,
      version,
      file.filename,
      key,
      file.contentType,
      file.bytes.length,
      createHash('sha256').update(file.bytes).digest('hex'),
      userId,
      at,
    ],
  );
}

export async function seedDemoDocuments(db: Db, files: FileStore, demo: DemoSeed, now: Date): Promise<void> {
  const producer = demo.userIds['producteur@demo.fr'] ?? null;
  const provider = demo.userIds['prestataire@demo.fr'] ?? null;
  const ownSites = (
    await db.query<{ id: number }>('select id from company_sites where company_id = $1 order by id', [
      demo.producerCompanyId,
    ])
  ).map((row) => row.id);
  const [mainSite, secondSite] = ownSites;
  if (mainSite === undefined) return;
  const category = new Map(
    (await db.query<{ id: number; code: string }>('select id, code from document_categories')).map((row) => [
      row.code,
      row.id,
    ]),
  );
  const linked = await db.query<{ id: number; companyId: number }>(
    `select cs.id, cs.company_id as "companyId" from site_links l join company_sites cs on cs.id = l.retriever_site_id
     where l.producer_site_id = $1 order by cs.id`,
    [mainSite],
  );
  const providerSite = linked.find((site) => site.companyId === demo.retrieverCompanyId)?.id ?? null;

  async function addDocument(document: {
    name: string;
    category: string;
    date: number;
    site: number;
    recipient: { kind: 'INTERNAL' | 'SITE' | 'ENTITY'; site?: number; entity?: number };
    sender: string;
    by: number | null;
    operation?: number;
    versions: SeedFile[];
    deleted?: boolean;
  }) {
    const at = new Date(now.getTime() + document.date * DAY);
    const { id } = await db.one<{ id: number }>(
      `insert into documents (name, category_id, document_date, company_site_id, recipient_kind, recipient_site_id,
         recipient_entity_id, sender, operation_id, created_by, created_at, updated_at, deleted_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) returning id`,
      [
        document.name,
        category.get(document.category),
        day(now, document.date),
        document.site,
        document.recipient.kind,
        document.recipient.site ?? null,
        document.recipient.entity ?? null,
        document.sender,
        document.operation ?? null,
        document.by,
        at,
        document.deleted ? now : null,
      ],
    );
    const event = (action: string, when: Date) =>
      db.query('insert into document_events (document_id, action, user_id, at) values ($1, $2, $3, $4)', [
        id,
        action,
        document.by,
        when,
      ]);
    await event('ADDED', at);
    for (const [index, file] of document.versions.entries()) {
      const when = new Date(at.getTime() + index * DAY);
      if (document.deleted) {
        // A deleted document's bytes left the store: its rows say what it was.
        await db.query(
          `insert into document_files (document_id, version, filename, content_type, size, sha256, created_by,
             created_at) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
          [id, index + 1, file.filename, file.contentType, file.bytes.length, 'deleted', document.by, when],
        );
      } else await storeVersion(db, files, { column: 'document_id', id }, index + 1, file, document.by, when);
      if (index > 0) await event('VERSION_ADDED', when);
    }
    if (document.deleted) await event('DELETED', now);
  }

  const pdfFile = (filename: string, text: string): SeedFile => ({
    filename,
    contentType: 'application/pdf',
    bytes: pdf(text),
  });

  await addDocument({
    name: 'Contrat de collecte 2026',
    category: 'CONTRACT',
    date: -60,
    site: mainSite,
    recipient: { kind: 'INTERNAL' },
    sender: 'Camille Martin',
    by: producer,
    versions: [
      pdfFile('contrat-collecte-2026.pdf', 'contrat v1'),
      pdfFile('contrat-collecte-2026-signe.pdf', 'contrat v2 signé'),
    ],
  });
  await addDocument({
    name: 'Ancien devis de location de bennes',
    category: 'QUOTE',
    date: -90,
    site: mainSite,
    recipient: { kind: 'INTERNAL' },
    sender: 'Camille Martin',
    by: producer,
    versions: [pdfFile('devis-bennes.pdf', 'devis')],
    deleted: true,
  });
  await addDocument({
    name: 'Plan de prévention du chantier',
    category: 'REPORT',
    date: -10,
    site: demo.chantierSiteId,
    recipient: { kind: 'ENTITY', entity: demo.chantierEntityIds[0] as number },
    sender: 'Camille Martin',
    by: producer,
    versions: [pdfFile('plan-prevention.pdf', `plan de prévention ${demo.chantierEntityIds[0]}`)],
  });
  if (secondSite !== undefined) {
    await addDocument({
      name: 'Relevé des pesées du trimestre',
      category: 'WEIGHING_TICKET',
      date: -5,
      site: secondSite,
      recipient: { kind: 'INTERNAL' },
      sender: 'Camille Martin',
      by: producer,
      versions: [
        {
          filename: 'releve-pesees.csv',
          contentType: 'text/csv',
          bytes: Buffer.from('date;flux;tonnes\n2026-01-12;Carton;1,240\n2026-02-09;Bois;2,105\n'),
        },
      ],
    });
  }
  if (providerSite !== null) {
    await addDocument({
      name: 'Attestation annuelle de valorisation 2025',
      category: 'ANNUAL_CERTIFICATE',
      date: -30,
      site: providerSite,
      recipient: { kind: 'SITE', site: mainSite },
      sender: 'Prestataire de collecte',
      by: provider,
      versions: [pdfFile('attestation-valorisation-2025.pdf', `attestation ${mainSite}`)],
    });
    // The slips and tickets of the latest realised operations the provider carried out for the main site.
    const realised = await db.query<{ id: number; bsd: string | null; date: string }>(
      `select id, bsd_number as bsd, coalesce(real_intervention_date, requested_date)::text as date from operations
       where company_site_id = $1 and provider_site_id = $2 and status = 'REALISED'
       order by real_intervention_date desc nulls last, id desc limit 3`,
      [mainSite, providerSite],
    );
    for (const [index, operation] of realised.entries()) {
      const offset = Math.round((Date.parse(operation.date) - now.getTime()) / DAY);
      await addDocument({
        name: `Ticket de pesée n° ${operation.id}`,
        category: 'WEIGHING_TICKET',
        date: offset,
        site: providerSite,
        recipient: { kind: 'SITE', site: mainSite },
        sender: 'Prestataire de collecte',
        by: provider,
        operation: operation.id,
        versions: [
          {
            filename: `ticket-pesee-${operation.id}.png`,
            contentType: 'image/png',
            // A 1×1 PNG, followed by the ticket's number so that each file differs.
            bytes: Buffer.concat([
              Buffer.from(
                'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
                'base64',
              ),
              Buffer.from(String(operation.id)),
            ]),
          },
        ],
      });
      if (index === 0) {
        await addDocument({
          name: `Bordereau de suivi ${operation.bsd ?? operation.id}`,
          category: 'BSD',
          date: offset,
          site: providerSite,
          recipient: { kind: 'SITE', site: mainSite },
          sender: 'Prestataire de collecte',
          by: provider,
          operation: operation.id,
          versions: [pdfFile(`bsd-${operation.id}.pdf`, `bsd ${operation.id}`)],
        });
      }
    }
  }

  async function addAdministrative(document: {
    type: string;
    customType?: string;
    receiptNumber?: string;
    validUntil: number | null;
    comment?: string;
    archived?: boolean;
    sites: number[];
    by: number | null;
    versions: SeedFile[];
  }) {
    const { id } = await db.one<{ id: number }>(
      `insert into administrative_documents (type, custom_type, receipt_number, valid_until, comment, archived,
         created_by, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id`,
      [
        document.type,
        document.customType ?? null,
        document.receiptNumber ?? null,
        document.validUntil === null ? null : day(now, document.validUntil),
        document.comment ?? null,
        document.archived ?? false,
        document.by,
        now,
      ],
    );
    await db.query(
      `insert into administrative_document_sites (administrative_document_id, company_site_id)
       select $1, unnest($2::int[])`,
      [id, document.sites],
    );
    for (const [index, file] of document.versions.entries()) {
      await storeVersion(
        db,
        files,
        { column: 'administrative_document_id', id },
        index + 1,
        file,
        document.by,
        now,
      );
    }
  }

  const companySites = async (companyId: number) =>
    (
      await db.query<{ id: number }>('select id from company_sites where company_id = $1 order by id', [
        companyId,
      ])
    ).map((row) => row.id);
  // The demo provider: a receipt valid a year on its other establishments (one document for all of them), and an
  // archived, expired one on the main site's provider, whose receipt is thus missing until the provider adds it.
  const providerSites = await companySites(demo.retrieverCompanyId);
  const others = providerSites.filter((id) => id !== providerSite);
  if (others.length > 0) {
    await addAdministrative({
      type: 'TRANSPORT_RECEIPT',
      receiptNumber: '2025-RT-0142',
      validUntil: 365,
      sites: others,
      by: provider,
      versions: [pdfFile('recepisse-transport.pdf', 'récépissé 2025-RT-0142')],
    });
  }
  if (providerSite !== null) {
    await addAdministrative({
      type: 'TRANSPORT_RECEIPT',
      receiptNumber: '2020-RT-0077',
      validUntil: -400,
      archived: true,
      comment: 'Remplacé par le récépissé en cours de renouvellement',
      sites: [providerSite],
      by: provider,
      versions: [pdfFile('recepisse-2020.pdf', 'récépissé 2020-RT-0077')],
    });
    await addAdministrative({
      type: 'OTHER',
      customType: "Attestation d'assurance",
      validUntil: 200,
      sites: [providerSite],
      by: provider,
      versions: [pdfFile('attestation-assurance.pdf', 'assurance')],
    });
  }
  // The main site's other providers: one receipt expiring within 60 days, then valid ones.
  const otherProviders = linked.filter(
    (site) => site.companyId !== demo.retrieverCompanyId && site.companyId !== demo.carrierCompanyId,
  );
  for (const [index, site] of otherProviders.entries()) {
    await addAdministrative({
      type: 'TRANSPORT_RECEIPT',
      receiptNumber: `2024-RT-${String(200 + index).padStart(4, '0')}`,
      validUntil: index === 0 ? 20 : 300,
      sites: [site.id],
      by: null,
      versions: [pdfFile(`recepisse-${site.id}.pdf`, `récépissé ${site.id}`)],
    });
  }
  // The carrier: its receipt has expired (the producer's header warns of it), with a prefectoral order beside.
  const carrierSites = await companySites(demo.carrierCompanyId);
  if (carrierSites.length > 0) {
    await addAdministrative({
      type: 'TRANSPORT_RECEIPT',
      receiptNumber: '2021-RT-0913',
      validUntil: -15,
      comment: 'Renouvellement demandé en préfecture',
      sites: carrierSites,
      by: demo.userIds['transporteur@demo.fr'] ?? null,
      versions: [pdfFile('recepisse-transporteur.pdf', 'récépissé transporteur')],
    });
    await addAdministrative({
      type: 'PREFECTORAL_ORDER',
      receiptNumber: 'AP-2019-1187',
      validUntil: null,
      sites: [carrierSites[0] as number],
      by: demo.userIds['transporteur@demo.fr'] ?? null,
      versions: [pdfFile('arrete-prefectoral.pdf', 'arrêté AP-2019-1187')],
    });
  }
}
