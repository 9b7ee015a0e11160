import { typologyLabels, type UserTypology } from '@portal/domain';
import type { PasswordHasher } from '../account/passwords.ts';
import type { Db } from '../db/index.ts';
import { generateWorld } from './generate.ts';
import { insertWorld } from './insert.ts';

export const DEMO_PASSWORD = 'Portail2026!';

export interface DemoAccount {
  email: string;
  password: string;
  typology: UserTypology;
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
  'chantier@demo.fr': {
    firstname: 'Thomas',
    lastname: 'Petit',
    phone: '+33645678901',
    function: 'Chef de chantier',
  },
};

/** The small demo world: 3 producer companies of 3 sites with 3 chantiers each, 2 providers, 1 carrier. */
export const DEMO_WORLD_OPTIONS = {
  companies: 3,
  sitesPerCompany: 3,
  entitiesPerSite: 3,
  retrieverCompanies: 2,
  years: 3,
  seed: 2026,
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
        `insert into users (email, password_hash, firstname, lastname, phone, function)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [account.email, hashes[index], person?.firstname, person?.lastname, person?.phone, person?.function],
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
