import type { ApiContext } from '../context.ts';
import { defineDomain } from '../domain.ts';
import { noticeSupplierDocumentExpiries } from './expiries.ts';
import { runOutbox } from './outbox.ts';
import { registerNotificationRoutes } from './routes.ts';

/**
 * Notifications: the bell, the mail settings, the contact form, and the outbox's worker. The worker runs at start
 * (what a crashed process left is sent), every `outboxIntervalMs`, and soon after each write request, so that a
 * notice goes out within moments of the change that caused it; it also tells producers of their suppliers'
 * documents reaching their end of validity.
 */
/** How often the worker looks for suppliers' documents reaching their end of validity. */
const EXPIRY_SCAN_INTERVAL_MS = 60 * 60_000;

/** The worker of each api (tests run several in one process), woken by its write requests. */
const wakers = new WeakMap<ApiContext, () => void>();

export const notificationsDomain = defineDomain({
  routes(app, context) {
    registerNotificationRoutes(app, context);
    // Added in the routes' scope, where the writes are: a hook of the root would not reach them.
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') wakers.get(context)?.();
    });
  },
  async start(app, context) {
    const { db, config, mailer } = context;
    if (config.outboxIntervalMs === 0) return;
    let running: Promise<void> | null = null;
    let again = false;
    let closed = false;
    let lastExpiryScan = Number.NEGATIVE_INFINITY;
    // Ends of validity move by the day: the scan runs at most once an hour, before the mails it may add.
    const scanExpiries = async (now: Date) => {
      if (now.getTime() - lastExpiryScan < EXPIRY_SCAN_INTERVAL_MS) return;
      lastExpiryScan = now.getTime();
      const told = await noticeSupplierDocumentExpiries(db, now);
      if (told > 0) app.log.info({ told }, 'supplier document expiries told');
    };
    const run = (): Promise<void> => {
      if (running !== null) {
        again = true;
        return running;
      }
      const now = config.now();
      running = scanExpiries(now)
        .then(() => runOutbox(db, mailer, config, now))
        .then(
          (sent) => {
            if (sent > 0) app.log.info({ sent }, 'notification mails sent');
          },
          (error: unknown) => app.log.error({ err: error }, 'notification outbox failed'),
        )
        .finally(() => {
          running = null;
          if (again && !closed) {
            again = false;
            void run();
          }
        });
      return running;
    };
    const timer = setInterval(run, config.outboxIntervalMs);
    timer.unref();
    wakers.set(context, () => {
      if (!closed) void run();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearInterval(timer);
      await running;
    });
    await run();
  },
});
