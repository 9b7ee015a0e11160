import nock from 'nock';
import type { RestSkip, RestSkipDelivery, RestSkipDeliveryProgram } from '../src/rest/types.ts';
import { collectionAnswer, mirrorWorld, mockWorld, type SiteTypology, type World } from './api-world.ts';
import {
  deliveryItem,
  FIRST_LEVEL_WASTES,
  JSON_LD,
  programItem,
  SECOND_LEVEL_WASTES,
  SKIP_TYPES,
  skipItem,
  THIRD_LEVEL_WASTES,
  TREATMENT_CODES,
  WASTE_CODES,
} from './fixtures.ts';
import { API } from './helpers.ts';

/**
 * A mirror world with containers on its producer sites (the viewer's own for a producer, the linked ones
 * for a retriever): producer site i holds [1, 2, 0][i % 3] skips (ids from 70,000, each later one created
 * later), provided by the first site it is linked to; a site's first skip is on its chantier when it has
 * one; its second misses its treatment code (no rotation). Every skip has one ordered delivery; a second
 * skip also has a monthly program (ids from 300) with a scheduled delivery.
 */
export interface SkipWorld extends World {
  skips: RestSkip[];
  deliveries: RestSkipDelivery[];
  programs: RestSkipDeliveryProgram[];
}

export function skipWorld(count: number, typology: SiteTypology = 'producer'): SkipWorld {
  const world = mirrorWorld(count, typology);
  const skips: RestSkip[] = [];
  const deliveries: RestSkipDelivery[] = [];
  const programs: RestSkipDeliveryProgram[] = [];
  const producerSites = typology === 'producer' ? world.ownSites : world.linkedSites;
  producerSites.forEach((site, i) => {
    for (let k = 0; k < ([1, 2, 0][i % 3] ?? 0); k++) {
      const id = 70_000 + skips.length;
      const skip = skipItem(id, site.id, {
        provider: site.linkedCompanySites[0] ?? null,
        companySiteEntity: k === 0 ? (site.companySiteEntities[0] ?? null) : null,
        skipType: SKIP_TYPES[k]?.['@id'] ?? null,
        plannedTreatmentCode: k === 1 ? null : 'R 3',
        missingForRotation: k === 1 ? ['plannedTreatmentCode'] : [],
        createdAt: new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
      });
      skips.push(skip);
      deliveries.push(deliveryItem(90_000 + deliveries.length, skip));
      if (k === 1) {
        const program = programItem(300 + programs.length);
        programs.push(program);
        deliveries.push(
          deliveryItem(90_000 + deliveries.length, skip, {
            program: program['@id'],
            requestedDate: '2026-04-02',
            scheduledDate: '2026-04-02',
            status: 'SCHEDULED',
          }),
        );
      }
    }
  });
  return { ...world, skips, deliveries, programs };
}

/** The api of a world with containers: every read the gateway may make, as often as asked. */
export function mockSkipWorld(world: SkipWorld): nock.Scope {
  mockWorld(world);
  const answer =
    <T extends { id?: number | string }>(type: string, members: T[]) =>
    (request: Request) =>
      collectionAnswer(request, type, members);
  return nock(API)
    .persist()
    .get('/api/skips')
    .query(true)
    .reply(200, answer('Skip', world.skips), JSON_LD)
    .get('/api/skip_deliveries')
    .query(true)
    .reply(200, answer('SkipDelivery', world.deliveries), JSON_LD)
    .get('/api/skip_delivery_programs')
    .query(true)
    .reply(200, answer('SkipDeliveryProgram', world.programs), JSON_LD)
    .get('/api/skip_types')
    .query(true)
    .reply(200, answer('SkipType', SKIP_TYPES), JSON_LD)
    .get('/api/first_level_wastes')
    .query(true)
    .reply(200, answer('FirstLevelWaste', FIRST_LEVEL_WASTES), JSON_LD)
    .get('/api/second_level_wastes')
    .query(true)
    .reply(200, answer('SecondLevelWaste', SECOND_LEVEL_WASTES), JSON_LD)
    .get('/api/third_level_wastes')
    .query(true)
    .reply(200, answer('ThirdLevelWaste', THIRD_LEVEL_WASTES), JSON_LD)
    .get('/api/operation_waste_codes')
    .query(true)
    .reply(200, answer('OperationWasteCode', WASTE_CODES), JSON_LD)
    .get('/api/operation_treatment_codes')
    .query(true)
    .reply(200, answer('OperationTreatmentCode', TREATMENT_CODES), JSON_LD);
}
