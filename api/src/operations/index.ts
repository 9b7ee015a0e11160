import { defineDomain } from '../domain.ts';
import { registerCostRoutes } from './costs.ts';
import { registerIncidentRoutes } from './incidents.ts';
import { materializeRotationPrograms, registerRotationProgramRoutes } from './programs.ts';
import { registerOperationRoutes } from './routes.ts';

/** Recurring rotations come as their dates do: at start, then every hour (idempotent; see programs.ts). */
const ROTATION_PROGRAM_INTERVAL_MS = 60 * 60 * 1000;

/** Operations on containers: requests, moves, completion, recurring rotations, incidents and costs. */
export const operationsDomain = defineDomain({
  routes(app, context) {
    registerOperationRoutes(app, context);
    registerRotationProgramRoutes(app, context);
    registerIncidentRoutes(app, context);
    registerCostRoutes(app, context);
  },
  async start(app, { db, config }) {
    const run = () =>
      materializeRotationPrograms(db, config.now()).then(
        (created) => {
          if (created > 0) app.log.info({ created }, 'recurring rotations created');
        },
        (error: unknown) => app.log.error({ err: error }, 'recurring rotations failed'),
      );
    const timer = setInterval(run, ROTATION_PROGRAM_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
    await run();
  },
});
