import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/index.ts';
import { createTestApi, get, type TestApi } from './helpers.ts';
import { loadSkipWorld, type SkipWorld } from './skip-fixtures.ts';

/**
 * The dashboard's monthly sums (migrations 008 and 009) are kept by triggers in each writing transaction: after
 * every kind of write the figures read, they must be what a recomputation from the operations gives.
 */

const SUM_TABLES = [
  'dashboard_months',
  'dashboard_month_outlets',
  'dashboard_month_outlet_sites',
  'dashboard_month_outlet_names',
] as const;

/** Every row of the sum tables, as sorted JSON texts per table. */
async function sums(db: Db): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of SUM_TABLES) {
    const rows = await db.query<{ row: string }>(`select to_jsonb(t)::text as row from ${table} t`);
    tables[table] = rows.map(({ row }) => row).sort();
  }
  return tables;
}

class Rollback extends Error {
  readonly tables: Record<string, string[]>;
  constructor(tables: Record<string, string[]>) {
    super('rollback');
    this.tables = tables;
  }
}

/** The sums recomputed from the operations of every establishment's months (in a transaction rolled back). */
async function recomputed(db: Db): Promise<Record<string, string[]>> {
  try {
    await db.transaction(async (tx) => {
      await tx.query(
        `select dashboard_refresh(array_agg(k.site), array_agg(k.month)) from (
           select company_site_id as site, date_trunc('month', real_intervention_date)::date as month
           from operations where status = 'REALISED'
           ${SUM_TABLES.map((table) => `union select company_site_id, month from ${table}`).join(' ')}) k`,
      );
      throw new Rollback(await sums(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.tables;
    throw error;
  }
  throw new Error('unreachable');
}

let api: TestApi;
let w: SkipWorld;

beforeAll(async () => {
  api = await createTestApi();
  w = await loadSkipWorld(api);
});
afterAll(() => api.close());

describe('the dashboard’s monthly sums', () => {
  it('stay what the operations give after every kind of write', async () => {
    const db = api.db;
    const siteId = w.ownSiteIds[0]!;
    const skip = await db.one<{ id: number }>(
      'select id from skips where company_site_id = $1 order by id limit 1',
      [siteId],
    );
    const waste = w.wastes.get('EMBALLAGES_CARTON')!;
    const expectInStep = async (step: string) => {
      expect(await sums(db), step).toEqual(await recomputed(db));
    };
    await expectInStep('the demo world');

    const { id } = await db.one<{ id: number }>(
      `insert into operations (type, status, skip_id, company_site_id, provider_site_id, third_level_waste_id,
         waste_code, planned_treatment_code, requested_date, received_quantity, real_intervention_date)
       values ('ROTATION', 'REALISED', $1, $2, $3, $4, '15 01 01', 'R 13', '2025-04-02', '3.000', '2025-04-03')
       returning id`,
      [skip.id, siteId, w.providerSiteId, waste.id],
    );
    await expectInStep('an operation without outlets');
    expect(
      await db.one<{ operations: number; tonnes: string }>(
        `select sum(without_outlet_operations)::int as operations, sum(without_outlet_tonnes)::text as tonnes
         from dashboard_months where company_site_id = $1 and month = '2025-04-01' and waste_code = '15 01 01'`,
        [siteId],
      ),
    ).toEqual({ operations: 1, tonnes: '3.000' });

    // The month's light summary counts the distinct containers and the incidents of its operations.
    await db.query(
      `insert into incidents (operation_id, company_site_id, provider_site_id, description)
       values ($1, $2, $3, 'Benne débordante')`,
      [id, siteId, w.providerSiteId],
    );
    const direct = await db.one<{ operations: number; containers: number; incidents: number }>(
      `select count(*)::int as operations, count(distinct o.skip_id)::int as containers,
         (select count(*) from incidents i join operations io on io.id = i.operation_id
          where io.company_site_id = $1 and io.status = 'REALISED'
            and io.real_intervention_date between '2025-04-01' and '2025-04-30')::int as incidents
       from operations o where o.company_site_id = $1 and o.status = 'REALISED'
         and o.real_intervention_date between '2025-04-01' and '2025-04-30'`,
      [siteId],
    );
    expect(direct.incidents).toBeGreaterThan(0);
    const light = await get(
      api,
      `/api/dashboardV2/producer_detailed_summary_light/me/month/2025/4?producerCompanySiteId=${siteId}`,
      w.producer,
    );
    expect(light.json()).toMatchObject(direct);

    await db.query(
      `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
         quantity, quantity_unit)
       values ($1, 1, 'Papeterie du Rhône', ' 41234567800011 ', '1 rue du Port, Lyon', 'R 3', 60, 'PERCENT'),
         ($1, 2, ' Chaufferie Est ', null, '2 quai Est, Lyon', 'R 1', '1.2', 'TONNE')`,
      [id],
    );
    await db.query(
      'insert into operation_costs (operation_id, treatment_cost, transport_cost) values ($1, 85.5, 42)',
      [id],
    );
    await expectInStep('its outlets and costs');
    expect(
      await db.query<{
        outlet_key: string;
        treatment_code: string | null;
        tonnes: string;
        operations: number;
      }>(
        `select outlet_key, treatment_code, tonnes::text, operations from dashboard_month_outlet_sites
         where company_site_id = $1 and month = '2025-04-01'
           and outlet_key in ('S41234567800011', 'Nchaufferie est' || chr(31) || '2 quai est, lyon')
         order by outlet_key, treatment_code nulls first`,
        [siteId],
      ),
    ).toEqual([
      {
        outlet_key: 'Nchaufferie est\u001f2 quai est, lyon',
        treatment_code: null,
        tonnes: '1.200',
        operations: 1,
      },
      {
        outlet_key: 'Nchaufferie est\u001f2 quai est, lyon',
        treatment_code: 'R 1',
        tonnes: '1.200',
        operations: 1,
      },
      { outlet_key: 'S41234567800011', treatment_code: null, tonnes: '1.800', operations: 1 },
      { outlet_key: 'S41234567800011', treatment_code: 'R 3', tonnes: '1.800', operations: 1 },
    ]);

    await db.query(
      `update operation_final_outlet_links set name = 'PAPETERIE DU RHONE' where operation_id = $1`,
      [id],
    );
    await expectInStep('an outlet renamed');
    await db.query(`update operations set waste_code = '15 01 06' where id = $1`, [id]);
    await expectInStep('another waste code');
    await db.query(`update operations set real_intervention_date = '2025-05-30' where id = $1`, [id]);
    await expectInStep('another month');
    await db.query('update operations set skip_id = null where id = $1', [id]);
    await expectInStep('its container gone');
    await db.query('delete from operation_costs where operation_id = $1', [id]);
    await db.query('delete from operation_final_outlet_links where operation_id = $1 and position = 1', [id]);
    await expectInStep('a cost and an outlet removed');
    await db.query(`update operations set status = 'CANCELLED' where id = $1`, [id]);
    await expectInStep('cancelled');
    await db.query(`update operations set status = 'REALISED' where id = $1`, [id]);
    await db.query('delete from operations where id = $1', [id]);
    await expectInStep('deleted');
  });
});
