import {
  fromThousandths,
  type OperationStatus,
  type OperationType,
  type OutletQuantityUnit,
  plannedWorkOf,
  thousandths,
} from '@portal/domain';
import {
  CONTAINER_INCIDENTS,
  DEFAULT_FLOW,
  type EuroRange,
  FACILITIES,
  type Facility,
  type FacilityKind,
  FLOWS,
  type FlowProfile,
  INCIDENT_COMMENTS,
  intervalOfSkipType,
  NOT_CARRIED_OUT_COMMENTS,
  NOT_PROCESSED_COMMENTS,
  OPERATION_INCIDENTS,
  REQUEST_COMMENTS,
  RETIREMENT_COMMENTS,
  SEASONS,
} from './flows.ts';
import { itemSeed, random } from './random.ts';
import type { World, WorldIncident, WorldOperation, WorldOperationOutlet, WorldSkip } from './world.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Shares of the fates of an operation, the rest being realised. */
export const OPERATION_FATES = { CANCELLED: 0.03, NOT_PROCESSED: 0.01, NOT_CARRIED_OUT: 0.01 } as const;
/** Share of realised operations on which the producer declares an incident, and of containers with one. */
export const INCIDENT_SHARES = { operation: 0.008, container: 0.05 } as const;
/** Share of cancelled requests that were retirements (the producer changed its mind). */
const CANCELLED_RETIREMENT = 0.25;
/** Share of the open requests at `today` that are retirements. */
const OPEN_RETIREMENT = 0.04;

export interface OperationsOptions {
  seed: number;
  today: Date;
  /** First day of the history (ms). */
  historyStart: number;
  /** Producer companies, the first ones, whose containers have a history. */
  companies: number;
  /** Whether the latest operation of a container may still be open at `today`. */
  open: boolean;
}

const dayOf = (ms: number) => Math.floor(ms / DAY);
const dayOfIso = (date: string) => dayOf(Date.parse(`${date.slice(0, 10)}T00:00:00Z`));
const isoDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString();
/** The day itself, or the Monday after a Saturday or a Sunday (day 0, 1970-01-01, was a Thursday). */
const workday = (day: number) => {
  const weekday = (day + 4) % 7;
  return weekday === 6 ? day + 2 : weekday === 0 ? day + 1 : day;
};
const monthOf = (day: number) => new Date(day * DAY).getUTCMonth();

interface Container {
  index: number;
  skip: WorldSkip;
  next: () => number;
  flow: FlowProfile;
  /** Mean days between rotations in an ordinary month. */
  base: number;
  fullThousandths: number;
  /** The container's contract prices (euro per tonne, at the start of the history). */
  prices: { treatment: number; transport: number; revenue: number | null; purchase: number | null };
  /** The facility of each kind this container's provider usually sends to. */
  usual: Map<FacilityKind, Facility>;
}

interface Built {
  operation: WorldOperation;
  open: boolean;
  closedAt: number;
  /** The day of the real intervention (or the wished day when there was none). */
  day: number;
  /** Not done although asked: the producer asks again within days. */
  retry: boolean;
}

/**
 * Operations of the containers of the first `companies` producer companies, from a stream of their own per
 * container (the rest of a seeded world does not depend on them): rotations at the pace of the container and the
 * season, a few cancelled, declined or missed, realised ones validated days after completion with their final
 * outlets and costs; a realised retirement closes the history of an archived container. Requests follow each
 * other: one is only made once the previous is closed, so that only the latest may still be open at `today`.
 */
export function addOperations(world: World, options: OperationsOptions): void {
  const producers = new Set<number>();
  world.companies.forEach((company, index) => {
    if (company.role === 'producer' && producers.size < options.companies) producers.add(index);
  });
  // The carrier's establishment linked to each client site: it carries some of that site's collections.
  const carrierOf = new Map<number, number>();
  for (const link of world.siteLinks) {
    const linked = world.sites[link.retrieverSite];
    if (linked?.typologies.includes('carrier') && !carrierOf.has(link.producerSite)) {
      carrierOf.set(link.producerSite, link.retrieverSite);
    }
  }
  const operations: WorldOperation[] = [];
  world.skips.forEach((skip, index) => {
    const site = world.sites[skip.site];
    if (site === undefined || !producers.has(site.company)) return;
    const history = containerHistory(world, options, carrierOf.get(skip.site) ?? null, index);
    const last = history.at(-1);
    if (last !== undefined) skip.plannedWork = plannedWorkOf(last.type, last.status);
    for (const operation of history) operations.push(operation);
  });
  // Newest last, as the requests came: ids follow the request times.
  operations.sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.skip - b.skip,
  );
  world.operations = operations;
  world.incidents = incidents(world, options);
}

/**
 * A few incidents the producers declared, from a stream of their own: on a realised operation within two days
 * of its completion, or on a container of theirs while it was in use.
 */
function incidents(world: World, options: OperationsOptions): WorldIncident[] {
  const next = random(itemSeed(options.seed, 0x1c1d, 0));
  const now = options.today.getTime();
  const declared: WorldIncident[] = [];
  world.operations.forEach((operation, index) => {
    if (operation.status !== 'REALISED' || operation.completedAt === null) return;
    if (next() >= INCIDENT_SHARES.operation) return;
    const at = Date.parse(operation.completedAt) + Math.floor((1 + next() * 47) * 3600) * 1000;
    if (at <= now) {
      declared.push({
        operation: index,
        skip: operation.skip,
        description: pick(next, OPERATION_INCIDENTS),
        createdAt: isoTime(at),
      });
    }
  });
  // Each container from its first request to the last change of its latest operation.
  const spans = new Map<number, { from: number; to: number }>();
  for (const operation of world.operations) {
    const span = spans.get(operation.skip);
    const to = Date.parse(operation.updatedAt);
    if (span === undefined) spans.set(operation.skip, { from: Date.parse(operation.createdAt), to });
    else span.to = Math.max(span.to, to);
  }
  for (const [skip, { from, to }] of spans) {
    if (next() >= INCIDENT_SHARES.container) continue;
    declared.push({
      operation: null,
      skip,
      description: pick(next, CONTAINER_INCIDENTS),
      createdAt: isoTime(from + Math.floor((next() * (to - from)) / 1000) * 1000),
    });
  }
  return declared.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

function containerHistory(
  world: World,
  options: OperationsOptions,
  carrier: number | null,
  index: number,
): WorldOperation[] {
  const skip = world.skips[index] as WorldSkip;
  if (skip.provider === null || skip.plannedTreatmentCode === null || skip.estimatedFullQuantity === null)
    return [];
  const next = random(itemSeed(options.seed, 0x0be7, index));
  const flow = FLOWS[skip.thirdLevelWaste] ?? DEFAULT_FLOW;
  const [shortest, longest] = flow.interval ?? intervalOfSkipType(skip.skipType, skip.dangerous);
  const between = (range: EuroRange) => range[0] + next() * (range[1] - range[0]);
  const usual = new Map<FacilityKind, Facility>();
  for (const kind of [...flow.primary, ...flow.secondary, 'landfill', 'inertLandfill'] as const) {
    if (!usual.has(kind)) usual.set(kind, pick(next, FACILITIES[kind]));
  }
  const container: Container = {
    index,
    skip,
    next,
    flow,
    base: shortest + next() * (longest - shortest),
    fullThousandths: Number(thousandths(skip.estimatedFullQuantity)),
    prices: {
      treatment: between(flow.treatment),
      transport: between(flow.transport),
      revenue: flow.recyclingRevenue ? between(flow.recyclingRevenue) : null,
      purchase: flow.purchasePrice ? between(flow.purchasePrice) : null,
    },
    usual,
  };
  const now = options.today.getTime();
  const today = dayOf(now);
  // The first request comes days after the container is placed, within its chantier's dates.
  let first = dayOfIso(skip.createdAt) + 1 + Math.floor(next() * 14);
  let last = today;
  if (skip.entity !== null) {
    const entity = world.entities[skip.entity];
    if (entity !== undefined) {
      first = Math.max(first, dayOfIso(entity.startDate));
      if (entity.endDate !== null) last = Math.min(last, dayOfIso(entity.endDate));
    }
  }
  // An archived container was retired a month or more ago; nothing was asked of it afterwards.
  let retirementDay: number | null = null;
  if (skip.state === 'ARCHIVED') {
    const latest = Math.min(last, today - 30);
    if (latest <= first) return [];
    retirementDay = latest - Math.floor(next() * Math.min(365, (latest - first) / 2));
    last = retirementDay - 1;
  }

  const history: WorldOperation[] = [];
  const context = { world, options, carrier, container, now };
  let closedAt = first * DAY;
  let target = first + Math.floor(next() * container.base);
  let retry = false;
  for (;;) {
    const lead = retry ? Math.floor(next() * 2) : leadDays(next, container.base);
    let requestedAt = workday(target - lead) * DAY + workingTime(next);
    if (requestedAt <= closedAt) requestedAt = closedAt + Math.floor((1 + next() * 20) * 3600) * 1000;
    const requestDay = dayOf(requestedAt);
    if (requestDay > last || requestedAt > now) break;
    const built = operation(context, 'ROTATION', requestedAt, workday(Math.max(target, requestDay)), false);
    if (built === null) break;
    history.push(built.operation);
    if (built.open) return history;
    closedAt = built.closedAt;
    retry = built.retry;
    if (retry) target = dayOf(closedAt) + 1 + Math.floor(next() * 3);
    else {
      const factor = SEASONS[flow.season][monthOf(built.day + Math.round(container.base / 2))] ?? 1;
      target = built.day + Math.max(3, Math.round((container.base / factor) * (0.85 + next() * 0.3)));
    }
  }
  if (retirementDay !== null) {
    const requestedAt = Math.max(
      workday(retirementDay) * DAY + workingTime(next),
      closedAt + Math.floor((1 + next() * 20) * 3600) * 1000,
    );
    const requestedDay = workday(dayOf(requestedAt) + Math.floor(next() * 6));
    const built = operation(context, 'RETIREMENT', requestedAt, requestedDay, true);
    // Realised long before today by construction; an archived container never keeps an open operation.
    if (built !== null && !built.open) history.push(built.operation);
  }
  return history;
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** Days between the request and the wished day: mostly one to three, up to a week for the less frequent. */
function leadDays(next: () => number, base: number): number {
  const longest = Math.min(7, Math.floor(base / 3));
  const r = next();
  return Math.floor(r * r * (longest + 1));
}

/** A time of a working day, between 7 and 18 in France (in UTC, a little earlier). */
function workingTime(next: () => number): number {
  return Math.floor((6 + next() * 10) * 3600) * 1000;
}

/** A normal draw (Box-Muller). */
function normal(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

interface Stage {
  at: number;
  status: OperationStatus;
}

/**
 * One operation asked at `requestedAt` for `requestedDay`, with every stage it goes through (request, hold,
 * acceptance, completion, validation or its other end) and what it is at `today`: null when it would still be
 * open and open operations are not wanted.
 */
function operation(
  context: {
    world: World;
    options: OperationsOptions;
    carrier: number | null;
    container: Container;
    now: number;
  },
  requestedType: OperationType,
  requestedAt: number,
  requestedDay: number,
  realised: boolean,
): Built | null {
  const { container, now, options } = context;
  const { next, flow, skip } = container;
  const fate = next();
  const outcome: OperationStatus = realised
    ? 'REALISED'
    : fate < OPERATION_FATES.CANCELLED
      ? 'CANCELLED'
      : fate < OPERATION_FATES.CANCELLED + OPERATION_FATES.NOT_PROCESSED
        ? 'NOT_PROCESSED'
        : fate < OPERATION_FATES.CANCELLED + OPERATION_FATES.NOT_PROCESSED + OPERATION_FATES.NOT_CARRIED_OUT
          ? 'NOT_CARRIED_OUT'
          : 'REALISED';
  let type = requestedType;
  if (outcome === 'CANCELLED' && next() < CANCELLED_RETIREMENT) type = 'RETIREMENT';

  const stages: Stage[] = [{ at: requestedAt, status: 'REQUESTED' }];
  let at = requestedAt;
  const move = (status: OperationStatus, when: number) => {
    at = Math.max(Math.floor(when / 1000) * 1000, at + MINUTE);
    stages.push({ at, status });
  };
  /** Offices answer on working days: a time of a weekend moves to the Monday. */
  const working = (when: number) => {
    const day = dayOf(when);
    return workday(day) === day ? when : workday(day) * DAY + workingTime(next);
  };
  if (next() < 0.12) move('WAITING', working(requestedAt + (1 + next() * 4) * HOUR));
  const acceptedAt = working(at + (1 + next() * 30) * HOUR);
  const scheduled = next() >= 0.1;
  const acceptance: OperationStatus = scheduled ? 'SCHEDULED' : 'ACCEPTED_WITHOUT_SCHEDULING';
  const interventionDay = scheduled
    ? workday(Math.max(requestedDay + (next() < 0.8 ? 0 : 1 + Math.floor(next() * 3)), dayOf(acceptedAt)))
    : null;
  const late = interventionDay !== null && next() >= 0.85;
  const day =
    interventionDay === null
      ? workday(Math.max(requestedDay, dayOf(acceptedAt)) + Math.floor(next() * 3))
      : late
        ? workday(interventionDay + 1 + Math.floor(next() * 2))
        : interventionDay;
  let providerComment: string | null = null;
  if (outcome === 'NOT_PROCESSED') {
    move('NOT_PROCESSED', acceptedAt);
    providerComment = pick(next, NOT_PROCESSED_COMMENTS);
  } else if (outcome === 'CANCELLED') {
    const deadline = requestedDay * DAY + 8 * HOUR;
    const cancelledAt = requestedAt + next() * Math.max(2 * HOUR, deadline - requestedAt);
    if (acceptedAt < cancelledAt) move(acceptance, acceptedAt);
    move('CANCELLED', cancelledAt);
  } else {
    move(acceptance, acceptedAt);
    if (outcome === 'NOT_CARRIED_OUT') {
      move('NOT_CARRIED_OUT', day * DAY + (8 + next() * 9) * HOUR);
      providerComment = pick(next, NOT_CARRIED_OUT_COMMENTS);
    } else {
      const completedAt =
        day * DAY + (9 + next() * 8) * HOUR + (next() < 0.3 ? (1 + Math.floor(next() * 2)) * DAY : 0);
      move('COMPLETED', completedAt);
      // Validated a few days later; sooner for the containers emptied every week or so.
      move('REALISED', working(at + (container.base < 14 ? 0.3 + next() * 1.7 : 1 + next() * 4) * DAY));
    }
  }

  let reached = 0;
  while (reached + 1 < stages.length && (stages[reached + 1] as Stage).at <= now) reached++;
  const open = reached < stages.length - 1;
  if (open && !options.open) return null;
  const status = (stages[reached] as Stage).status;
  if (open && type === 'ROTATION' && next() < OPEN_RETIREMENT) type = 'RETIREMENT';
  const passed = (wanted: OperationStatus) =>
    stages.slice(0, reached + 1).some((stage) => stage.status === wanted);
  const timeOf = (wanted: OperationStatus) => stages.find((stage) => stage.status === wanted)?.at ?? null;

  const comment =
    type === 'RETIREMENT'
      ? pick(next, RETIREMENT_COMMENTS)
      : next() < 0.15
        ? pick(next, REQUEST_COMMENTS)
        : null;
  const transit = next() < flow.transit;
  const operation: WorldOperation = {
    skip: container.index,
    type,
    status,
    plannedTreatmentCode: skip.plannedTreatmentCode,
    requestedDate: isoDay(requestedDay),
    interventionDate: interventionDay !== null && passed('SCHEDULED') ? isoDay(interventionDay) : null,
    comment,
    receivedQuantity: null,
    realInterventionDate: null,
    bsdNumber: null,
    transporter: null,
    providerComment: passed('NOT_PROCESSED') || passed('NOT_CARRIED_OUT') ? providerComment : null,
    version: reached + 1,
    createdAt: isoTime(requestedAt),
    updatedAt: isoTime((stages[reached] as Stage).at),
    completedAt: null,
    validatedAt: null,
    outlets: [],
    costs: null,
  };
  const completedAt = passed('COMPLETED') ? timeOf('COMPLETED') : null;
  if (completedAt !== null) {
    complete(context, operation, type, day, late);
    operation.completedAt = isoTime(completedAt);
  }
  const validatedAt = passed('REALISED') ? timeOf('REALISED') : null;
  if (validatedAt !== null) {
    operation.validatedAt = isoTime(validatedAt);
    operation.costs = costs(context, day);
  }
  if (transit && operation.outlets.length > 0) {
    // The provider's transit station first (regrouping before recovery, or storage before disposal).
    operation.plannedTreatmentCode = operation.outlets.every((outlet) => outlet.treatmentCode.startsWith('D'))
      ? 'D 15'
      : 'R 13';
  }
  return {
    operation,
    open,
    closedAt: (stages.at(-1) as Stage).at,
    day,
    retry: outcome === 'NOT_PROCESSED' || outcome === 'NOT_CARRIED_OUT',
  };
}

/** What the provider confirms: the weighed quantity, the real day, the slip, the carrier and the final outlets. */
function complete(
  context: { carrier: number | null; container: Container },
  operation: WorldOperation,
  type: OperationType,
  day: number,
  late: boolean,
): void {
  const { container, carrier } = context;
  const { next, flow, skip } = container;
  const incident = next();
  const downgraded = flow.downgradable && incident < 0.015;
  const overloaded = !downgraded && incident < 0.025;
  const damaged = !downgraded && !overloaded && incident < 0.035;
  const fill =
    type === 'RETIREMENT'
      ? 0.2 + next() * 0.7
      : overloaded
        ? 1.15 + next() * 0.15
        : Math.min(1.12, Math.max(0.35, 0.88 + 0.12 * normal(next)));
  const quantity = Math.max(1, Math.round(container.fullThousandths * fill));
  operation.receivedQuantity = fromThousandths(BigInt(quantity));
  operation.realInterventionDate = isoDay(day);
  if (skip.dangerous) {
    const date = isoDay(day).replaceAll('-', '');
    const code = Array.from(
      { length: 9 },
      () => 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'[Math.floor(next() * 34)],
    );
    operation.bsdNumber = `BSD-${date}-${code.join('')}`;
  }
  // The carrier linked to the site carries a share of the collections (more of the hazardous ones); the
  // provider carries the others itself.
  operation.transporter =
    carrier !== null && next() < (skip.dangerous ? 0.5 : 0.15) ? carrier : skip.provider;
  operation.providerComment = downgraded
    ? INCIDENT_COMMENTS.downgraded
    : overloaded
      ? INCIDENT_COMMENTS.overloaded
      : damaged
        ? skip.dangerous
          ? INCIDENT_COMMENTS.leak
          : INCIDENT_COMMENTS.damaged
        : late && next() < 0.15
          ? INCIDENT_COMMENTS.delayed
          : null;

  // The main fraction to the usual facility of a primary kind, other fractions to secondary kinds.
  const facilities: Facility[] = [];
  const add = (kind: FacilityKind) => {
    const usual = container.usual.get(kind);
    const chosen = usual !== undefined && next() < 0.85 ? usual : pick(next, FACILITIES[kind]);
    if (!facilities.some((facility) => facility.name === chosen.name)) facilities.push(chosen);
  };
  add(pick(next, flow.primary));
  const weights = flow.outletCounts;
  const draw = next() * (weights[0] + weights[1] + weights[2]);
  const count = draw < weights[0] ? 1 : draw < weights[0] + weights[1] ? 2 : 3;
  while (facilities.length < count - (downgraded ? 1 : 0)) {
    const before = facilities.length;
    add(pick(next, flow.secondary));
    if (facilities.length === before) break;
  }
  let shares = percentages(next, facilities.length, 100);
  if (downgraded) {
    const landfill = container.usual.get(skip.wasteCode.startsWith('17 01') ? 'inertLandfill' : 'landfill');
    if (landfill !== undefined && !facilities.some((facility) => facility.name === landfill.name)) {
      const share = 15 + Math.floor(next() * 26);
      shares = [...percentages(next, facilities.length, 100 - share), share];
      facilities.push(landfill);
    }
  }
  operation.outlets = split(next, facilities, shares, BigInt(quantity));
}

/** `count` whole percentages summing to `total`, the first the largest. */
function percentages(next: () => number, count: number, total: number): number[] {
  if (count <= 1) return [total];
  const first = Math.round(total * (count === 2 ? 0.55 + next() * 0.35 : 0.5 + next() * 0.3));
  const rest = total - first;
  if (count === 2) return [first, rest];
  const second = Math.max(1, Math.min(rest - 1, Math.round(rest * (0.4 + next() * 0.4))));
  return [first, second, rest - second];
}

/**
 * The outlets' quantities: in tonnes summing exactly to the received quantity (thousandths), or in percentages
 * summing to 100, the way providers fill the form.
 */
function split(
  next: () => number,
  facilities: readonly Facility[],
  shares: readonly number[],
  quantity: bigint,
): WorldOperationOutlet[] {
  let unit: OutletQuantityUnit = next() < 0.3 ? 'PERCENT' : 'TONNE';
  let amounts = shares.map((share) => BigInt(share) * 1000n);
  if (unit === 'TONNE') {
    const tonnes = shares.map((share) => (quantity * BigInt(share)) / 100n);
    tonnes[tonnes.length - 1] = quantity - tonnes.slice(0, -1).reduce((sum, value) => sum + value, 0n);
    if (tonnes.every((value) => value > 0n)) amounts = tonnes;
    else unit = 'PERCENT';
  }
  return facilities.map((facility, index) => ({
    name: facility.name,
    siret: facility.siret,
    address: facility.address,
    treatmentCode: facility.treatmentCode,
    qualification: facility.qualification,
    quantity: fromThousandths(amounts[index] as bigint),
    quantityUnit: unit,
  }));
}

/** The costs of a realised operation: the container's contract prices, up about 3 % a year, give or take. */
function costs(context: { options: OperationsOptions; container: Container }, day: number) {
  const { container, options } = context;
  const { next, flow, prices } = container;
  const years = Math.max(0, (day * DAY - options.historyStart) / (365 * DAY));
  const price = (base: number | null, range: EuroRange | undefined) => {
    if (base === null || range === undefined) return null;
    const value = base * (1 + 0.03 * years) * (0.96 + next() * 0.08);
    return Math.min(range[1], Math.max(range[0], value)).toFixed(2);
  };
  return {
    treatmentCost: price(prices.treatment, flow.treatment),
    transportCost: price(prices.transport, flow.transport),
    recyclingRevenue: price(prices.revenue, flow.recyclingRevenue),
    purchasePrice: price(prices.purchase, flow.purchasePrice),
  };
}
