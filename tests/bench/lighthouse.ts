/**
 * Lighthouse's performance score of the login page and of the producer's dashboard, with its default (mobile)
 * settings: a mid-range phone's screen, its CPU four times slower than this machine's and a slow 4G network,
 * simulated. The median of BENCH_LIGHTHOUSE_RUNS runs (3 by default) beside the goal, with the metrics the score
 * is made of. Each run starts with the browser's cache and the origin's storage cleared, as a first visit; the
 * dashboard's session comes as a cookie header (Lighthouse clears cookies with the storage).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import type { Result as LighthouseResult } from 'lighthouse';
import { acceptTermsThroughApi, apiLogin } from '../e2e/portal.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { startDemoPortal } from '../support/demo-portal.ts';
import { freePort } from '../support/ports.ts';
import { ms, percentile, printTable, root } from './lib.ts';

const execFileAsync = promisify(execFile);

const EMAIL = 'producteur@demo.fr';
const SCORE_GOAL = 0.95;
/** The metrics behind the performance score, by their Lighthouse audit ids. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'SI',
} as const;

interface Audit {
  score: number;
  metrics: Record<string, number>;
  /** Transferred bytes of the page's scripts. */
  scriptBytes: number;
}

/**
 * One Lighthouse run, by its command in a process of its own: its trace processing takes seconds of CPU, which in
 * this process would hold up the portal under test. A run whose trace lacks the navigation's start (NO_NAVSTART,
 * which Lighthouse asks to run again) is run again, up to twice.
 */
async function audit(url: string, port: number, cookie?: string): Promise<Audit> {
  const args = [
    join(root, 'node_modules', 'lighthouse', 'cli', 'index.js'),
    url,
    `--port=${port}`,
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    '--quiet',
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  let lhr: LighthouseResult | undefined;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { stdout } = await execFileAsync(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 });
    lhr = JSON.parse(stdout) as LighthouseResult;
    if (lhr.runtimeError?.code !== 'NO_NAVSTART') break;
  }
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metrics = Object.fromEntries(
    Object.keys(METRICS).map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]),
  );
  const resources = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return {
    score: lhr.categories.performance?.score ?? 0,
    metrics,
    scriptBytes: resources?.find((item) => item.resourceType === 'script')?.transferSize ?? Number.NaN,
  };
}

export async function benchLighthouse(): Promise<void> {
  const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const portal = await startDemoPortal();
  const port = await freePort();
  // Lighthouse drives the browser through its debugging port, in a tab of its own.
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...(chromiumLaunchOptions.args ?? []), `--remote-debugging-port=${port}`],
  });
  try {
    const { stack } = portal;
    await acceptTermsThroughApi(stack, EMAIL);
    const session = await apiLogin(stack, EMAIL);
    const cookie = `portal_session=${session.token}; portal_uid=${session.userId}`;
    const baseURL = stack.url.replace('127.0.0.1', 'localhost');
    const pages = [
      { label: 'login page (/customer/Login)', url: `${baseURL}/customer/Login` },
      { label: 'dashboard (/), producer', url: `${baseURL}/`, cookie },
    ];
    const rows: string[][] = [];
    for (const page of pages) {
      // One run to warm the portal is not counted.
      await audit(page.url, port, page.cookie);
      const audits: Audit[] = [];
      for (let i = 0; i < runs; i++) audits.push(await audit(page.url, port, page.cookie));
      const median = (values: number[]) => percentile(values, 50);
      const score = median(audits.map((entry) => entry.score));
      rows.push([
        page.label,
        score.toFixed(2),
        String(SCORE_GOAL),
        score >= SCORE_GOAL ? 'yes' : 'no',
        ...Object.keys(METRICS).map((id) =>
          ms(median(audits.map((entry) => entry.metrics[id] ?? Number.NaN))),
        ),
        `${(median(audits.map((entry) => entry.scriptBytes)) / 1024).toFixed(0)} KB`,
      ]);
    }
    printTable(`Lighthouse performance, mobile settings (median of ${runs} runs)`, [
      ['page', 'score', 'goal', 'met', ...Object.values(METRICS), 'scripts sent'],
      ...rows,
    ]);
  } finally {
    await browser.close();
    await portal.close();
  }
}
