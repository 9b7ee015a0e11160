/**
 * `npm run bench`: the portal's speed figures, each on a generated database (PGlite; the dashboard's on the
 * PostgreSQL server of BENCH_POSTGRES_URL, see dashboard.ts; the load's and the critical path's on both, see load.ts
 * and critical-path.ts). Figures only: nothing here passes or fails.
 * `BENCH_ITERATIONS` (default 50) sets the rounds; `npm run bench -- shell` runs one benchmark. Each prints the
 * machine's yardstick before and after it (`machineYardstick`): its figures are that machine's of the moment.
 */
import { benchBrowser } from './browser.ts';
import { benchBundle } from './bundle.ts';
import { benchCriticalPath } from './critical-path.ts';
import { benchDashboard } from './dashboard.ts';
import { benchEstablishments } from './establishments.ts';
import { benchFault } from './fault.ts';
import { machineYardstick, ms } from './lib.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLoad } from './load.ts';
import { benchOperations } from './operations.ts';
import { benchRegister } from './register.ts';
import { benchShell } from './shell.ts';

const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const benchmarks: Record<string, (iterations: number) => Promise<void>> = {
  bundle: benchBundle,
  shell: benchShell,
  establishments: benchEstablishments,
  operations: benchOperations,
  dashboard: benchDashboard,
  fault: benchFault,
  'critical-path': benchCriticalPath,
  register: benchRegister,
  load: benchLoad,
  browser: benchBrowser,
  lighthouse: benchLighthouse,
};
const wanted = process.argv.slice(2);
for (const [name, bench] of Object.entries(benchmarks)) {
  if (wanted.length !== 0 && !wanted.includes(name)) continue;
  const before = machineYardstick();
  await bench(iterations);
  process.stdout.write(
    `\n${name}: the machine's yardstick (fixed work on one thread, lower is faster) ${ms(before)} before, ${ms(machineYardstick())} after\n`,
  );
}
