import {
  iri,
  isoDateSchema,
  messages,
  SLIP_NOT_CREATED,
  SLIP_NOT_CREATED_LABEL,
  SLIP_UNKNOWN,
  SLIP_UNKNOWN_LABEL,
  siretPassesLuhn,
  type TrackdechetsCheckState,
  trackdechetsReturnSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import {
  codeListFilter,
  dateFilter,
  idsFilter,
  positiveInteger,
  type RawQuery,
} from '../hydra/collection.ts';
import { itemId } from '../hydra/item.ts';
import { idParams, jsonResponse, noContent, problems } from '../hydra/openapi.ts';
import { ApiProblem, badRequest, conflict, notFound } from '../hydra/problem.ts';
import { TrackdechetsError } from './client.ts';
import { type PickupCursor, type PickupFilter, pickupPage, visibleSlip } from './pickups.ts';
import { type LinkView, trackdechetsService } from './service.ts';

const tags = ['Trackdéchets'];
/** A page of hazardous pick-ups: 30 unless asked, at most 200. */
const PAGE_SIZE = 30;
const MAX_PAGE_SIZE = 200;

const linkSchema = {
  type: 'object',
  required: [
    'configured',
    'sandbox',
    'uiUrl',
    'state',
    'email',
    'name',
    'linkedAt',
    'brokenAt',
    'lastSyncAt',
    'companies',
  ],
  properties: {
    configured: { type: 'boolean', description: "The portal has Trackdéchets' addresses and credentials" },
    sandbox: { type: 'boolean', description: "The addresses are the portal's local stand-in" },
    uiUrl: { type: ['string', 'null'] },
    state: { type: 'string', enum: ['NONE', 'ACTIVE', 'BROKEN'] },
    email: { type: ['string', 'null'] },
    name: { type: ['string', 'null'] },
    linkedAt: { type: ['string', 'null'], format: 'date-time' },
    brokenAt: { type: ['string', 'null'], format: 'date-time' },
    lastSyncAt: { type: ['string', 'null'], format: 'date-time' },
    companies: {
      type: 'array',
      items: {
        type: 'object',
        required: ['siret', 'name'],
        properties: { siret: { type: 'string' }, name: { type: 'string' } },
      },
    },
  },
} as const;

const party = {
  type: ['object', 'null'],
  required: ['name', 'siret'],
  properties: { name: { type: ['string', 'null'] }, siret: { type: ['string', 'null'] } },
} as const;

const pickupSchema = {
  type: 'object',
  required: [
    'key',
    'cursor',
    'operation',
    'companySite',
    'date',
    'readableId',
    'status',
    'statusLabel',
    'statusUpdatedAt',
    'emitter',
    'transporter',
    'recipient',
    'wasteCode',
    'wasteName',
    'quantity',
    'quantityReceived',
    'outsidePortal',
  ],
  properties: {
    key: { type: 'string', description: "Stable key of the line: its operation's or its slip's" },
    cursor: { type: 'string', description: 'Where a page after this line starts (`after`)' },
    operation: {
      type: ['string', 'null'],
      description: 'IRI of the operation; null for a slip no operation carries',
    },
    companySite: { type: 'string', description: "IRI of the producer's establishment" },
    date: { type: ['string', 'null'], format: 'date' },
    readableId: { type: ['string', 'null'], description: 'The slip number (BSD-…)' },
    status: {
      type: 'string',
      description: `An official BSDD status, ${SLIP_NOT_CREATED} (no slip number) or ${SLIP_UNKNOWN} (a number no sync brought)`,
    },
    statusLabel: { type: 'string' },
    statusUpdatedAt: { type: ['string', 'null'], format: 'date-time' },
    emitter: party,
    transporter: party,
    recipient: party,
    wasteCode: { type: ['string', 'null'] },
    wasteName: { type: ['string', 'null'] },
    quantity: { type: ['string', 'null'], description: 'Tonnes, 3 decimals' },
    quantityReceived: { type: ['string', 'null'], description: 'Tonnes, 3 decimals' },
    outsidePortal: { type: 'boolean' },
  },
} as const;

const encodeCursor = (cursor: PickupCursor) =>
  Buffer.from(`${cursor.day}|${cursor.key}`).toString('base64url');

function decodeCursor(raw: unknown): PickupCursor | undefined {
  if (raw === undefined || raw === '') return undefined;
  const [day, key] = typeof raw === 'string' ? Buffer.from(raw, 'base64url').toString().split('|') : [];
  if (
    day === undefined ||
    key === undefined ||
    !isoDateSchema.safeParse(day).success ||
    !/^(op|slip)-[\w-]{1,80}$/.test(key)
  ) {
    throw badRequest('Le paramètre « after » ne désigne aucun enlèvement.');
  }
  return { day, key };
}

/** Refusal or cancellation on Trackdéchets, or a return that is not this user's: SPEC 8's message. */
const linkFailed = () => new ApiProblem(400, messages.trackdechetsLinkFailed);

/** The problem of a call to Trackdéchets that failed for a reason other than a refused token. */
const unavailable = () => new ApiProblem(502, messages.trackdechetsUnavailable);

/** Its GETs go without the data stamp (`dataStamp: false`): they read Trackdéchets itself, or what its sync keeps. */
export function registerTrackdechetsRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, reference } = context;
  const service = trackdechetsService(context);
  const statusLabels = new Map<string, string>([
    [SLIP_NOT_CREATED, SLIP_NOT_CREATED_LABEL],
    [SLIP_UNKNOWN, SLIP_UNKNOWN_LABEL],
    ...reference.bsdStatuses.map((status) => [status.code, status.label] as const),
  ]);
  const labelOf = (status: string) => statusLabels.get(status) ?? status;

  const linkAnswer = (link: LinkView) => ({
    configured: config.trackdechets !== undefined,
    sandbox: config.trackdechets?.sandbox ?? false,
    uiUrl: config.trackdechets?.uiUrl ?? null,
    ...link,
  });

  const configuredClient = () => {
    if (service.client === undefined) throw conflict(messages.trackdechetsNotConfigured);
    return service.client;
  };

  app.get(
    '/api/trackdechets/connection',
    {
      config: { dataStamp: false },
      schema: {
        tags,
        summary:
          "The caller's link to their Trackdéchets account, and whether the portal is configured for it",
        response: { 200: jsonResponse('The link', linkSchema), ...problems(401) },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      return reply.send(linkAnswer(await service.linkOf(userId)));
    },
  );

  app.post(
    '/api/trackdechets/connection/init',
    {
      schema: {
        tags,
        summary:
          "Starts linking the caller's Trackdéchets account: Trackdéchets' authorisation page, carrying a " +
          'single-use `state` valid 15 minutes, to send the browser to',
        response: {
          200: jsonResponse('Where to go', {
            type: 'object',
            required: ['authorizeUrl'],
            properties: { authorizeUrl: { type: 'string' } },
          }),
          ...problems(401, 403, 409),
        },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      await policy.assertCan('trackdechets:link');
      configuredClient();
      return reply.send({ authorizeUrl: await service.startLink(userId) });
    },
  );

  app.post(
    '/api/trackdechets/connection/validate',
    {
      schema: {
        tags,
        summary:
          "Completes the link on the return from Trackdéchets: `state` (single use, the caller's own) and `code` " +
          '(exchanged for the token, stored encrypted), or the `error` Trackdéchets gave (refusal or cancellation)',
        body: {
          type: 'object',
          properties: { state: { type: 'string' }, code: { type: 'string' }, error: { type: 'string' } },
        },
        response: { 200: jsonResponse('The link', linkSchema), ...problems(400, 401, 403, 409, 502) },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      await policy.assertCan('trackdechets:link');
      configuredClient();
      const parsed = trackdechetsReturnSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw linkFailed();
      const { state, code, error } = parsed.data;
      // The state is spent first, whatever follows: a return is never played twice.
      const ours = await service.spendState(userId, state);
      if (!ours || error !== undefined || code === undefined) throw linkFailed();
      try {
        await service.completeLink(userId, code);
      } catch (failure) {
        if (failure instanceof TrackdechetsError) {
          if (failure.failure === 'unavailable') throw unavailable();
          request.log.warn({ err: failure }, 'Trackdéchets refused the link');
          throw linkFailed();
        }
        throw failure;
      }
      try {
        await service.syncUser(userId);
      } catch (failure) {
        // The link is made; its slips come with the next sync.
        request.log.warn({ err: failure }, 'first Trackdéchets sync failed');
      }
      return reply.send(linkAnswer(await service.linkOf(userId)));
    },
  );

  app.delete(
    '/api/trackdechets/connection',
    {
      schema: {
        tags,
        summary:
          "Forgets the caller's Trackdéchets account (its token is deleted); the slips already brought stay",
        response: { 204: noContent('Unlinked'), ...problems(401) },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      await service.unlink(userId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/trackdechets/sync',
    {
      schema: {
        tags,
        summary:
          "Brings now the slips of the companies the caller's Trackdéchets account reaches (those that are " +
          'establishments of the portal). A token Trackdéchets refuses marks the link BROKEN (answered, not an error)',
        response: {
          200: jsonResponse('The link after the sync', {
            type: 'object',
            required: ['updatedSlips', 'link'],
            properties: { updatedSlips: { type: 'integer', minimum: 0 }, link: linkSchema },
          }),
          ...problems(401, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      configuredClient();
      const before = await service.linkOf(userId);
      if (before.state === 'NONE') throw conflict(messages.trackdechetsNotLinked);
      if (before.state === 'BROKEN') throw conflict(messages.trackdechetsLinkBroken);
      let updatedSlips: number;
      try {
        updatedSlips = await service.syncUser(userId);
      } catch (failure) {
        if (failure instanceof TrackdechetsError) {
          request.log.warn({ err: failure }, 'Trackdéchets sync failed');
          throw unavailable();
        }
        throw failure;
      }
      return reply.send({ updatedSlips, link: linkAnswer(await service.linkOf(userId)) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/company_sites/:id/check_trackdechets',
    {
      config: { dataStamp: false },
      schema: {
        tags,
        summary:
          "How Trackdéchets knows the establishment's SIRET (SPEC 4): ACTIVE (registered, and a linked account of " +
          'the portal reaches it), NOT_ACTIVATED (registered, no linked account reaches it), ACCOUNT_NOT_CREATED, ' +
          'INVALID_SIRET. Asks Trackdéchets (`companyInfos`) at each call',
        params: idParams(),
        response: {
          200: jsonResponse('The check', {
            type: 'object',
            required: ['siret', 'state', 'name', 'companyTypes'],
            properties: {
              siret: { type: ['string', 'null'] },
              state: {
                type: 'string',
                enum: ['ACTIVE', 'NOT_ACTIVATED', 'ACCOUNT_NOT_CREATED', 'INVALID_SIRET'],
              },
              name: { type: ['string', 'null'] },
              companyTypes: { type: 'array', items: { type: 'string' } },
            },
          }),
          ...problems(401, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const siteId = itemId(request.params.id);
      await policy.assertSiteVisible(siteId);
      const trackdechets = configuredClient();
      const site = await db.one<{ siret: string | null }>('select siret from company_sites where id = $1', [
        siteId,
      ]);
      const siret = site.siret?.trim() || null;
      const answer = (
        state: TrackdechetsCheckState,
        name: string | null = null,
        companyTypes: string[] = [],
      ) => reply.send({ siret, state, name, companyTypes });
      if (siret === null || !siretPassesLuhn(siret)) return answer('INVALID_SIRET');
      let infos: { isRegistered: boolean | null; name: string | null; companyTypes: string[] };
      try {
        ({ companyInfos: infos } = await trackdechets.query<{ companyInfos: typeof infos }>(
          'query PortalCompanyInfos($siret: String!) { companyInfos(siret: $siret) { isRegistered name companyTypes } }',
          { siret },
        ));
      } catch (failure) {
        if (failure instanceof TrackdechetsError && failure.code === 'BAD_USER_INPUT')
          return answer('INVALID_SIRET');
        if (failure instanceof TrackdechetsError) throw unavailable();
        throw failure;
      }
      if (!infos.isRegistered) return answer('ACCOUNT_NOT_CREATED', infos.name, infos.companyTypes);
      const state = (await service.isFollowed(siret)) ? 'ACTIVE' : 'NOT_ACTIVATED';
      return answer(state, infos.name, infos.companyTypes);
    },
  );

  app.get(
    '/api/bsd_information/bsd_status_availables',
    {
      config: { dataStamp: false },
      schema: {
        tags,
        summary:
          "The slip statuses a hazardous pick-up shows, in order: the portal's NOT_CREATED, then Trackdéchets' " +
          'official BSDD statuses (bsd-statuses.json) with their French labels',
        response: {
          200: jsonResponse('The statuses', {
            type: 'object',
            required: ['statuses'],
            properties: {
              statuses: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['code', 'label'],
                  properties: { code: { type: 'string' }, label: { type: 'string' } },
                },
              },
            },
          }),
          ...problems(401),
        },
      },
    },
    async (_request, reply) => {
      const official = [...reference.bsdStatuses].sort((a, b) => a.order - b.order);
      return reply.send({
        statuses: [
          { code: SLIP_NOT_CREATED, label: SLIP_NOT_CREATED_LABEL },
          ...official.map((status) => ({ code: status.code, label: status.label })),
        ],
      });
    },
  );

  app.get(
    '/api/hazardous_pickups',
    {
      config: { dataStamp: false },
      schema: {
        tags,
        summary:
          "The hazardous pick-ups of the caller's own establishments, newest first: each hazardous operation (not " +
          'cancelled) with its slip, and each slip of their SIRETs that no operation carries (`outsidePortal`). ' +
          'Keyset pages of `first` (30, at most 200) after `after`',
        querystring: {
          type: 'object',
          properties: {
            'companySite[]': { type: 'array', items: { type: 'string' } },
            'operation[]': { type: 'array', items: { type: 'string' }, description: 'Only these operations' },
            'status[]': { type: 'array', items: { type: 'string' } },
            from: { type: 'string', format: 'date' },
            to: { type: 'string', format: 'date' },
            first: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE },
            after: { type: 'string' },
          },
        },
        response: {
          200: jsonResponse('A page of pick-ups', {
            type: 'object',
            required: ['pickups', 'totalCount', 'endCursor', 'hasNextPage'],
            properties: {
              pickups: { type: 'array', items: pickupSchema },
              totalCount: { type: 'integer', minimum: 0 },
              endCursor: { type: ['string', 'null'] },
              hasNextPage: { type: 'boolean' },
            },
          }),
          ...problems(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { policy } = callerOf(request);
      const query = request.query as RawQuery;
      const filter: PickupFilter = {
        siteIds: idsFilter(query, 'companySite'),
        operationIds: idsFilter(query, 'operation'),
        statuses: codeListFilter(query, 'status', statusLabels, 'Statut de bordereau inconnu'),
        from: dateFilter(query, 'from'),
        to: dateFilter(query, 'to'),
      };
      if (filter.from !== undefined && filter.to !== undefined && filter.to < filter.from) {
        throw new ApiProblem(400, messages.endBeforeStart);
      }
      const first = Math.min(positiveInteger(query, 'first') ?? PAGE_SIZE, MAX_PAGE_SIZE);
      const page = await pickupPage(db, policy, filter, first, decodeCursor(query.after));
      const pickups = page.rows.map((row) => ({
        key: row.key,
        cursor: encodeCursor({ day: row.day ?? '', key: row.key }),
        operation: row.operationId === null ? null : iri('operations', row.operationId),
        companySite: iri('company_sites', row.siteId),
        date: row.day,
        readableId: row.readableId,
        status: row.status,
        statusLabel: labelOf(row.status),
        statusUpdatedAt: row.statusUpdatedAt === null ? null : new Date(row.statusUpdatedAt).toISOString(),
        emitter:
          row.emitterName === null && row.emitterSiret === null
            ? null
            : { name: row.emitterName, siret: row.emitterSiret },
        transporter:
          row.transporterName === null && row.transporterSiret === null
            ? null
            : { name: row.transporterName, siret: row.transporterSiret },
        recipient:
          row.recipientName === null && row.recipientSiret === null
            ? null
            : { name: row.recipientName, siret: row.recipientSiret },
        wasteCode: row.wasteCode,
        wasteName: row.wasteName,
        quantity: row.quantity,
        quantityReceived: row.quantityReceived,
        outsidePortal: row.outsidePortal,
      }));
      const last = pickups.at(-1);
      return reply.send({
        pickups,
        totalCount: page.totalCount,
        endCursor: page.hasNextPage && last !== undefined ? last.cursor : null,
        hasNextPage: page.hasNextPage,
      });
    },
  );

  app.get<{ Params: { readableId: string } }>(
    '/api/trackdechets/slips/:readableId/life_cycle',
    {
      config: { dataStamp: false },
      schema: {
        tags,
        summary:
          "A slip's status history, oldest first, asked to Trackdéchets (`formsLifeCycle`) with the caller's " +
          'linked account',
        params: {
          type: 'object',
          required: ['readableId'],
          properties: { readableId: { type: 'string', maxLength: 100 } },
        },
        response: {
          200: jsonResponse('The history', {
            type: 'object',
            required: ['statusLogs'],
            properties: {
              statusLogs: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['status', 'label', 'loggedAt'],
                  properties: {
                    status: { type: 'string' },
                    label: { type: 'string' },
                    loggedAt: { type: 'string', format: 'date-time' },
                  },
                },
              },
            },
          }),
          ...problems(401, 404, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const { userId, policy } = callerOf(request);
      configuredClient();
      const slip = await visibleSlip(db, policy, request.params.readableId);
      if (slip === null) throw notFound();
      const token = await service.tokenFor(userId, slip.emitterSiret);
      if (token === null) throw conflict(messages.trackdechetsNotLinked);
      try {
        const logs = await service.lifeCycle(token, slip.emitterSiret, slip.formId);
        return reply.send({
          statusLogs: logs.map((log) => ({ ...log, label: labelOf(log.status) })),
        });
      } catch (failure) {
        if (failure instanceof TrackdechetsError && failure.failure === 'unauthenticated') {
          await service.markBroken(userId);
          throw conflict(messages.trackdechetsLinkBroken);
        }
        if (failure instanceof TrackdechetsError) throw unavailable();
        throw failure;
      }
    },
  );
}
