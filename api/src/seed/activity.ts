import type { Db } from '../db/index.ts';
import { adoptOutlets } from '../outlets/position.ts';
import { analyzeSchema } from './insert.ts';

/**
 * The demo provider's activity tables: its outlet directory (made from where its operations' waste went, as
 * migration 015 does for a real database, plus two facilities not used yet, one of them deactivated), default
 * treatments and outlets at each waste level (one for a single client), and a cost grid of each client and waste
 * it serves, with a price change this year.
 */
export async function seedDemoActivity(db: Db, retrieverCompanyId: number, today: Date): Promise<void> {
  await adoptOutlets(db, null);
  const sites = await db.query<{ id: number }>(
    `select cs.id from company_sites cs where cs.company_id = $1
       and exists (select 1 from skips s where s.provider_site_id = cs.id)
     order by cs.id`,
    [retrieverCompanyId],
  );
  const year = today.getUTCFullYear();
  for (const { id: siteId } of sites) {
    await db.query(
      `update final_outlets set prefectoral_order_number = 'AP-' || (2010 + id % 12) || '-' || lpad((id * 37 % 1000)::text, 3, '0'),
         prefectoral_order_date = make_date(2010 + id % 12, 1 + id % 12, 1 + id % 27)
       where company_site_id = $1 and siret is not null`,
      [siteId],
    );
    await db.query(
      `insert into final_outlets (company_site_id, name, siret, address, postcode, city, treatment_codes, lat, lon,
         active, prefectoral_order_number, prefectoral_order_date)
       values
         ($1, 'Centre de tri de Vénissieux', '42381765400019', '12 boulevard Joliot-Curie', '69200', 'Vénissieux',
          '{R 12,R 13}', 45.697, 4.886, true, 'AP-2019-214', '2019-06-12'),
         ($1, 'Ancienne plateforme de compostage de Limay', '50218934500023', 'Route de Mantes', '78520', 'Limay',
          '{R 3}', 48.995, 1.741, false, null, null)`,
      [siteId],
    );
    const outletOf = async (code: string) =>
      (
        await db.maybeOne<{ id: number }>(
          `select id from final_outlets where company_site_id = $1 and active and $2 = any(treatment_codes)
           order by id limit 1`,
          [siteId, code],
        )
      )?.id ?? null;
    const paperMill = await outletOf('R 3');
    const energy = await outletOf('R 1');
    const recycler = await outletOf('R 4');
    const client = await db.maybeOne<{ id: number }>(
      'select producer_site_id as id from site_links where retriever_site_id = $1 order by producer_site_id limit 1',
      [siteId],
    );
    const addDefault = async (
      level: 'first' | 'second' | 'third',
      code: string,
      treatmentCode: string,
      qualification: string | null,
      outlets: { id: number | null; percent: string }[],
      clientSite: number | null,
    ) => {
      const table = `${level}_level_wastes`;
      const treatment = await db.one<{ id: number }>(
        `insert into company_site_treatments (company_site_id, client_site_id, ${level}_level_waste_id,
           treatment_code, qualification, updated_at)
         select $1::int, $2::int, w.id, $4, $5, $6::timestamptz from ${table} w where w.code = $3 returning id`,
        [siteId, clientSite, code, treatmentCode, qualification, today],
      );
      const known = outlets.filter((outlet) => outlet.id !== null);
      for (const [index, outlet] of known.entries()) {
        await db.query(
          `insert into company_site_treatment_final_outlet_links (company_site_treatment_id, final_outlet_id,
             position, quantity, quantity_unit) values ($1, $2, $3, $4, 'PERCENT')`,
          [treatment.id, outlet.id, index + 1, known.length === 1 ? '100' : outlet.percent],
        );
      }
    };
    await addDefault(
      'first',
      'DND',
      'R 1',
      'VALORISATION_ENERGETIQUE',
      [{ id: energy, percent: '100' }],
      null,
    );
    await addDefault(
      'second',
      'PAPIER_CARTON',
      'R 3',
      'RECYCLAGE',
      [{ id: paperMill, percent: '100' }],
      null,
    );
    await addDefault('second', 'METAUX', 'R 4', 'RECYCLAGE', [{ id: recycler, percent: '100' }], null);
    if (client !== null) {
      await addDefault(
        'third',
        'EMBALLAGES_CARTON',
        'R 3',
        'RECYCLAGE',
        [
          { id: paperMill, percent: '80' },
          { id: energy, percent: '20' },
        ],
        client.id,
      );
    }
    // Last year's prices from 1 January, this year's from 1 January: each client and waste the site serves.
    for (const [validFrom, factor] of [
      [`${year - 1}-01-01`, 1],
      [`${year}-01-01`, 1.04],
    ] as const) {
      await db.query(
        `insert into activity_costs (company_site_id, client_site_id, third_level_waste_id, valid_from,
           treatment_cost, transport_cost, recycling_revenue, purchase_price, updated_at)
         select distinct $1::int, s.company_site_id, s.third_level_waste_id, $2::date,
           round((40 + (s.third_level_waste_id * 13) % 90) * $3::numeric, 2),
           round((25 + (s.company_site_id * 7) % 30) * $3::numeric, 2),
           case when w2.code in ('PAPIER_CARTON', 'METAUX') then round((10 + (s.third_level_waste_id * 5) % 40) * $3::numeric, 2) end,
           case when w2.code = 'METAUX' then round(60 * $3::numeric, 2) end,
           $4::timestamptz
         from skips s join third_level_wastes w on w.id = s.third_level_waste_id
           join second_level_wastes w2 on w2.id = w.second_level_waste_id
         where s.provider_site_id = $1 and s.third_level_waste_id is not null`,
        [siteId, validFrom, factor, today],
      );
    }
  }
  // The directory and the links were filled after the world's statistics were taken.
  await analyzeSchema(db);
}
