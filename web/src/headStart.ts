/**
 * The page's first script, apart from the app's (index.html runs it first): what it sends travels while the
 * app's scripts load and run (see `dashboardAhead.ts`). It imports none of the app's libraries, so that it runs
 * as soon as it is there.
 */
import { sendDashboardAhead } from './apps/dashboard/dashboardAhead.ts';

sendDashboardAhead(new URL(window.location.href));
