import { isCarrierOnly } from '@portal/domain/typologies';
import type { ConcreteRequest } from 'relay-runtime';
import dashboardFiguresQuery, {
  type DashboardFiguresQuery$variables,
} from '../../__generated__/DashboardFiguresQuery.graphql.ts';
import dashboardHomePageQuery from '../../__generated__/DashboardHomePageQuery.graphql.ts';
import dashboardMapQuery from '../../__generated__/DashboardMapQuery.graphql.ts';
import { globalId } from '../../relay/globalId.ts';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';
import type { Period } from './PeriodSelect.tsx';
import { MONTH_PARAM, readSelection, YEAR_PARAM } from './selection.ts';

/**
 * The dashboard's scope and year, read from the URL so that a reload or a shared link shows the same figures
 * (SPEC 3, 4 "Dashboard selection"): my side (a producer's sites, or what a provider's sites handle), the selected
 * establishment and chantier, client and client chantier, the company and location filters, and `?annee=`
 * (default: this year).
 */

export interface DashboardViewer {
  ownSiteTypology: string;
}

/** The offset of French time from UTC at every new year (winter time, UTC+1). */
const NEW_YEAR_OFFSET_MS = 60 * 60 * 1000;

/**
 * This year in France: the year an hour after UTC, French time being UTC+1 at every new year. Not asked of Intl:
 * its first formatter with a time zone costs 20 to 70 ms as a page starts, where the head start asks the year.
 */
export function currentYear(now = new Date()): number {
  return new Date(now.getTime() + NEW_YEAR_OFFSET_MS).getUTCFullYear();
}

export function readYear(params: URLSearchParams, now = new Date()): number {
  const value = params.get(YEAR_PARAM);
  return value !== null && /^(19|20|21)\d{2}$/.test(value) ? Number(value) : currentYear(now);
}

/** This month in France (1 to 12). */
export function currentMonth(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', month: 'numeric' }).format(now));
}

/** The month of `?mois=` (1 to 12), this month by default (the monthly views open on the current date). */
export function readMonth(params: URLSearchParams, now = new Date()): number {
  const value = params.get(MONTH_PARAM);
  return value !== null && /^(0?[1-9]|1[0-2])$/.test(value) ? Number(value) : currentMonth(now);
}

export function dashboardVariables(
  viewer: DashboardViewer,
  params: URLSearchParams,
  now = new Date(),
): DashboardFiguresQuery$variables {
  const selection = readSelection(params);
  const id = (type: string, value: number | null) => (value === null ? null : globalId(type, value));
  const retriever = viewer.ownSiteTypology === 'RETRIEVER';
  return {
    year: readYear(params, now),
    scope: {
      side: retriever ? 'RETRIEVER' : 'PRODUCER',
      producerSiteId: id('Establishment', retriever ? selection.clientId : selection.establishmentId),
      producerEntityId: id('Entity', retriever ? selection.clientEntityId : selection.entityId),
      retrieverSiteId: id('Establishment', retriever ? selection.establishmentId : null),
      companyId: id('Company', selection.companyId),
      location: selection.location,
    },
  };
}

/** A query a screen asks as it opens: its route's key, its artifact and its variables. */
export interface OpeningQuery {
  routeKey: string;
  artifact: ConcreteRequest;
  variables: Record<string, unknown>;
}

/**
 * The queries the dashboard's screen asks as it opens for a viewer (the session's, or the one this browser last
 * knew: `lastViewer`), its home's first: its home's, and, but for a carrier (whose home shows what it carries),
 * its figures' and its map's with the URL's scope and year. Its loader starts them, and so does the page's head
 * start (`dashboardAhead.ts`). Their artifacts are imported with this module, not when asked: the head start runs
 * while the app's scripts run, and an import's answer would wait for them.
 */
export function dashboardQueries(
  viewer: { typologies: readonly string[]; ownSiteTypology: string | null },
  params: URLSearchParams,
  now = new Date(),
): OpeningQuery[] {
  const carrier = isCarrierOnly(typologiesFromGraph(viewer.typologies));
  const home: OpeningQuery = {
    routeKey: 'dashboardHome',
    artifact: dashboardHomePageQuery,
    variables: { carrier },
  };
  if (carrier) return [home];
  const figures = dashboardVariables({ ownSiteTypology: viewer.ownSiteTypology ?? '' }, params, now);
  return [
    home,
    {
      routeKey: 'dashboardFigures',
      artifact: dashboardFiguresQuery,
      variables: figures,
    },
    {
      routeKey: 'dashboardMap',
      artifact: dashboardMapQuery,
      variables: figures,
    },
  ];
}

/** The monthly view's variables (`/details`): the dashboard's scope, `?annee=` and `?mois=` (this month by default). */
export function monthlyVariables(
  viewer: DashboardViewer,
  params: URLSearchParams,
  now = new Date(),
): DashboardFiguresQuery$variables & { month: number } {
  return { ...dashboardVariables(viewer, params, now), month: readMonth(params, now) };
}

/** The period of the URL: its year, and its month on the monthly views. */
export function readPeriod(params: URLSearchParams, monthly: boolean, now = new Date()): Period {
  return monthly
    ? { year: readYear(params, now), month: readMonth(params, now) }
    : { year: readYear(params, now) };
}

/** The URL with a chosen period written in (`?annee=`, and `?mois=` on the monthly views); the rest is kept. */
export function writePeriod(params: URLSearchParams, period: Period): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(YEAR_PARAM, String(period.year));
  if (period.month !== undefined) next.set(MONTH_PARAM, String(period.month));
  return next;
}
