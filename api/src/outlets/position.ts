import type { Db } from '../db/index.ts';
import { foldForSearch } from '../hydra/index.ts';
import { OUTLET_TOWNS, TOWNS, type Town } from '../seed/towns.ts';

/** Every town the project knows the position of. */
const KNOWN_TOWNS: readonly Town[] = [...OUTLET_TOWNS, ...TOWNS];

/**
 * The position of an address's town from the project's towns data (no network geocoding): the town of its
 * postcode and name, else of its postcode, else of its name; null when the town is not known.
 */
export function townPosition(
  postcode: string | null,
  city: string | null,
): { lat: number; lon: number } | null {
  const name = city === null ? null : foldForSearch(city.trim());
  const town =
    KNOWN_TOWNS.find((t) => t.postcode === postcode && foldForSearch(t.city) === name) ??
    KNOWN_TOWNS.find((t) => postcode !== null && t.postcode === postcode) ??
    KNOWN_TOWNS.find((t) => name !== null && foldForSearch(t.city) === name);
  return town === undefined ? null : { lat: town.lat, lon: town.lon };
}

/**
 * Places the directory's outlets that have no position and were not placed by hand (all of them, or these), on
 * their town: after the migration of free-text outlets, and the seed's.
 */
export async function placeOutlets(db: Db, ids?: readonly number[]): Promise<number> {
  const rows = await db.query<{ id: number; postcode: string | null; city: string | null }>(
    `select id, postcode, city from final_outlets
     where lat is null and not position_manual ${ids === undefined ? '' : 'and id = any($1::int[])'}`,
    ids === undefined ? [] : [ids],
  );
  const placed = rows.flatMap((row) => {
    const position = townPosition(row.postcode, row.city);
    return position === null ? [] : [{ id: row.id, ...position }];
  });
  if (placed.length === 0) return 0;
  await db.query(
    `update final_outlets f set lat = p.lat, lon = p.lon
     from unnest($1::int[], $2::float8[], $3::float8[]) as p(id, lat, lon) where f.id = p.id`,
    [placed.map((p) => p.id), placed.map((p) => p.lat), placed.map((p) => p.lon)],
  );
  return placed.length;
}

/**
 * Links the final outlets of these operations (all: none given) to their provider's directory, by SIRET (by name
 * and address without one), an outlet found in none becoming an entry placed on its town (migration 015's
 * `final_outlets_adopt`).
 */
export async function adoptOutlets(db: Db, operationIds: readonly number[] | null): Promise<void> {
  await db.query('select final_outlets_adopt($1::int[])', [operationIds]);
  await placeOutlets(db);
}
