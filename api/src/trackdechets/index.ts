import { defineDomain } from '../domain.ts';
import { registerTrackdechetsRoutes } from './routes.ts';
import { trackdechetsService } from './service.ts';

/**
 * Trackdéchets, the national tracing platform of hazardous waste: users link their account (OAuth2), the slips of
 * their companies are brought by a background sync (and on demand), and the producers' hazardous pick-ups show
 * them. Without configuration the routes say so and the pick-ups show the portal's own operations.
 */
export const trackdechetsDomain = defineDomain({
  routes: registerTrackdechetsRoutes,
  async start(app, context) {
    const minutes = context.config.trackdechets?.syncIntervalMinutes ?? 0;
    if (minutes === 0) return;
    const service = trackdechetsService(context);
    let running: Promise<void> | null = null;
    const timer = setInterval(() => {
      running ??= service
        .syncAll()
        .then(
          (count) => {
            if (count > 0) app.log.info({ count }, 'Trackdéchets slips synced');
          },
          (error: unknown) => app.log.warn({ err: error }, 'Trackdéchets sync failed'),
        )
        .finally(() => {
          running = null;
        });
    }, minutes * 60_000);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
});
