/** `npm start`: the portal on one machine, embedded database and demo data, one address to open. */
import { demoAccounts } from '@portal/api';
import { startStack } from './stack.ts';

const startedAt = performance.now();
const stack = await startStack({
  env: { NODE_ENV: process.env.NODE_ENV ?? 'production' },
  trackdechetsSandbox: true,
});
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);

const accounts = demoAccounts
  .map((account) => `  ${account.label.padEnd(34)} ${account.email.padEnd(26)} ${account.password}`)
  .join('\n');
const trackdechets =
  stack.trackdechets === null
    ? ''
    : `\nTrackdéchets: a local sandbox (not the real platform) at ${stack.trackdechets.uiUrl}; set TRACKDECHETS_* to ` +
      'use the real one (README).\n';
process.stdout.write(
  `\nPortail déchets is ready in ${seconds} s: ${stack.url}\n\nDemo accounts:\n${accounts}\n${trackdechets}\nCtrl+C to stop.\n`,
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    stack.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
