import {
  declarationOf,
  declarerSide,
  type FlowDeclarer,
  hasFullAccess,
  isLimitedToEntities,
  isUserTypology,
  type OperationActionName,
  type OperationActor,
  type OperationStatus,
  operationActionFor,
  type Permission,
  permissionsFor,
  SKIP_PROVIDER_FIELDS,
  type UserLinks,
  type UserTypology,
} from '@portal/domain';
import type { Db, NamedStatement } from '../db/index.ts';
import { SqlParams } from '../db/sql.ts';
import { forbidden, notFound } from '../hydra/index.ts';

export interface OwnSite {
  companyId: number;
  /** Full access (SPEC 6): through the site's company or the site itself, never for limited-entity users. */
  full: boolean;
}

export interface LinkedSite {
  companyId: number;
  /** The site is the client side of a link to one of the caller's sites. */
  asProducer: boolean;
  /** The site is the provider side of a link to one of the caller's sites. */
  asRetriever: boolean;
}

/**
 * A container, or what is done on one (a delivery, an operation, a program, an incident), as access decisions
 * see it: the producer's site and chantier, and the provider site, under their REST names (ids), so that every
 * such row is its own target.
 */
export interface SkipTarget {
  companySite: number;
  companySiteEntity: number | null;
  provider: number | null;
}

/** Who the caller is to a container: the producer who owns it, its provider, both or neither. */
export interface SkipSides {
  producer: boolean;
  provider: boolean;
}

/** An operation: a row about a container that also names the establishment that carries it. */
export interface OperationTarget extends SkipTarget {
  transporterSite: number | null;
}

/** Who the caller is to an operation: its container's sides, and its carrier (who reads it, and acts on none). */
export interface OperationSides extends SkipSides {
  carrier: boolean;
}

/** Everything access decisions need about the caller, loaded once per request. */
export interface CallerAccess {
  userId: number;
  typologies: UserTypology[];
  /** An administrator of the portal's operator (the back office). */
  admin: boolean;
  /** Direct links of the user (user_companies, user_company_sites, user_company_site_entities). */
  links: UserLinks;
  limitedToEntities: boolean;
  permissions: Permission[];
  /** Every own site: through a company, directly, or through an entity. */
  ownSites: Map<number, OwnSite>;
  /** Sites linked (site_links) to an own site, that are not own sites themselves. */
  linkedSites: Map<number, LinkedSite>;
}

/** What the access statement returns (ACCESS_BY_USER): one row, every list in its order. */
export interface AccessRow {
  userId: number;
  /** The stamp of everyone's access when the row was read (ACCESS_STAMP). */
  accessStamp: string;
  admin: boolean;
  typologies: string[];
  companyIds: number[];
  companySiteIds: number[];
  entityIds: number[];
  ownSites: { id: number; companyId: number }[];
  linkedSites: ({ id: number } & LinkedSite)[];
}

/**
 * The establishment `cs` is in use: neither it nor its company was deactivated by the operator (a deactivated
 * establishment is nobody's any more, its history stays).
 */
const ACTIVE_SITE = `cs.deactivated_at is null
  and not exists (select 1 from companies c where c.id = cs.company_id and c.deactivated_at is not null)`;

/**
 * The stamp of everyone's access: the epoch that every change to a row the access statement reads moves on, in
 * its commit (migration `027_access_stamp.sql`), and France's date, on which a link's period is reckoned. An
 * expression rather than a SQL function, which PostgreSQL would run on every call instead of inlining it (0.1 ms).
 */
export const ACCESS_STAMP = `((select value from access_epoch)::text || ':' || france_today()::text)`;

/** The user's id in ACCESS_BY_USER. */
const CALLER_ID = '$1::int';

/**
 * A user's links ($1: the user's id): typologies, direct links, own sites, then the sites linked to them, with the
 * stamp they were read under, in one statement (one snapshot). Every table it reads changes the stamp when it
 * changes (`access-stamp.test.ts` checks it from this statement's plan). Lists
 * come as arrays (`array(...)`, empty when none) or json arrays, each in id order; both drivers parse `int[]`,
 * `text[]` and `json` into JavaScript arrays. The id lists are handed on as arrays (`= any(array(...))`), as separate
 * queries would hand them as parameters, so that each lookup stays an index condition.
 */
export const ACCESS_BY_USER: NamedStatement = {
  name: 'access_by_user',
  text: `with user_company_ids as (select company_id as id from user_companies where user_id = ${CALLER_ID}),
  user_site_ids as (select company_site_id as id from user_company_sites where user_id = ${CALLER_ID}),
  user_entity_ids as (select company_site_entity_id as id from user_company_site_entities where user_id = ${CALLER_ID}),
  own_sites as (
    select cs.id, cs.company_id from company_sites cs
    where (cs.company_id = any(array(select id from user_company_ids))
       or cs.id = any(array(select id from user_site_ids))
       or cs.id = any(array(select e.company_site_id from company_site_entities e
                            where e.id = any(array(select id from user_entity_ids)))))
      and ${ACTIVE_SITE}
  ),
  -- One indexed lookup per end of site_links (an OR across both ends would compare every link with every own
  -- site); own sites are left out afterwards.
  linked_ends as (
    select l.producer_site_id as site_id, true as as_producer from site_links l
    where l.retriever_site_id = any(array(select id from own_sites))
    union
    select l.retriever_site_id, false from site_links l
    where l.producer_site_id = any(array(select id from own_sites))
  ),
  linked_sites as (
    select cs.id, cs.company_id,
           bool_or(x.as_producer) as as_producer, bool_or(not x.as_producer) as as_retriever
    from linked_ends x join company_sites cs on cs.id = x.site_id
    where cs.id not in (select id from own_sites) and ${ACTIVE_SITE}
    group by cs.id, cs.company_id
  )
  select ${CALLER_ID} as "userId", ${ACCESS_STAMP} as "accessStamp",
    coalesce((select u.is_admin from users u where u.id = ${CALLER_ID}), false) as admin,
    array(select t.code from user_user_typologies uut join user_typologies t on t.id = uut.user_typology_id
          where uut.user_id = ${CALLER_ID} order by t.id) as typologies,
    array(select id from user_company_ids order by id) as "companyIds",
    array(select id from user_site_ids order by id) as "companySiteIds",
    array(select id from user_entity_ids order by id) as "entityIds",
    (select coalesce(json_agg(json_build_object('id', o.id, 'companyId', o.company_id) order by o.id), '[]')
     from own_sites o) as "ownSites",
    (select coalesce(json_agg(json_build_object('id', l.id, 'companyId', l.company_id,
                                                'asProducer', l.as_producer, 'asRetriever', l.as_retriever)
                              order by l.id), '[]')
     from linked_sites l) as "linkedSites"`,
};

/** The caller's access, from its row (ACCESS_BY_USER). */
export function accessFromRow(row: AccessRow): CallerAccess {
  const typologies = row.typologies.filter(isUserTypology);
  const links: UserLinks = {
    companyIds: row.companyIds,
    companySiteIds: row.companySiteIds,
    entityIds: row.entityIds,
  };
  const limitedToEntities = isLimitedToEntities(links);
  const ownSites = new Map<number, OwnSite>(
    row.ownSites.map((site) => [site.id, { companyId: site.companyId, full: hasFullAccess(links, site) }]),
  );
  const linkedSites = new Map<number, LinkedSite>(row.linkedSites.map(({ id, ...site }) => [id, site]));
  return {
    userId: row.userId,
    typologies,
    admin: row.admin,
    links,
    limitedToEntities,
    permissions: permissionsFor(typologies, limitedToEntities, row.admin),
    ownSites,
    linkedSites,
  };
}

/**
 * THE policy layer (SPEC 6): the one place that decides what the caller may see and do. Routes ask it for
 * visible ids and SQL conditions; they never write access rules of their own. One instance per request.
 */
export class Policy {
  readonly userId: number;
  readonly #db: Db;
  readonly #access: Promise<CallerAccess>;

  /** `access`: the caller's links, as they stood at the start of the request (AccessReader). */
  constructor(db: Db, access: CallerAccess) {
    this.#db = db;
    this.userId = access.userId;
    this.#access = Promise.resolve(access);
  }

  /** The caller's links, as read at the start of the request. */
  access(): Promise<CallerAccess> {
    return this.#access;
  }

  async assertCan(permission: Permission): Promise<void> {
    const { permissions } = await this.access();
    if (!permissions.includes(permission)) throw forbidden();
  }

  /**
   * The back office (`/api/admin/...`): its administrators only. Anyone else gets the 404 of a route that does
   * not exist, so that a customer account learns nothing of it.
   */
  async assertAdmin(): Promise<void> {
    const { permissions } = await this.access();
    if (!permissions.includes('admin:manage')) throw notFound();
  }

  /**
   * The caller's own id for a `users/{id}` path (`me` or their id); anyone else's is a 404, as if it did
   * not exist.
   */
  assertSelf(idParam: string): number {
    if (idParam === 'me' || idParam === String(this.userId)) return this.userId;
    throw notFound();
  }

  async visibleSiteIds(): Promise<number[]> {
    const { ownSites, linkedSites } = await this.access();
    return [...ownSites.keys(), ...linkedSites.keys()].sort((a, b) => a - b);
  }

  async ownSiteIds(options: { fullAccessOnly: boolean }): Promise<number[]> {
    const { ownSites } = await this.access();
    return [...ownSites].filter(([, site]) => !options.fullAccessOnly || site.full).map(([id]) => id);
  }

  /** Linked sites on the client side (`producer`: my clients) or the provider side (`retriever`). */
  async linkedSiteIds(side: 'producer' | 'retriever'): Promise<number[]> {
    const { linkedSites } = await this.access();
    return [...linkedSites]
      .filter(([, site]) => (side === 'producer' ? site.asProducer : site.asRetriever))
      .map(([id]) => id);
  }

  async canSeeSite(siteId: number): Promise<boolean> {
    const { ownSites, linkedSites } = await this.access();
    return ownSites.has(siteId) || linkedSites.has(siteId);
  }

  /** Throws the 404 of a site the caller may not see. */
  async assertSiteVisible(siteId: number): Promise<void> {
    if (!(await this.canSeeSite(siteId))) throw notFound();
  }

  async hasFullAccess(siteId: number): Promise<boolean> {
    const { ownSites } = await this.access();
    return ownSites.get(siteId)?.full === true;
  }

  /** Companies the caller sees: their own and those of every visible site. */
  async visibleCompanyIds(): Promise<number[]> {
    const { links, ownSites, linkedSites } = await this.access();
    const ids = new Set<number>(links.companyIds);
    for (const site of ownSites.values()) ids.add(site.companyId);
    for (const site of linkedSites.values()) ids.add(site.companyId);
    return [...ids].sort((a, b) => a - b);
  }

  /**
   * Sites whose entities are all visible (own sites with full access, and linked sites), and entities
   * visible one by one (on own sites reached only through entities, only those entities).
   */
  async entityScope(): Promise<{ allEntitiesOfSiteIds: number[]; entityIds: number[] }> {
    const { ownSites, linkedSites, links } = await this.access();
    const allEntitiesOfSiteIds = [
      ...[...ownSites].filter(([, site]) => site.full).map(([id]) => id),
      ...linkedSites.keys(),
    ];
    return { allEntitiesOfSiteIds, entityIds: [...links.entityIds] };
  }

  /** A synchronous visibility test for many sites (e.g. the linked sites listed on each site of a page). */
  async siteVisibility(): Promise<(siteId: number) => boolean> {
    const { ownSites, linkedSites } = await this.access();
    return (siteId) => ownSites.has(siteId) || linkedSites.has(siteId);
  }

  /**
   * Changing a site's profile (SPEC 6): 404 when the caller does not see the site; 403 unless they have
   * `site:update` and full access to it (not a linked client or provider, not a limited-entity user).
   */
  async assertCanUpdateSite(siteId: number): Promise<void> {
    await this.assertSiteVisible(siteId);
    if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan('site:update');
  }

  /** Adding a chantier to a site: 404 when the site is not visible; 403 without `entity:create` and full access. */
  async assertCanCreateEntity(siteId: number): Promise<void> {
    await this.assertSiteVisible(siteId);
    if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan('entity:create');
  }

  /**
   * Editing a chantier: 404 unless the caller sees that entity on that site; 403 unless they have full access to
   * the site and `entity:update` (SPEC 6). A linked provider sees a client's chantiers, and a limited-entity user
   * their own, but neither may change them: the establishment's full-access users define its chantiers.
   */
  async assertCanUpdateEntity(siteId: number, entityId: number): Promise<void> {
    const params = new SqlParams();
    const visible = await this.visibleEntityCondition('e.id', 'e.company_site_id', params);
    const entity = await this.#db.maybeOne<{ id: number }>(
      `select e.id from company_site_entities e
       where e.id = ${params.add(entityId)} and e.company_site_id = ${params.add(siteId)} and ${visible}`,
      params.values,
    );
    if (entity === null) throw notFound();
    if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan('entity:update');
  }

  /** SQL condition: the site of column `siteIdColumn` is visible to the caller. */
  async visibleSiteCondition(siteIdColumn: string, params: SqlParams): Promise<string> {
    return `${siteIdColumn} = any(${params.add(await this.visibleSiteIds())}::int[])`;
  }

  /** SQL condition: the entity (columns of its id and of its site) is visible to the caller. */
  async visibleEntityCondition(
    entityIdColumn: string,
    siteIdColumn: string,
    params: SqlParams,
  ): Promise<string> {
    const scope = await this.entityScope();
    return `(${siteIdColumn} = any(${params.add(scope.allEntitiesOfSiteIds)}::int[])
      or ${entityIdColumn} = any(${params.add(scope.entityIds)}::int[]))`;
  }

  /** SQL condition: the company is visible to the caller. */
  async visibleCompanyCondition(companyIdColumn: string, params: SqlParams): Promise<string> {
    return `${companyIdColumn} = any(${params.add(await this.visibleCompanyIds())}::int[])`;
  }

  /**
   * Containers (SPEC 6): the producer's side is a site the caller fully accesses, or, for a limited-entity
   * user, one of their own chantiers; the provider's side is an own site named as the container's provider.
   */
  async skipSides(target: SkipTarget): Promise<SkipSides> {
    const { ownSites, links } = await this.access();
    const producer =
      ownSites.get(target.companySite)?.full === true ||
      (target.companySiteEntity !== null &&
        ownSites.has(target.companySite) &&
        links.entityIds.includes(target.companySiteEntity));
    const provider = target.provider !== null && ownSites.get(target.provider)?.full === true;
    return { producer, provider };
  }

  /** SQL condition: the caller sees the container (or delivery) of these columns. */
  async visibleSkipCondition(
    columns: { site: string; entity: string; provider: string },
    params: SqlParams,
  ): Promise<string> {
    const { ownSites, links } = await this.access();
    const fullSites = [...ownSites].filter(([, site]) => site.full).map(([id]) => id);
    const sites = params.add(fullSites);
    return `(${columns.site} = any(${sites}::int[])
      or ${columns.entity} = any(${params.add(links.entityIds)}::int[])
      or ${columns.provider} = any(${sites}::int[]))`;
  }

  /** Throws the 404 of a container (or delivery) the caller may not see; returns the caller's sides. */
  async assertSkipVisible(target: SkipTarget): Promise<SkipSides> {
    const sides = await this.skipSides(target);
    if (!sides.producer && !sides.provider) throw notFound();
    return sides;
  }

  /**
   * The caller's own establishments that may carry: a carrier account's (SPEC 1, 6: it sees the operations it
   * carries). Other accounts see their operations as producers or providers, which carrying adds nothing to.
   */
  async #carrierSiteIds(): Promise<number[]> {
    const { typologies, ownSites } = await this.access();
    if (!typologies.includes('carrier')) return [];
    return [...ownSites].filter(([, site]) => site.full).map(([id]) => id);
  }

  /** Operations (SPEC 6): the sides of their container, and the carrier's, whose establishment carries it. */
  async operationSides(target: OperationTarget): Promise<OperationSides> {
    const [sides, carrierSites] = await Promise.all([this.skipSides(target), this.#carrierSiteIds()]);
    const carrier = target.transporterSite !== null && carrierSites.includes(target.transporterSite);
    return { ...sides, carrier };
  }

  /** Throws the 404 of an operation the caller may not see (neither side, nor its carrier); returns the sides. */
  async assertOperationVisible(target: OperationTarget): Promise<OperationSides> {
    const sides = await this.operationSides(target);
    if (!sides.producer && !sides.provider && !sides.carrier) throw notFound();
    return sides;
  }

  /** SQL condition: the caller sees the operation of `alias` (as its container, or as its carrier). */
  async visibleOperationCondition(alias: string, params: SqlParams): Promise<string> {
    const container = await this.visibleSkipCondition(
      {
        site: `${alias}.company_site_id`,
        entity: `${alias}.company_site_entity_id`,
        provider: `${alias}.provider_site_id`,
      },
      params,
    );
    const carrierSites = await this.#carrierSiteIds();
    if (carrierSites.length === 0) return container;
    return `(${container} or ${alias}.transporter_site_id = any(${params.add(carrierSites)}::int[]))`;
  }

  /**
   * Documents (SPEC 3, 6): the issuing establishment's full-access users see and manage them; a recipient sees
   * those addressed to it (its company, an establishment it fully accesses, or one of its chantiers, which is how
   * a limited-entity user sees a document and another chantier's does not); the parties of an operation see the
   * documents attached to it. `alias` is the documents' row.
   */
  async visibleDocumentCondition(alias: string, params: SqlParams): Promise<string> {
    const { ownSites, links } = await this.access();
    const fullSites = [...ownSites].filter(([, site]) => site.full).map(([id]) => id);
    const fullCompanies = [...new Set([...ownSites.values()].filter((s) => s.full).map((s) => s.companyId))];
    const sites = params.add(fullSites);
    const operation = await this.visibleOperationCondition('o', params);
    return `(${alias}.company_site_id = any(${sites}::int[])
      or (${alias}.recipient_kind = 'SITE' and ${alias}.recipient_site_id = any(${sites}::int[]))
      or (${alias}.recipient_kind = 'COMPANY' and ${alias}.recipient_company_id = any(${params.add(fullCompanies)}::int[]))
      or (${alias}.recipient_kind = 'ENTITY' and (${alias}.recipient_entity_id = any(${params.add(links.entityIds)}::int[])
        or ${alias}.recipient_entity_id in (select e.id from company_site_entities e
          where e.company_site_id = any(${sites}::int[]))))
      or (${alias}.operation_id is not null and exists (select 1 from operations o
        where o.id = ${alias}.operation_id and ${operation})))`;
  }

  /**
   * Adding or managing a document issued by `siteId`: 404 when the caller does not see the site; 403 unless they
   * fully access it with `document:manage` (a recipient reads a document, its issuer manages it).
   */
  async assertCanManageDocumentsOf(siteId: number): Promise<void> {
    await this.assertSiteVisible(siteId);
    if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan('document:manage');
  }

  /**
   * Administrative documents (SPEC 3): seen by whoever sees one of the establishments they are associated with,
   * their owner's users and its clients alike (what a provider adds is visible to all its clients, read-only).
   */
  async visibleAdministrativeDocumentCondition(alias: string, params: SqlParams): Promise<string> {
    return `exists (select 1 from administrative_document_sites ads
      where ads.administrative_document_id = ${alias}.id
        and ads.company_site_id = any(${params.add(await this.visibleSiteIds())}::int[]))`;
  }

  /**
   * Managing an administrative document associated with `siteIds` (or associating it with them): each must be an
   * establishment the caller fully accesses, with `document:manage`; 404 when one is not seen at all.
   */
  async assertCanManageAdministrativeDocuments(siteIds: readonly number[]): Promise<void> {
    for (const siteId of siteIds) await this.assertSiteVisible(siteId);
    for (const siteId of siteIds) if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan('document:manage');
  }

  /**
   * Creating a container on a site (and chantier): 404 when the site is not visible; 403 unless the caller is
   * its producer (full access, or the chantier is theirs) with `skip:create`.
   */
  async assertCanCreateSkip(siteId: number, entityId: number | null): Promise<void> {
    await this.assertSiteVisible(siteId);
    const { producer } = await this.skipSides({
      companySite: siteId,
      companySiteEntity: entityId,
      provider: null,
    });
    if (!producer) throw forbidden();
    await this.assertCan('skip:create');
  }

  /**
   * Changing a container's `fields`: the producer (`skip:update`) changes every field, the provider
   * (`skip:complete`) completes the fields the field table lets it write (`writers` of `skipFields`); 404 when
   * not visible, 403 for anyone else or any other field. Returns the side the caller acts on.
   */
  async skipEditor(target: SkipTarget, fields: readonly string[]): Promise<'producer' | 'provider'> {
    const sides = await this.assertSkipVisible(target);
    const { permissions } = await this.access();
    if (sides.producer && permissions.includes('skip:update')) return 'producer';
    if (sides.provider && permissions.includes('skip:complete')) {
      const providerFields: readonly string[] = SKIP_PROVIDER_FIELDS;
      if (fields.some((field) => !providerFields.includes(field))) throw forbidden();
      return 'provider';
    }
    throw forbidden();
  }

  /** Deleting (`skip:delete`) or ordering (`skip:order`) a container: its producer only. */
  async assertCanActAsSkipProducer(target: SkipTarget, permission: 'skip:delete' | 'skip:order') {
    const sides = await this.assertSkipVisible(target);
    if (!sides.producer) throw forbidden();
    await this.assertCan(permission);
  }

  /**
   * Acting on a delivery: the provider (`operation:schedule`) moves its status, the producer (`skip:order`)
   * cancels it or deletes its program; 404 when not visible, 403 for the other side.
   */
  async assertCanActOnDelivery(target: SkipTarget, actor: 'producer' | 'provider'): Promise<void> {
    const sides = await this.assertSkipVisible(target);
    if (!sides[actor]) throw forbidden();
    await this.assertCan(actor === 'provider' ? 'operation:schedule' : 'skip:order');
  }

  /**
   * The move of an operation to `to` (domain/operations.ts): the side the caller acts as (the one that may make
   * it) and its action; 404 when not visible; 403 when the move is the other side's; `action` null when no side
   * may make it from here (the operation cannot be modified).
   */
  async operationMove(
    operation: OperationTarget & { status: OperationStatus; declaredBy: FlowDeclarer | null },
    to: OperationStatus,
  ): Promise<{ actor: OperationActor; action: OperationActionName | null }> {
    const sides = await this.assertOperationVisible(operation);
    // Its carrier reads it; every move is its producer's or its provider's.
    if (!sides.producer && !sides.provider) throw forbidden();
    const declaration = declarationOf(operation);
    for (const actor of ['provider', 'producer'] as const) {
      if (!sides[actor]) continue;
      const action = operationActionFor(operation.status, to, actor, declaration);
      if (action !== null) return { actor, action };
    }
    const actor = sides.provider ? 'provider' : 'producer';
    const other = actor === 'provider' ? 'producer' : 'provider';
    if (operationActionFor(operation.status, to, other, declaration) !== null && !sides[other]) {
      throw forbidden();
    }
    return { actor, action: null };
  }

  /**
   * Acting on an operation (domain/operations.ts): `actor` must be the caller's side of it (the producer who
   * asked, or the provider) with the action's permission; 404 when not visible, 403 otherwise.
   */
  async assertCanActOn(
    target: SkipTarget | OperationTarget,
    actor: 'producer' | 'provider',
    permission: Permission,
  ): Promise<void> {
    const sides =
      'transporterSite' in target
        ? await this.assertOperationVisible(target)
        : await this.assertSkipVisible(target);
    if (!sides[actor]) throw forbidden();
    await this.assertCan(permission);
  }

  /**
   * Filling in an operation's completion: its provider (operation:complete), or a declared flow's declarer
   * (flow:declare); 404 when not visible, 403 otherwise.
   */
  async assertCanFillIn(operation: OperationTarget & { declaredBy: FlowDeclarer | null }): Promise<void> {
    if (operation.declaredBy === null) await this.assertCanActOn(operation, 'provider', 'operation:complete');
    else await this.assertCanActOn(operation, declarerSide(operation.declaredBy), 'flow:declare');
  }

  /**
   * Declaring a flow (domain/operations.ts): a producer for an establishment of its own, a provider from an
   * establishment of its own (`declaringSiteId`: the flow's establishment, or its provider's); 404 when the caller
   * does not see it, 403 without full access to it or `flow:declare`. Whether the other side is linked to it is
   * the declaration's own check.
   */
  async assertCanDeclareFlow(declaringSiteId: number): Promise<void> {
    await this.assertSiteVisible(declaringSiteId);
    if (!(await this.hasFullAccess(declaringSiteId))) throw forbidden();
    await this.assertCan('flow:declare');
  }

  /**
   * Managing a provider's activity tables (its outlet directory, default treatments, cost grid) on its site: 404
   * when the site is not visible; 403 without full access to it and `outlet:manage` (prices: `cost:update`).
   */
  async assertCanManageActivity(siteId: number, permission: 'outlet:manage' | 'cost:update'): Promise<void> {
    await this.assertSiteVisible(siteId);
    if (!(await this.hasFullAccess(siteId))) throw forbidden();
    await this.assertCan(permission);
  }

  /**
   * SQL condition: the directory's outlet (`alias`, of `final_outlets`) is visible to the caller: one of their own
   * sites' directory, or an outlet an operation they see went to (a producer reads where its waste went).
   */
  async visibleOutletCondition(alias: string, params: SqlParams): Promise<string> {
    const own = await this.ownSiteIds({ fullAccessOnly: false });
    const operations = await this.visibleOperationCondition('vo', params);
    return `(${alias}.company_site_id = any(${params.add(own)}::int[]) or exists (
      select 1 from operation_final_outlet_links vl join operations vo on vo.id = vl.operation_id
      where vl.final_outlet_id = ${alias}.id and ${operations}))`;
  }

  /** SQL condition: the row of a provider's activity table (`siteColumn`) is one of the caller's own sites'. */
  async ownActivityCondition(siteColumn: string, params: SqlParams): Promise<string> {
    return `${siteColumn} = any(${params.add(await this.ownSiteIds({ fullAccessOnly: false }))}::int[])`;
  }
}
