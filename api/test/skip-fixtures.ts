import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { login, type Session, type TestApi } from './helpers.ts';

/** The demo world as the container tests use it: who is who, and the reference ids by code. */
export interface SkipWorld {
  producer: Session;
  retriever: Session;
  carrier: Session;
  chantier: Session;
  /** Sites of the demo producer company. */
  ownSiteIds: number[];
  /** A site of the demo provider company linked to `ownSiteIds[0]`. */
  providerSiteId: number;
  /** A retriever site of the other provider company linked to `ownSiteIds[0]`. */
  otherProviderSiteId: number;
  /** The carrier's site linked to `ownSiteIds[0]`: linked, but not a retriever. */
  carrierSiteId: number;
  /** A site of another producer company, and one of its containers. */
  foreignSiteId: number;
  foreignSkipId: number;
  /** The chantier user's site, their chantiers, and another chantier of that site. */
  chantierSiteId: number;
  chantierEntityIds: number[];
  otherEntityId: number;
  /** A chantier of `ownSiteIds[1]`. */
  entityOfOtherSite: number;
  wastes: Map<string, { id: number; second: number; first: number; wasteCode: string }>;
  skipTypes: Map<string, { id: number; volume: string; unit: string }>;
}

export async function loadSkipWorld(api: TestApi): Promise<SkipWorld> {
  const demo = api.demo;
  if (demo === null) throw new Error('The container tests need the demo world');
  const [producer, retriever, carrier, chantier] = await Promise.all([
    login(api, 'producteur@demo.fr'),
    login(api, 'prestataire@demo.fr'),
    login(api, 'transporteur@demo.fr'),
    login(api, 'chantier@demo.fr'),
  ]);
  const ownSiteIds = (
    await api.db.query<{ id: number }>('select id from company_sites where company_id = $1 order by id', [
      demo.producerCompanyId,
    ])
  ).map((row) => row.id);
  const ownSiteId = ownSiteIds[0] as number;
  /** The site linked to the first own site whose company is `role`'s (or neither the provider's nor the carrier's). */
  const linked = async (role: 'provider' | 'carrier' | 'other') =>
    (
      await api.db.one<{ id: number }>(
        `select l.retriever_site_id as id from site_links l join company_sites cs on cs.id = l.retriever_site_id
         where l.producer_site_id = $1
           and case $4::text when 'provider' then cs.company_id = $2 when 'carrier' then cs.company_id = $3
                else cs.company_id not in ($2, $3) end
         order by l.retriever_site_id limit 1`,
        [ownSiteId, demo.retrieverCompanyId, demo.carrierCompanyId, role],
      )
    ).id;
  const foreign = await api.db.one<{ siteId: number; skipId: number }>(
    `select s.company_site_id as "siteId", s.id as "skipId" from skips s
     join company_sites cs on cs.id = s.company_site_id
     where cs.company_id <> $1 order by s.id limit 1`,
    [demo.producerCompanyId],
  );
  const otherEntity = await api.db.one<{ id: number }>(
    'select id from company_site_entities where company_site_id = $1 and id <> all($2::int[]) order by id limit 1',
    [demo.chantierSiteId, demo.chantierEntityIds],
  );
  const entityOfOtherSite = await api.db.one<{ id: number }>(
    'select id from company_site_entities where company_site_id = $1 order by id limit 1',
    [ownSiteIds[1]],
  );
  const wastes = await api.db.query<{
    code: string;
    id: number;
    second: number;
    first: number;
    wasteCode: string;
  }>(
    `select t.code, t.id, s.id as second, s.first_level_waste_id as first, t.waste_code as "wasteCode"
     from third_level_wastes t join second_level_wastes s on s.id = t.second_level_waste_id`,
  );
  const skipTypes = await api.db.query<{ code: string; id: number; volume: string; unit: string }>(
    'select code, id, volume::text as volume, unit from skip_types',
  );
  return {
    producer,
    retriever,
    carrier,
    chantier,
    ownSiteIds,
    providerSiteId: await linked('provider'),
    otherProviderSiteId: await linked('other'),
    carrierSiteId: await linked('carrier'),
    foreignSiteId: foreign.siteId,
    foreignSkipId: foreign.skipId,
    chantierSiteId: demo.chantierSiteId,
    chantierEntityIds: demo.chantierEntityIds,
    otherEntityId: otherEntity.id,
    entityOfOtherSite: entityOfOtherSite.id,
    wastes: new Map(wastes.map(({ code, ...waste }) => [code, waste])),
    skipTypes: new Map(skipTypes.map(({ code, ...type }) => [code, type])),
  };
}

/**
 * The fields of a container of `w.ownSiteIds[0]` with every field `missingForRotation` asks for: the skip type
 * brings its volume and unit, the precise waste its two upper levels; provided by the demo provider.
 */
export function completeSkipFields(w: SkipWorld): Record<string, unknown> {
  return {
    companySite: w.ownSiteIds[0],
    skipType: w.skipTypes.get('BENNE_15')?.id,
    thirdLevelWaste: w.wastes.get('FERRAILLE')?.id,
    provider: w.providerSiteId,
    plannedTreatmentCode: 'R 4',
    estimatedFullQuantity: '3,5',
  };
}

/** Set-up by SQL: a realised rotation of a container (its moves are operations.test.ts's); its id. */
export async function insertRealisedRotation(
  api: TestApi,
  skipId: number,
  { requested, realised, tonnes }: { requested: string; realised: string; tonnes: number },
): Promise<number> {
  const row = await api.db.one<{ id: number }>(
    `insert into operations (type, status, skip_id, company_site_id, provider_site_id, requested_date,
       received_quantity, real_intervention_date, created_at, updated_at)
     select 'ROTATION', 'REALISED', s.id, s.company_site_id, s.provider_site_id, $2, $3, $4, now(), now()
     from skips s where s.id = $1 returning id`,
    [skipId, requested, tonnes, realised],
  );
  return row.id;
}

export function del(api: TestApi, url: string, session: Session): Promise<LightMyRequestResponse> {
  return api.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${session.token}` } });
}

/** Every row a container write could touch, to prove that a refusal stored nothing. */
export async function skipTables(api: TestApi) {
  const [skips, deliveries, programs] = await Promise.all([
    api.db.query('select * from skips order by id'),
    api.db.query('select * from skip_deliveries order by id'),
    api.db.query('select * from skip_delivery_programs order by id'),
  ]);
  return { skips, deliveries, programs };
}

export function expectProblem(response: LightMyRequestResponse, status: number, title?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toContain('application/problem+json');
  if (title !== undefined) expect(response.json()).toMatchObject({ status, title });
}

export function expectViolations(
  response: LightMyRequestResponse,
  violations: { propertyPath: string; message: string }[],
) {
  expect(response.statusCode, response.body).toBe(422);
  const body = response.json() as { violations: { propertyPath: string; message: string }[] };
  expect(body.violations.map(({ propertyPath, message }) => ({ propertyPath, message }))).toEqual(violations);
}
