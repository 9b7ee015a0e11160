/**
 * Fills the configured database (DATABASE_URL, or PGlite in DATA_DIR) with a generated world, for benchmarks:
 *   npx node api/src/seed/cli.ts --companies 200 --sites-per-company 10 --years 3
 * Options: --entities-per-site (3), --skips-per-site (4), --retriever-companies (one per ten producers),
 * --users-per-company (1), --seed (1). Every complete container with a provider gets its operations over the
 * years (several per container and month: hundreds of thousands for 200 companies of 10 sites).
 * Migrates first and, on an empty database with SEED_DEMO on, adds the demo accounts too.
 * Generated users share the demo password.
 */
import { parseArgs } from 'node:util';
import { createPasswordHasher } from '../account/passwords.ts';
import { loadConfig } from '../config.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { syncTypologies } from '../reference/typologies.ts';
import { DEMO_PASSWORD, seedDemo } from './demo.ts';
import { generateWorld } from './generate.ts';
import { insertWorld } from './insert.ts';

const { values } = parseArgs({
  options: {
    companies: { type: 'string', default: '20' },
    'sites-per-company': { type: 'string', default: '5' },
    'entities-per-site': { type: 'string', default: '3' },
    'skips-per-site': { type: 'string', default: '4' },
    'retriever-companies': { type: 'string' },
    'users-per-company': { type: 'string', default: '1' },
    years: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
  },
  strict: true,
});

function count(name: keyof typeof values): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative integer, got "${raw}"`);
    process.exit(2);
  }
  return value;
}

const config = loadConfig(process.env);
const db = await openDatabase(config);
try {
  const started = performance.now();
  await migrate(db);
  await syncTypologies(db);
  const passwords = await createPasswordHasher(config.argon2);
  if (config.seedDemo && (await seedDemo(db, passwords)) !== null) console.log('Demo accounts added.');
  const retrieverCompanies = count('retriever-companies');
  const world = generateWorld({
    companies: count('companies') ?? 20,
    sitesPerCompany: count('sites-per-company') ?? 5,
    entitiesPerSite: count('entities-per-site') ?? 3,
    skipsPerSite: count('skips-per-site') ?? 4,
    ...(retrieverCompanies === undefined ? {} : { retrieverCompanies }),
    usersPerCompany: count('users-per-company') ?? 1,
    years: count('years') ?? 3,
    seed: count('seed') ?? 1,
  });
  await insertWorld(db, world, await passwords.hash(DEMO_PASSWORD));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Inserted ${world.companies.length} companies, ${world.sites.length} sites, ${world.entities.length} entities, ` +
      `${world.siteLinks.length} site links, ${world.skips.length} containers, ${world.operations.length} operations ` +
      `(${world.operations.reduce((sum, operation) => sum + operation.outlets.length, 0)} final outlets, ` +
      `${world.incidents.length} incidents) and ` +
      `${world.users.length} users in ${seconds} s ` +
      `(${config.databaseUrl === undefined ? `PGlite in ${config.dataDir}` : 'DATABASE_URL'}).`,
  );
  const sample = world.users[0];
  if (sample !== undefined)
    console.log(`Generated users sign in like ${sample.email} with the demo password.`);
} finally {
  await db.close();
}
