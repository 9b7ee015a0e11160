/**
 * `npm test`: every check, in the order that fails fastest. Generated code first (Relay artifacts, the gateway's
 * resolver types: the type check needs them), then types, lint, the unit and integration suites of every
 * workspace, the web build, and the browser journeys.
 * With API_TEST_DATABASE_URL set, the api suite runs a second time on that PostgreSQL server (CI does).
 * Ends with one summary line 'tests: N passed, N failed' for CI.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const root = join(import.meta.dirname, '..');
const resultsDir = join(root, '.data', 'test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH}` };

function run(label: string, command: string, args: string[], extraEnv: Record<string, string> = {}) {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = performance.now();
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) {
        process.stdout.write(`✔ ${label} (${seconds} s)\n`);
        resolve();
      } else reject(new Error(`${label} failed (${signal ?? `exit ${code}`}) after ${seconds} s`));
    });
  });
}

interface Counts {
  passed: number;
  failed: number;
}

function vitestCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests };
}

function playwrightCounts(file: string): Counts {
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

const total: Counts = { passed: 0, failed: 0 };
const add = (read: () => Counts) => {
  try {
    const counts = read();
    total.passed += counts.passed;
    total.failed += counts.failed;
  } catch {
    // A runner that crashed before writing its report has already failed the run.
  }
};

const vitestReport = join(resultsDir, 'vitest.json');
const playwrightReport = join(resultsDir, 'playwright.json');
let failure: unknown = null;
try {
  await run('Relay compiler', 'npm', ['run', 'relay']);
  await run('Gateway resolver types', 'npm', ['run', 'codegen']);
  await run('Type check', 'npm', ['run', 'typecheck']);
  await run('Lint and format', 'biome', ['check', '.']);
  try {
    await run('Unit and integration tests', 'vitest', [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestReport}`,
    ]);
  } finally {
    add(() => vitestCounts(vitestReport));
  }
  const serverUrl = process.env.API_TEST_DATABASE_URL;
  if (serverUrl) {
    const serverReport = join(resultsDir, 'vitest-api-server.json');
    try {
      await run(
        'api suite on the PostgreSQL server',
        'vitest',
        [
          'run',
          '--project',
          'api',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${serverReport}`,
        ],
        { DATABASE_URL: serverUrl },
      );
    } finally {
      add(() => vitestCounts(serverReport));
    }
  }
  await run('Web build', 'npm', ['run', 'build', '-w', 'web']);
  try {
    await run('Browser journeys', 'playwright', ['test', '-c', 'tests/e2e/playwright.config.ts'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
  } finally {
    add(() => playwrightCounts(playwrightReport));
  }
} catch (error) {
  failure = error;
}

if (failure) {
  process.stdout.write(`\n✘ ${(failure as Error).message}\n`);
  if (total.failed === 0) total.failed = 1;
}
process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed\n`);
process.exit(failure ? 1 : 0);
