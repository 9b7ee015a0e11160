import { expandRecurrence, parisDate, typologyLabels, type UserTypology } from '@portal/domain';
import type { PasswordHasher } from '../account/passwords.ts';
import type { Db } from '../db/index.ts';
import { syncSkipPlannedWork } from '../operations/store.ts';
import { adoptOutlets } from '../outlets/position.ts';
import { seedDemoActivity } from './activity.ts';
import { seedDemoBackOffice } from './back-office.ts';
import { generateWorld } from './generate.ts';
import { insertWorld } from './insert.ts';
import { seedDemoNotifications } from './notifications.ts';

export const DEMO_PASSWORD = 'Portail2026!';

export interface DemoAccount {
  email: string;
  password: string;
  /** None for the operator's administrator, who is no customer. */
  typology: UserTypology | null;
  /** The operator's administrator (the back office under /admin). */
  admin?: boolean;
  /** Who the account is, in French and short, for the start script's banner. */
  label: string;
}

/** The demo accounts, one per kind of user; all start with hasAcceptedCGU false. */
export const demoAccounts: readonly DemoAccount[] = [
  {
    email: 'producteur@demo.fr',
    password: DEMO_PASSWORD,
    typology: 'producer',
    label: typologyLabels.producer,
  },
  {
    email: 'prestataire@demo.fr',
    password: DEMO_PASSWORD,
    typology: 'retriever',
    label: typologyLabels.retriever,
  },
  {
    email: 'transporteur@demo.fr',
    password: DEMO_PASSWORD,
    typology: 'carrier',
    label: typologyLabels.carrier,
  },
  {
    email: 'chantier@demo.fr',
    password: DEMO_PASSWORD,
    typology: 'producer',
    label: `${typologyLabels.producer} limité à 2 chantiers`,
  },
  {
    email: 'admin@demo.fr',
    password: DEMO_PASSWORD,
    typology: null,
    admin: true,
    label: "Administrateur de l'opérateur",
  },
];

const people: Record<string, { firstname: string; lastname: string; phone: string; function: string }> = {
  'producteur@demo.fr': {
    firstname: 'Claire',
    lastname: 'Martin',
    phone: '+33612345678',
    function: 'Responsable environnement',
  },
  'prestataire@demo.fr': {
    firstname: 'Julien',
    lastname: 'Bernard',
    phone: '+33623456789',
    function: "Responsable d'exploitation",
  },
  'transporteur@demo.fr': {
    firstname: 'Sophie',
    lastname: 'Garnier',
    phone: '+33634567890',
    function: 'Responsable logistique',
  },
  'admin@demo.fr': {
    firstname: 'Nadia',
    lastname: 'Roux',
    phone: '+33656789012',
    function: "Chargée d'accompagnement clients",
  },
  'chantier@demo.fr': {
    firstname: 'Thomas',
    lastname: 'Petit',
    phone: '+33645678901',
    function: 'Chef de chantier',
  },
};

/**
 * The small demo world: 3 producer companies of 3 sites with 3 chantiers and 6 containers each, 2 providers,
 * 1 carrier. The demo producer company's containers have years of closed operations (realised ones with their
 * outlets and costs, a few cancelled, declined or missed, a realised retirement of the archived one); none is
 * left open, so that every container stays free for the journeys that ask for work, and the other companies
 * have none (the tests use them as strangers).
 */
export const DEMO_WORLD_OPTIONS = {
  companies: 3,
  sitesPerCompany: 3,
  entitiesPerSite: 3,
  skipsPerSite: 6,
  retrieverCompanies: 2,
  years: 3,
  seed: 2026,
  operationCompanies: 1,
  openOperations: false,
} as const;

export interface DemoSeed {
  /** Ids of the demo users, by e-mail. */
  userIds: Record<string, number>;
  producerCompanyId: number;
  retrieverCompanyId: number;
  carrierCompanyId: number;
  /** The site the chantier account reaches through two of its entities. */
  chantierSiteId: number;
  chantierEntityIds: number[];
}

/**
 * On an empty database (no users), inserts the demo world and the demo accounts; returns null when the
 * database already has users.
 */
export async function seedDemo(
  db: Db,
  passwords: PasswordHasher,
  today = new Date(),
): Promise<DemoSeed | null> {
  const hasUsers = async (q: Db) =>
    (await q.one<{ count: number }>('select count(*)::int as count from users')).count > 0;
  if (await hasUsers(db)) return null;
  // Hash before the transaction: PGlite runs nothing else while a transaction is open.
  const hashes = await Promise.all(demoAccounts.map((account) => passwords.hash(account.password)));
  const world = generateWorld({ ...DEMO_WORLD_OPTIONS, today });
  return db.transaction(async (tx) => {
    if (tx.engine === 'postgres')
      await tx.query(`select pg_advisory_xact_lock(hashtext('seed:' || current_schema()))`);
    if (await hasUsers(tx)) return null;
    const inserted = await insertWorld(tx, world, hashes[0] ?? '');
    const companyOfRole = (role: string) => {
      const id = inserted.companyIds[world.companies.findIndex((company) => company.role === role)];
      if (id === undefined) throw new Error(`The demo world has no ${role} company`);
      return id;
    };
    const producerCompanyId = companyOfRole('producer');
    const retrieverCompanyId = companyOfRole('collector');
    const carrierCompanyId = companyOfRole('carrier');
    const chantierSiteId = inserted.siteIds[0] as number;
    const chantierEntityIds = world.entities
      .map((entity, index) => ({ entity, id: inserted.entityIds[index] as number }))
      .filter(({ entity }) => entity.site === 0)
      .slice(0, 2)
      .map(({ id }) => id);

    const userIds: Record<string, number> = {};
    for (const [index, account] of demoAccounts.entries()) {
      const person = people[account.email];
      const user = await tx.one<{ id: number }>(
        `insert into users (email, password_hash, firstname, lastname, phone, function, is_admin)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [
          account.email,
          hashes[index],
          person?.firstname,
          person?.lastname,
          person?.phone,
          person?.function,
          account.admin === true,
        ],
      );
      userIds[account.email] = user.id;
      await tx.query(
        `insert into user_user_typologies (user_id, user_typology_id)
         select $1, id from user_typologies where code = $2`,
        [user.id, account.typology],
      );
    }
    const link = (email: string, table: string, column: string, id: number) =>
      tx.query(`insert into ${table} (user_id, ${column}) values ($1, $2)`, [userIds[email], id]);
    await link('producteur@demo.fr', 'user_companies', 'company_id', producerCompanyId);
    await link('prestataire@demo.fr', 'user_companies', 'company_id', retrieverCompanyId);
    await link('transporteur@demo.fr', 'user_companies', 'company_id', carrierCompanyId);
    for (const entityId of chantierEntityIds) {
      await link('chantier@demo.fr', 'user_company_site_entities', 'company_site_entity_id', entityId);
    }
    await seedDemoDeliveries(tx, producerCompanyId, retrieverCompanyId, today);
    await seedDemoRequests(tx, producerCompanyId, retrieverCompanyId, userIds['producteur@demo.fr'], today);
    await seedDemoActivity(tx, retrieverCompanyId, today);
    await seedDemoRegister(tx, producerCompanyId);
    await seedDemoFlows(tx, producerCompanyId, retrieverCompanyId, userIds, today);
    await seedDemoNotifications(tx, userIds, producerCompanyId, retrieverCompanyId);
    await seedDemoBackOffice(tx, userIds, producerCompanyId, retrieverCompanyId, today);
    return {
      userIds,
      producerCompanyId,
      retrieverCompanyId,
      carrierCompanyId,
      chantierSiteId,
      chantierEntityIds,
    };
  });
}

/**
 * What the register shows beyond the carriers: the packaging the demo producer's establishments ship under
 * an eco-organisation's scheme through a broker (fictional names and numbers), and the two latest shipments whose
 * carrier's receipt number the provider has not given yet, so that `/suivi` has lines to complete.
 */
async function seedDemoRegister(db: Db, producerCompanyId: number) {
  await db.query(
    `update operations o
     set eco_organisation_name = 'Éco-Emballages Démo', eco_organisation_siren = '900000001',
         broker_name = 'Courtage Rhône-Alpes Démo', broker_siret = '90000000900002',
         broker_receipt_number = '2024/C/69/0007'
     where o.status in ('COMPLETED', 'REALISED') and o.waste_code = '15 01 01'
       and o.company_site_id in (select id from company_sites where company_id = $1)`,
    [producerCompanyId],
  );
  await db.query(
    `update operations set transporter_receipt_number = null
     where id in (select o.id from operations o join company_sites s on s.id = o.company_site_id
                  where s.company_id = $1 and o.status in ('COMPLETED', 'REALISED')
                    and o.transporter_name is not null
                  order by o.real_intervention_date desc, o.id desc limit 2)`,
    [producerCompanyId],
  );
}

/**
 * Declared flows (SPEC 1, 4), one in each state, on the demo producer's first establishment served by the demo
 * provider: last month's bulk cardboard the provider declared and the producer has to validate, a drop-off at a
 * public recycling centre the producer started to declare, and the provider's bulk cardboard of two months ago,
 * validated, which the register and the dashboards count. The provider carries its own collections; the outlet is
 * fictional (a Luhn-valid SIRET).
 */
async function seedDemoFlows(
  db: Db,
  producerCompanyId: number,
  retrieverCompanyId: number,
  userIds: Record<string, number>,
  now: Date,
) {
  const pair = await db.maybeOne<{
    siteId: number;
    providerId: number;
    providerName: string;
    providerSiret: string | null;
    providerAddress: string;
    wasteId: number;
    wasteCode: string;
  }>(
    `select cs.id as "siteId", p.id as "providerId", pc.name as "providerName", p.siret as "providerSiret",
       p.address || ', ' || p.postcode || ' ' || p.city as "providerAddress",
       w.id as "wasteId", w.waste_code as "wasteCode"
     from company_sites cs
     join site_links l on l.producer_site_id = cs.id
     join company_sites p on p.id = l.retriever_site_id and p.company_id = $2
     join companies pc on pc.id = p.company_id
     join third_level_wastes w on w.code = 'EMBALLAGES_CARTON'
     where cs.company_id = $1 order by cs.id, p.id limit 1`,
    [producerCompanyId, retrieverCompanyId],
  );
  if (pair === null) return;
  const today = parisDate(now);
  const monthStart = (back: number) => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
  };
  const monthEnd = (back: number) =>
    new Date(Date.parse(`${monthStart(back - 1)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const flows = [
    {
      status: 'TO_VALIDATE',
      declaredBy: 'PROVIDER',
      provider: pair.providerId,
      shipped: monthEnd(1),
      tonnes: '4.180',
      comment: 'Cartons collectés en vrac le mois dernier (total mensuel).',
      by: userIds['prestataire@demo.fr'],
      complete: true,
    },
    {
      status: 'TO_COMPLETE',
      declaredBy: 'PRODUCER',
      provider: null,
      shipped: monthStart(0) < today ? monthStart(0) : monthEnd(1),
      tonnes: '0.620',
      comment: 'Apport à la déchèterie intercommunale.',
      by: userIds['producteur@demo.fr'],
      complete: false,
    },
    {
      status: 'REALISED',
      declaredBy: 'PROVIDER',
      provider: pair.providerId,
      shipped: monthEnd(2),
      tonnes: '3.750',
      comment: 'Cartons collectés en vrac (total mensuel).',
      by: userIds['prestataire@demo.fr'],
      complete: true,
    },
  ];
  for (const flow of flows) {
    const at = new Date(Date.parse(`${flow.shipped}T16:00:00Z`) + 2 * 86_400_000);
    const created = at < now ? at : now;
    const { id } = await db.one<{ id: number }>(
      `insert into operations (type, status, declared_by, company_site_id, provider_site_id, third_level_waste_id,
         waste_code, dangerous, planned_treatment_code, requested_date, real_intervention_date, received_quantity,
         quantity_estimated, comment, requested_by, created_at, updated_at, completed_at, validated_at,
         transporter_site_id, transporter_name, transporter_siret, transporter_address, transporter_receipt_number)
       values ('FLOW', $1, $2, $3, $4, $5, $6, false, 'R 3', $7, $7, $8::numeric, true, $9, $10, $11, $11,
         case when $12 then $11::timestamptz end, case when $1 = 'REALISED' then $11::timestamptz end,
         case when $12 then $4::int end, case when $12 then $13 end, case when $12 then $14 end,
         case when $12 then $15 end, case when $12 then '2025/T/69/0112' end)
       returning id`,
      [
        flow.status,
        flow.declaredBy,
        pair.siteId,
        flow.provider,
        pair.wasteId,
        pair.wasteCode,
        flow.shipped,
        flow.tonnes,
        flow.comment,
        flow.by ?? null,
        created,
        flow.complete,
        pair.providerName,
        pair.providerSiret,
        pair.providerAddress,
      ],
    );
    if (flow.complete) {
      await db.query(
        `insert into operation_final_outlet_links (operation_id, position, name, siret, address, treatment_code,
           qualification, quantity, quantity_unit)
         values ($1, 1, 'Papeterie Démo du Rhône', '90000002700004', '1 avenue de la Papeterie, 38200 Vienne', 'R 3',
           'RECYCLAGE', 100, 'PERCENT')`,
        [id],
      );
      // As a completion does: the outlet becomes an entry of its provider's directory.
      await adoptOutlets(db, [id]);
    }
  }
}

/**
 * Requests the demo producer has just sent the demo provider, on containers of three establishments: two to
 * accept and schedule, one scheduled for tomorrow to complete, so that the provider's requests and the producer's
 * requests in progress show the work of every day. Containers delivered or ordered are left alone, and most stay
 * free for new requests.
 */
async function seedDemoRequests(
  db: Db,
  producerCompanyId: number,
  retrieverCompanyId: number,
  requestedBy: number | undefined,
  now: Date,
) {
  const skips = await db.query<{ id: number }>(
    // The last containers of each establishment first, so that the requests spread over the establishments.
    `select s.id from skips s
     join company_sites cs on cs.id = s.company_site_id and cs.company_id = $1
     join company_sites p on p.id = s.provider_site_id and p.company_id = $2
     where s.state = 'AVAILABLE' and s.planned_treatment_code is not null
     order by row_number() over (partition by s.company_site_id order by s.id desc), s.company_site_id
     limit 3`,
    [producerCompanyId, retrieverCompanyId],
  );
  const today = parisDate(now);
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const requests = [
    {
      status: 'REQUESTED',
      requested: 2,
      scheduled: null,
      hoursAgo: 3,
      comment: 'Benne pleine, merci de passer avant vendredi.',
    },
    { status: 'REQUESTED', requested: 5, scheduled: null, hoursAgo: 26, comment: null },
    { status: 'SCHEDULED', requested: 1, scheduled: 1, hoursAgo: 50, comment: 'Accès par le portail nord.' },
  ] as const;
  for (const [index, request] of requests.entries()) {
    const skip = skips[index];
    if (skip === undefined) return;
    const at = new Date(now.getTime() - request.hoursAgo * 3_600_000);
    await db.query(
      `insert into operations (type, status, skip_id, company_site_id, company_site_entity_id, provider_site_id,
         third_level_waste_id, waste_code, dangerous, planned_treatment_code, requested_date, intervention_date,
         comment, requested_by, created_at, updated_at)
       select 'ROTATION', $2, s.id, s.company_site_id, s.company_site_entity_id, s.provider_site_id,
         s.third_level_waste_id, s.waste_code, s.dangerous, s.planned_treatment_code, $3, $4, $5, $6, $7, $7
       from skips s where s.id = $1`,
      [
        skip.id,
        request.status,
        day(request.requested),
        request.scheduled === null ? null : day(request.scheduled),
        request.comment,
        requestedBy ?? null,
        at,
      ],
    );
    await syncSkipPlannedWork(db, skip.id, at);
  }
}

/**
 * Deliveries of the demo producer's containers that the demo provider serves: one in each status and a
 * monthly program (the first Monday of the next six months), so that both sides have something to act on.
 */
async function seedDemoDeliveries(db: Db, producerCompanyId: number, retrieverCompanyId: number, now: Date) {
  const skips = await db.query<{ id: number; siteId: number; providerSiteId: number }>(
    `select s.id, s.company_site_id as "siteId", s.provider_site_id as "providerSiteId" from skips s
     join company_sites cs on cs.id = s.company_site_id and cs.company_id = $1
     join company_sites p on p.id = s.provider_site_id and p.company_id = $2
     where s.state = 'AVAILABLE' and s.planned_treatment_code is not null
     order by s.company_site_id, s.id`,
    [producerCompanyId, retrieverCompanyId],
  );
  if (skips.length === 0) return;
  const today = parisDate(now);
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const skipAt = (index: number) => skips[index % skips.length] as (typeof skips)[number];
  const single: { status: string; requested: number; scheduled: number | null }[] = [
    { status: 'ORDERED', requested: 7, scheduled: null },
    { status: 'AWAITING_SCHEDULING', requested: 10, scheduled: null },
    { status: 'SCHEDULED', requested: 3, scheduled: 4 },
    { status: 'VALIDATED', requested: -20, scheduled: -19 },
  ];
  for (const [index, delivery] of single.entries()) {
    const skip = skipAt(index);
    const orderedAt = new Date(now.getTime() + Math.min(0, delivery.requested - 5) * 86_400_000);
    await db.query(
      `insert into skip_deliveries (skip_id, company_site_id, provider_site_id, requested_date, scheduled_date,
         status, comment, created_at, updated_at, validated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $8, case when $6 = 'VALIDATED' then $8::timestamptz end)`,
      [
        skip.id,
        skip.siteId,
        skip.providerSiteId,
        day(delivery.requested),
        delivery.scheduled === null ? null : day(delivery.scheduled),
        delivery.status,
        index === 0 ? 'Accès par le portail nord, quai 2.' : null,
        orderedAt,
      ],
    );
  }
  const programSkip = skipAt(single.length);
  const program = {
    startDate: today,
    endDate: day(183),
    recurrence: 'MONTH',
    interval: 1,
    weekdays: ['MONDAY'],
    monthPosition: 'FIRST',
    monthDay: null,
  } as const;
  const { id: programId } = await db.one<{ id: number }>(
    `insert into skip_delivery_programs (skip_id, company_site_id, provider_site_id, start_date, end_date,
       recurrence, repeat_interval, weekdays, month_position, month_day, comment, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::text[], $9, $10, $11, $12) returning id`,
    [
      programSkip.id,
      programSkip.siteId,
      programSkip.providerSiteId,
      program.startDate,
      program.endDate,
      program.recurrence,
      program.interval,
      program.weekdays,
      program.monthPosition,
      program.monthDay,
      'Rotation mensuelle du premier lundi.',
      now,
    ],
  );
  await db.query(
    `insert into skip_deliveries (skip_id, company_site_id, provider_site_id, program_id, requested_date,
       created_at, updated_at)
     select $1, $2, $3, $4, day::date, $6, $6 from unnest($5::text[]) as day
     on conflict (skip_id, requested_date) do nothing`,
    [
      programSkip.id,
      programSkip.siteId,
      programSkip.providerSiteId,
      programId,
      expandRecurrence(program, { from: today, limit: 12 }),
      now,
    ],
  );
  // A container with a delivery still to happen is ordered.
  await db.query(
    `update skips set state = 'ORDERED'
     where id in (select skip_id from skip_deliveries where status <> 'VALIDATED') and state = 'AVAILABLE'`,
  );
}
