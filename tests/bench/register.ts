/**
 * The register at scale, on PostgreSQL: the dashboard bench's world (dashboard.ts: 200 establishments, 1,000,000
 * realised operations over 5 years, on the server of BENCH_POSTGRES_URL), whose bench user sees all of it.
 *
 * Figures: the national export (`GET /api/registry/export`, CSV then XLSX) of the whole 5 years, read as it comes:
 * lines a second and the portal process's memory while it writes (its resident size sampled every 100 ms, and
 * the peak above its size before); and a reporting script's pull of the latest year through the graph
 * (`viewer.registerLines`, pages of 1,000 with a bearer token): pages a second and REST calls per page. Goals:
 * at least 50,000 lines a second, memory flat and under 200 MB above the start.
 *
 *   npx node tests/bench/run.ts register
 */
import { readFileSync } from 'node:fs';
import { generateWorld } from '@portal/api';
import { ensureWorld, firstYear, latestYear, startOnBenchDatabase, WORLD } from './dashboard.ts';
import { bearerToken, graphql, printTable, producerUser } from './lib.ts';

const GOAL_LINES_PER_SECOND = 50_000;
const GOAL_MEMORY_MB = 200;
const MB = 1024 * 1024;

/** The resident memory of a process, in bytes (Linux). */
const residentBytes = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
};

const REGISTER_PAGE = `query RegisterPage($filter: RegisterFilter!, $after: String) {
  viewer { registerLines(filter: $filter, first: 1000, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { node { operationId shipmentDate wasteCode wasteDescription dangerous weight weightIsEstimate
      origin { name siret address } carriers { name siret receiptNumber } destination { name siret address }
      treatmentCode qualification finalTreatments { siret treatmentCode weight } missing } } } }
}`;

export async function benchRegister(): Promise<void> {
  const world = generateWorld({ ...WORLD, skipsPerSite: 0 });
  const user = producerUser(world);
  const seeding = await ensureWorld(user.email);
  const portal = await startOnBenchDatabase(user.email);
  try {
    const token = await bearerToken(portal.gateway, user.email);
    const rows = [['measure', 'lines', 'time', 'lines/s', 'memory peak (MB above start)', 'goal', '']];
    for (const format of ['csv', 'xlsx'] as const) {
      const start = residentBytes(portal.pid);
      let peak = start;
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentBytes(portal.pid));
      }, 100);
      const started = performance.now();
      const response = await fetch(
        `${portal.api}/registry/export?type=OUTGOING&format=${format}&from=${firstYear}-01-01&to=${latestYear}-12-31`,
        // Uncompressed, as the gateway asks it for the browser's download: the figure is the export's own work.
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' } },
      );
      if (!response.ok || response.body === null) throw new Error(`export: ${response.status}`);
      const lines = Number(response.headers.get('x-register-line-count'));
      let bytes = 0;
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        bytes += read.value.byteLength;
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const above = (peak - start) / MB;
      const rate = lines / seconds;
      const row = [
        `export ${format.toUpperCase()} (${(bytes / MB).toFixed(0)} MB)`,
        String(lines),
        `${seconds.toFixed(1)} s`,
        rate.toFixed(0),
        above.toFixed(0),
        `≥ ${GOAL_LINES_PER_SECOND} lines/s, < ${GOAL_MEMORY_MB} MB`,
        rate >= GOAL_LINES_PER_SECOND && above < GOAL_MEMORY_MB ? 'ok' : 'MISSED',
      ];
      rows.push(row);
      // Printed as measured too: the next measure may take minutes.
      console.log(row.join(' | '));
    }

    // A script's pull of the latest year through the graph.
    const filter = { from: `${latestYear}-01-01`, to: `${latestYear}-12-31` };
    let after: string | null = null;
    let pages = 0;
    let lines = 0;
    let restCalls = 0;
    const started = performance.now();
    for (;;) {
      const answer = await graphql(
        portal.gateway,
        { query: REGISTER_PAGE },
        { filter, after },
        { authorization: `Bearer ${token}` },
      );
      const connection = (
        answer.data as {
          viewer: {
            registerLines: {
              edges: unknown[];
              pageInfo: { hasNextPage: boolean; endCursor: string | null };
            };
          };
        }
      ).viewer.registerLines;
      pages += 1;
      lines += connection.edges.length;
      restCalls += answer.restCalls;
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    const seconds = (performance.now() - started) / 1000;
    rows.push([
      `graph pull of ${latestYear} (${pages} pages of 1,000)`,
      String(lines),
      `${seconds.toFixed(1)} s`,
      (lines / seconds).toFixed(0),
      '',
      `${(pages / seconds).toFixed(1)} pages/s, ${(restCalls / pages).toFixed(1)} REST calls a page`,
      '',
    ]);
    printTable(
      `Register (PostgreSQL, world ${seeding.reused ? 'reused' : `seeded in ${seeding.seconds.toFixed(0)} s`})`,
      rows,
    );
  } finally {
    portal.close();
  }
}
