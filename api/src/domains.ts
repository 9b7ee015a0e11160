import { accountDomain } from './account/index.ts';
import { adminDomain } from './admin/index.ts';
import { companiesDomain } from './companies/index.ts';
import { dashboardDomain } from './dashboard/index.ts';
import { documentsDomain } from './documents/index.ts';
import type { ApiDomain } from './domain.ts';
import { entitiesDomain } from './entities/index.ts';
import { helpDomain } from './help/index.ts';
import { notificationsDomain } from './notifications/index.ts';
import { operationsDomain } from './operations/index.ts';
import { outletsDomain } from './outlets/index.ts';
import { referenceDomain } from './reference/index.ts';
import { registryDomain } from './registry/index.ts';
import { sitesDomain } from './sites/index.ts';
import { skipsDomain } from './skips/index.ts';
import { trackdechetsDomain } from './trackdechets/index.ts';

/** The api's domains, one line each, in the order their routes and preparations run. */
export const domains: readonly ApiDomain[] = [
  accountDomain,
  referenceDomain,
  sitesDomain,
  entitiesDomain,
  companiesDomain,
  skipsDomain,
  operationsDomain,
  dashboardDomain,
  notificationsDomain,
  helpDomain,
  outletsDomain,
  documentsDomain,
  registryDomain,
  trackdechetsDomain,
  adminDomain,
];
