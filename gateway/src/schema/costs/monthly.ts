import {
  COST_FIELDS,
  type CostField,
  cents,
  fromCents,
  fromThousandths,
  netCostCents,
  thousandths,
} from '@portal/domain';
import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../errors.ts';
import type { RestSite } from '../../rest/types.ts';
import { authenticated } from '../authenticated.ts';
import { restScope } from '../dashboard/resolvers.ts';
import type { Resolvers } from '../domain.ts';
import { thirdLevelWasteOf } from '../reference/wastes.ts';

/**
 * The costs of a month (`/mes-couts`) over `GET /api/operation_cost/get_monthly_cost`: ONE REST call
 * gives a line per (establishment of my side, precise waste); the establishments come through the request's
 * batched site loader and the wastes from the waste list read once, so the screen costs a few calls whatever
 * the number of lines. Totals are added up exactly (tonnes in thousandths, euros in cents), never in floats.
 */

interface RestMonthlyCostLine extends Record<CostField, string> {
  companySite: string;
  thirdLevelWaste: string | null;
  operations: number;
  tonnes: string;
}

interface RestMonthlyCost {
  year: number;
  month: number;
  lines: RestMonthlyCostLine[];
}

/** Exact figures of a set of lines: tonnes in thousandths, costs in cents. */
export interface Figures {
  operations: number;
  tonnes: bigint;
  costs: Record<CostField, bigint>;
}

export interface MonthlyCosts {
  year: number;
  month: number;
  lines: RestMonthlyCostLine[];
}

function figuresOf(lines: readonly RestMonthlyCostLine[]): Figures {
  const figures: Figures = {
    operations: 0,
    tonnes: 0n,
    costs: { treatmentCost: 0n, transportCost: 0n, recyclingRevenue: 0n, purchasePrice: 0n },
  };
  for (const line of lines) {
    figures.operations += line.operations;
    figures.tonnes += thousandths(line.tonnes);
    for (const field of COST_FIELDS) figures.costs[field] += cents(line[field]);
  }
  return figures;
}

/** The lines by a key, in the order the keys first appear. */
function groupBy<K>(lines: readonly RestMonthlyCostLine[], key: (line: RestMonthlyCostLine) => K) {
  const groups = new Map<K, RestMonthlyCostLine[]>();
  for (const line of lines) {
    const group = groups.get(key(line));
    if (group) group.push(line);
    else groups.set(key(line), [line]);
  }
  return groups;
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** By name in French order, the unnamed (null) last. */
function byName<T>(name: (item: T) => string | null) {
  return (a: T, b: T) => {
    const [first, second] = [name(a), name(b)];
    if (first === null || second === null) return Number(first === null) - Number(second === null);
    return collator.compare(first, second);
  };
}

const siteName = (site: RestSite) => `${site.companyName ?? ''} > ${site.name}`;

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.badUserInput } });
}

export const monthlyCostResolvers: Resolvers = {
  Query: {
    monthlyCosts: authenticated(async (_root, { year, month, scope }, context): Promise<MonthlyCosts> => {
      if (!Number.isInteger(year) || year < 2000 || year > 2100) {
        throw badInput("L'année doit être comprise entre 2000 et 2100.");
      }
      if (!Number.isInteger(month) || month < 1 || month > 12) {
        throw badInput('Le mois doit être compris entre 1 et 12.');
      }
      const rest = restScope(scope);
      // An id of another type scopes to nothing: no call, an empty month.
      if (rest === null) return { year, month, lines: [] };
      const answer = await context.rest.get<RestMonthlyCost>('/api/operation_cost/get_monthly_cost', {
        ...rest.query,
        year,
        month,
        role: rest.role,
      });
      return { year, month, lines: answer.lines };
    }),
  },
  MonthlyCosts: {
    total: (costs) => figuresOf(costs.lines),
    byEstablishment: async (costs, _args, context) => {
      const groups = [...groupBy(costs.lines, (line) => line.companySite)];
      // One batched call for all the establishments (the request's site loader).
      const sites = await Promise.all(groups.map(([iri]) => context.loaders.sites.load(iri)));
      const rows = groups.map(([, lines], index) => ({
        establishment: sites[index] ?? null,
        figures: figuresOf(lines),
      }));
      // As the screen shows them: company > site.
      return rows.sort(byName((row) => (row.establishment === null ? null : siteName(row.establishment))));
    },
    byWaste: async (costs, _args, context) => {
      const groups = [...groupBy(costs.lines, (line) => line.thirdLevelWaste)];
      const wastes = await Promise.all(groups.map(([iri]) => thirdLevelWasteOf(context, iri)));
      const rows = groups.map(([, lines], index) => ({
        waste: wastes[index] ?? null,
        figures: figuresOf(lines),
      }));
      return rows.sort(byName((row) => row.waste?.label ?? null));
    },
  },
  CostFigures: {
    tonnes: (figures) => fromThousandths(figures.tonnes),
    treatmentCost: (figures) => fromCents(figures.costs.treatmentCost),
    transportCost: (figures) => fromCents(figures.costs.transportCost),
    recyclingRevenue: (figures) => fromCents(figures.costs.recyclingRevenue),
    purchasePrice: (figures) => fromCents(figures.costs.purchasePrice),
    netCost: (figures) => fromCents(netCostCents(figures.costs)),
  },
};
