import { accountApp } from './account/routes.tsx';
import { adminApp } from './admin/routes.tsx';
import { costsApp } from './costs/routes.tsx';
import { dashboardApp } from './dashboard/routes.tsx';
import { documentsApp } from './documents/routes.tsx';
import { helpApp } from './help/routes.tsx';
import { operationsApp } from './operations/routes.tsx';
import { outletsApp } from './outlets/routes.tsx';
import { registerApp } from './register/routes.tsx';
import { sitesApp } from './sites/routes.tsx';
import { trackdechetsApp } from './trackdechets/routes.tsx';

/**
 * The apps of the portal, one line each: the route table (`routes.tsx`), the paths (`paths.ts`) and the side
 * navigation (`navigation.ts`) are built from their screens. A new app is a folder with its `routes.tsx` and a
 * line here.
 */
export const apps = [
  accountApp,
  dashboardApp,
  sitesApp,
  operationsApp,
  costsApp,
  outletsApp,
  documentsApp,
  registerApp,
  trackdechetsApp,
  helpApp,
  adminApp,
] as const;
