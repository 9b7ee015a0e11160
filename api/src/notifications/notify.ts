import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  type OperationType,
  operationTypeLabels,
  parisDate,
} from '@portal/domain';
import type { Db } from '../db/index.ts';

/** An event to tell the users of one side (a site, or a chantier of it) about. */
export interface NoticeEvent {
  kind: NotificationKind;
  /** Whoever caused it: not told of their own act. */
  actorId: number | null;
  /** The side's site, or several sites: a user of more than one of them is told once. */
  siteId: number | readonly number[];
  entityId: number | null;
  title: string;
  body: string;
  /** The portal's path of the screen concerned. */
  link: string;
  now: Date;
  /** False for a notice of the past (the demo's history): shown under the bell, never mailed. */
  mail?: boolean;
}

/**
 * Writes the notification of each user of the event's side (of the kind's typology; a chantier's users only for
 * their chantier; accounts in use only) and, for those whose settings want a mail, its outbox row: in `tx`, the transaction of the
 * change that causes it, so that a change is never without its notice nor a notice without its change.
 */
export async function notify(tx: Db, event: NoticeEvent): Promise<void> {
  const { audience, defaultMode } = NOTIFICATION_KINDS[event.kind];
  const recipients = await tx.query<{ id: number; enabled: boolean; mode: string }>(
    `select u.id, coalesce(ns.enabled, true) as enabled, coalesce(ns.mode, $6) as mode
     from users u
     left join notification_settings ns on ns.user_id = u.id and ns.kind = $5
     where u.id is distinct from $4
       -- An account in use: not deactivated, and its invitation accepted (a password set).
       and u.deactivated_at is null and u.password_hash is not null
       and exists (select 1 from user_user_typologies uut join user_typologies t on t.id = uut.user_typology_id
                   where uut.user_id = u.id and t.code = $3)
       and (exists (select 1 from user_companies uc join company_sites cs on cs.company_id = uc.company_id
                    where uc.user_id = u.id and cs.id = any($1::int[]))
            or exists (select 1 from user_company_sites ucs
                       where ucs.user_id = u.id and ucs.company_site_id = any($1::int[]))
            or ($2::int is not null and exists (select 1 from user_company_site_entities ue
                    where ue.user_id = u.id and ue.company_site_entity_id = $2)))
     order by u.id`,
    [[event.siteId].flat(), event.entityId, audience, event.actorId, event.kind, defaultMode],
  );
  for (const recipient of recipients) {
    const notification = await tx.one<{ id: number }>(
      `insert into notifications (user_id, kind, title, body, link, created_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [recipient.id, event.kind, event.title, event.body, event.link, event.now],
    );
    if (!recipient.enabled || event.mail === false) continue;
    await tx.query(
      `insert into notification_outbox (notification_id, user_id, digest_day, next_attempt_at)
       values ($1, $2, $3, $4)`,
      [notification.id, recipient.id, recipient.mode === 'DIGEST' ? parisDate(event.now) : null, event.now],
    );
  }
}

/** A date of the database (YYYY-MM-DD) as the French read it. */
export const frenchDate = (iso: string | null) => (iso === null ? '' : iso.split('-').reverse().join('/'));

interface OperationFacts {
  id: number;
  type: OperationType;
  siteId: number;
  entityId: number | null;
  providerId: number | null;
  /** Null for a declared flow, which has no container. */
  skipName: string | null;
  wasteLabel: string | null;
  declaredBy: 'PRODUCER' | 'PROVIDER' | null;
  siteName: string;
  providerName: string | null;
  requestedDate: string | null;
  interventionDate: string | null;
  realInterventionDate: string | null;
}

/** What the notices about an operation say, read in the transaction that changes it. */
async function operationFacts(tx: Db, operationId: number): Promise<OperationFacts> {
  return tx.one<OperationFacts>(
    `select o.id, o.type, o.company_site_id as "siteId", o.company_site_entity_id as "entityId",
            o.provider_site_id as "providerId", s.name as "skipName", w.label as "wasteLabel",
            o.declared_by as "declaredBy", cs.name as "siteName",
            p.name as "providerName", o.requested_date::text as "requestedDate",
            o.intervention_date::text as "interventionDate",
            o.real_intervention_date::text as "realInterventionDate"
     from operations o left join skips s on s.id = o.skip_id join company_sites cs on cs.id = o.company_site_id
     left join company_sites p on p.id = o.provider_site_id
     left join third_level_wastes w on w.id = o.third_level_waste_id
     where o.id = $1`,
    [operationId],
  );
}

/** The kinds an operation's move tells, by the status it reaches. */
const OPERATION_NOTICES: Partial<Record<string, NotificationKind>> = {
  SCHEDULED: 'OPERATION_SCHEDULED',
  ACCEPTED_WITHOUT_SCHEDULING: 'OPERATION_SCHEDULED',
  COMPLETED: 'OPERATION_COMPLETED',
  REALISED: 'OPERATION_VALIDATED',
  CANCELLED: 'REQUEST_CANCELLED',
};

/**
 * The notice of an operation that was just requested (`status` null) or moved to `status`: to the producer's
 * side for what the provider did, to the provider's side for what the producer did.
 */
export async function notifyOperation(
  tx: Db,
  operationId: number,
  status: string | null,
  actorId: number,
  now: Date,
  options: { mail?: boolean } = {},
): Promise<void> {
  const kind = status === null ? 'NEW_REQUEST' : OPERATION_NOTICES[status];
  if (kind === undefined && status !== 'TO_VALIDATE') return;
  const facts = await operationFacts(tx, operationId);
  if (facts.declaredBy !== null) {
    await notifyFlow(tx, facts, status, actorId, now, options);
    return;
  }
  if (kind === undefined) return;
  const what = `${operationTypeLabels[facts.type]} du contenant « ${facts.skipName} »`;
  const provider = facts.providerName ?? 'Votre prestataire';
  const text: Record<NotificationKind, [string, string] | null> = {
    OPERATION_SCHEDULED:
      status === 'SCHEDULED'
        ? [
            `Intervention programmée le ${frenchDate(facts.interventionDate)}`,
            `${provider} a programmé la demande « ${what} » (${facts.siteName}) pour le ${frenchDate(facts.interventionDate)}.`,
          ]
        : ['Demande acceptée', `${provider} a accepté la demande « ${what} » (${facts.siteName}).`],
    OPERATION_COMPLETED: [
      'Opération réalisée, à valider',
      `${provider} a réalisé l'opération « ${what} » (${facts.siteName}) : elle attend votre validation.`,
    ],
    NEW_REQUEST: [
      `Nouvelle demande : ${operationTypeLabels[facts.type].toLowerCase()}`,
      `${facts.siteName} demande « ${what} » pour le ${frenchDate(facts.requestedDate)}.`,
    ],
    REQUEST_CANCELLED: ['Demande annulée', `${facts.siteName} a annulé la demande « ${what} ».`],
    OPERATION_VALIDATED: ['Opération validée', `${facts.siteName} a validé l'opération « ${what} ».`],
    DELIVERY_SCHEDULED: null,
    INCIDENT_DECLARED: null,
    DOCUMENT_SHARED: null,
    SUPPLIER_DOCUMENT_EXPIRING: null,
  };
  const [title, body] = text[kind] ?? ['', ''];
  const toProducer = NOTIFICATION_KINDS[kind].audience === 'producer';
  if (!toProducer && facts.providerId === null) return;
  await notify(tx, {
    kind,
    actorId,
    siteId: toProducer ? facts.siteId : (facts.providerId ?? 0),
    entityId: toProducer ? facts.entityId : null,
    title,
    body,
    link: `/operations/${facts.id}`,
    now,
    ...options,
  });
}

/**
 * A declared flow tells the other side what waits for it: a flow sent for validation, to the side that did not
 * declare it; a provider's flow validated, to the provider. Its other moves are its declarer's own.
 */
async function notifyFlow(
  tx: Db,
  facts: OperationFacts,
  status: string | null,
  actorId: number,
  now: Date,
  options: { mail?: boolean },
): Promise<void> {
  const what = `« ${facts.wasteLabel ?? 'déchet'} » (${facts.siteName}) du ${frenchDate(facts.realInterventionDate)}`;
  const byProvider = facts.declaredBy === 'PROVIDER';
  const notice: { kind: NotificationKind; title: string; body: string } | null =
    status === 'TO_VALIDATE'
      ? {
          kind: byProvider ? 'OPERATION_COMPLETED' : 'NEW_REQUEST',
          title: 'Flux déclaré, à valider',
          body: `${byProvider ? (facts.providerName ?? 'Votre prestataire') : facts.siteName} a déclaré le flux ${what} : il attend votre validation.`,
        }
      : status === 'REALISED' && byProvider
        ? {
            kind: 'OPERATION_VALIDATED',
            title: 'Flux validé',
            body: `${facts.siteName} a validé le flux ${what}.`,
          }
        : null;
  if (notice === null) return;
  const toProducer = NOTIFICATION_KINDS[notice.kind].audience === 'producer';
  if (!toProducer && facts.providerId === null) return;
  await notify(tx, {
    ...notice,
    actorId,
    siteId: toProducer ? facts.siteId : (facts.providerId ?? 0),
    entityId: toProducer ? facts.entityId : null,
    link: `/operations/${facts.id}`,
    now,
    ...options,
  });
}

/** The provider's side is told of an incident the producer declared. */
export async function notifyIncident(tx: Db, incidentId: number, actorId: number, now: Date): Promise<void> {
  const facts = await tx.one<{
    operationId: number | null;
    providerId: number | null;
    skipName: string;
    siteName: string;
    description: string;
  }>(
    `select i.operation_id as "operationId", i.provider_site_id as "providerId", s.name as "skipName",
            cs.name as "siteName", i.description
     from incidents i join company_sites cs on cs.id = i.company_site_id
     join skips s on s.id = coalesce(i.skip_id, (select o.skip_id from operations o where o.id = i.operation_id))
     where i.id = $1`,
    [incidentId],
  );
  if (facts.providerId === null) return;
  const excerpt = facts.description.length > 200 ? `${facts.description.slice(0, 200)}…` : facts.description;
  await notify(tx, {
    kind: 'INCIDENT_DECLARED',
    actorId,
    siteId: facts.providerId,
    entityId: null,
    title: `Incident déclaré : ${facts.skipName}`,
    body: `${facts.siteName} a déclaré un incident sur le contenant « ${facts.skipName} » : ${excerpt}`,
    link:
      facts.operationId === null ? `/mes-clients/${facts.providerId}` : `/operations/${facts.operationId}`,
    now,
  });
}

/** The producer's side is told of a delivery the provider scheduled. */
export async function notifyDeliveryScheduled(
  tx: Db,
  deliveryId: number,
  actorId: number,
  now: Date,
): Promise<void> {
  const facts = await tx.one<{
    siteId: number;
    entityId: number | null;
    skipName: string;
    providerName: string | null;
    scheduledDate: string | null;
  }>(
    `select d.company_site_id as "siteId", s.company_site_entity_id as "entityId", s.name as "skipName",
            p.name as "providerName", d.scheduled_date::text as "scheduledDate"
     from skip_deliveries d join skips s on s.id = d.skip_id left join company_sites p on p.id = d.provider_site_id
     where d.id = $1`,
    [deliveryId],
  );
  await notify(tx, {
    kind: 'DELIVERY_SCHEDULED',
    actorId,
    siteId: facts.siteId,
    entityId: facts.entityId,
    title: `Livraison programmée le ${frenchDate(facts.scheduledDate)}`,
    body: `${facts.providerName ?? 'Votre prestataire'} livrera le contenant « ${facts.skipName} » le ${frenchDate(facts.scheduledDate)}.`,
    link: `/mes-etablissements/${facts.siteId}`,
    now,
  });
}

/** The provider's side is told of a recurring rotation program the producer submitted. */
export async function notifyRotationProgram(
  tx: Db,
  programId: number,
  actorId: number,
  now: Date,
): Promise<void> {
  const facts = await tx.one<{
    providerId: number | null;
    skipName: string;
    siteName: string;
    startDate: string;
  }>(
    `select p.provider_site_id as "providerId", s.name as "skipName", cs.name as "siteName",
            p.start_date::text as "startDate"
     from operation_programs p join skips s on s.id = p.skip_id join company_sites cs on cs.id = p.company_site_id
     where p.id = $1`,
    [programId],
  );
  if (facts.providerId === null) return;
  await notify(tx, {
    kind: 'NEW_REQUEST',
    actorId,
    siteId: facts.providerId,
    entityId: null,
    title: 'Nouveau programme de rotations',
    body: `${facts.siteName} demande des rotations récurrentes du contenant « ${facts.skipName} » à partir du ${frenchDate(facts.startDate)}.`,
    link: '/operations/demandes',
    now,
  });
}

/**
 * The receiving side of a document just added is told of it: the establishment, the chantier, or every
 * establishment of the company it was addressed to (nothing for a document kept internal or sent to the operator).
 */
export async function notifyDocumentShared(
  tx: Db,
  documentId: number,
  actorId: number,
  now: Date,
): Promise<void> {
  const facts = await tx.one<{
    name: string;
    category: string;
    issuer: string;
    siteIds: number[] | null;
    entityId: number | null;
  }>(
    `select d.name, c.label as category, cs.name as issuer,
            case d.recipient_kind
              when 'SITE' then array[d.recipient_site_id]
              when 'ENTITY' then (select array[e.company_site_id] from company_site_entities e
                                  where e.id = d.recipient_entity_id)
              when 'COMPANY' then (select array_agg(r.id order by r.id) from company_sites r
                                   where r.company_id = d.recipient_company_id)
            end as "siteIds",
            d.recipient_entity_id as "entityId"
     from documents d join document_categories c on c.id = d.category_id
     join company_sites cs on cs.id = d.company_site_id
     where d.id = $1`,
    [documentId],
  );
  const siteIds = (facts.siteIds ?? []).filter((id): id is number => id !== null);
  if (siteIds.length === 0) return;
  await notify(tx, {
    kind: 'DOCUMENT_SHARED',
    actorId,
    siteId: siteIds,
    entityId: facts.entityId,
    title: `Nouveau document : ${facts.name}`,
    body: `${facts.issuer} vous a transmis « ${facts.name} » (${facts.category}).`,
    link: '/documents',
    now,
  });
}
