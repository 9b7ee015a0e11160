import {
  expandRecurrence,
  iri,
  messages,
  parisDate,
  type RecurrenceProgram,
  rotationProgramStatusLabels,
} from '@portal/domain';
import type { GatewayContext } from '../../context.ts';
import { notFoundUserError, refusalOf, type UserError } from '../../errors.ts';
import { primeItems } from '../../loaders/item-loader.ts';
import type { RestRotationProgram } from '../../rest/types.ts';
import { mayAs } from '../../viewer/rights.ts';
import { authenticated } from '../authenticated.ts';
import { connectionFromRestList, windowOf } from '../connections.ts';
import type { Resolvers } from '../domain.ts';
import { databaseIdOf, toGlobalId } from '../global-id.ts';
import { mergePatchOf } from '../merge-patch.ts';

/** A program's violations on the input's fields: `skip` is `skipId`; `program.endDate` already the input's. */
const programFieldPath = (propertyPath: string) =>
  propertyPath === '' ? [] : propertyPath === 'skip' ? ['skipId'] : propertyPath.split('.');

const refusal = (error: unknown, fallbackMessage: string) =>
  refusalOf(error, fallbackMessage, programFieldPath);

/** A write changed programs, and perhaps operations and their container: later fields read them again. */
function refreshPrograms(context: GatewayContext): void {
  const loaders = context.loaders;
  for (const loader of [
    loaders.rotationPrograms,
    loaders.rotationProgramsBySkip,
    loaders.operations,
    loaders.operationsBySite,
    loaders.operationsByEntity,
    loaders.operationsBySkip,
    loaders.skips,
    loaders.skipsBySite,
    loaders.skipsByEntity,
  ]) {
    loader.clearAll();
  }
}

const failed = (userErrors: UserError[]) => ({ rotationProgram: null, skip: null, userErrors });

export const rotationProgramResolvers: Resolvers = {
  User: {
    /** Paged by the api; the api's visibility bounds it (my containers' programs and those I provide). */
    rotationPrograms: (_user, args, context) => {
      windowOf(args);
      return connectionFromRestList(args, async (page) => {
        const list = await context.rest.getCollection<RestRotationProgram>('/api/operation_programs', {
          'status[]': args.statuses?.length ? args.statuses : undefined,
          'order[createdAt]': 'desc',
          ...(page === undefined
            ? { pagination: false }
            : { page: page.page, itemsPerPage: page.itemsPerPage }),
        });
        primeItems(context.loaders.rotationPrograms, list.items);
        return list;
      });
    },
  },
  Skip: {
    rotationPrograms: async (skip, _args, context) =>
      (
        await context.loaders.rotationProgramsBySkip.load({
          parentId: skip.id,
          filters: { 'order[createdAt]': 'desc' },
          window: { first: null, after: null },
        })
      ).edges.map((edge) => edge.node),
  },
  RotationProgram: {
    id: (program) => toGlobalId('RotationProgram', program.id),
    databaseId: (program) => program.id,
    statusLabel: (program) => rotationProgramStatusLabels[program.status],
    weekdays: (program) => program.weekdays ?? [],
    skip: (program, _args, context) => context.loaders.skips.load(program.skip),
    establishment: (program, _args, context) => context.loaders.sites.load(program.companySite),
    provider: (program, _args, context) =>
      program.provider ? context.loaders.sites.load(program.provider) : null,
    /** The same expansion the api stores (domain/recurrence.ts), from today in France. */
    nextDates: (program, { first }) =>
      expandRecurrence(program as RecurrenceProgram, {
        from: parisDate(new Date()),
        limit: Math.max(0, Math.min(first, 50)),
      }),
    canValidate: (program, _args, context) =>
      program.status === 'PENDING' && mayAs(context, 'provider', 'operation:schedule', program),
    canDelete: (program, _args, context) => mayAs(context, 'producer', 'operation:request', program),
  },
  Mutation: {
    /** `POST /api/operation_programs`. */
    requestRotationProgram: authenticated(async (_root, { input }, context) => {
      const skipId = databaseIdOf(input.skipId, 'Skip');
      if (skipId === null) return failed([notFoundUserError()]);
      const { program } = input;
      try {
        const created = await context.rest.post<RestRotationProgram>(
          '/api/operation_programs',
          {
            skip: iri('skips', skipId),
            ...mergePatchOf(input, ['comment'] as const),
            program: {
              startDate: program.startDate,
              endDate: program.endDate,
              recurrence: program.recurrence,
              interval: program.interval,
              ...mergePatchOf(program, ['weekdays', 'monthPosition', 'monthDay'] as const),
            },
          },
          { idempotencyKey: input.clientMutationId },
        );
        refreshPrograms(context);
        return { rotationProgram: created, skip: () => context.loaders.skips.load(skipId), userErrors: [] };
      } catch (error) {
        return failed(refusal(error, messages.rotationProgramSubmitError));
      }
    }),

    /** `PATCH /api/operation_programs/{id}` with `{"status": "VALIDATED"}`. */
    validateRotationProgram: authenticated(async (_root, { input }, context) => {
      const programId = databaseIdOf(input.id, 'RotationProgram');
      if (programId === null) return failed([notFoundUserError()]);
      try {
        const program = await context.rest.patch<RestRotationProgram>(
          `/api/operation_programs/${programId}`,
          {
            status: 'VALIDATED',
          },
        );
        refreshPrograms(context);
        return {
          rotationProgram: program,
          skip: () => context.loaders.skips.load(program.skip),
          userErrors: [],
        };
      } catch (error) {
        return failed(refusal(error, messages.operationUpdateError));
      }
    }),

    /** `DELETE /api/operation_programs/{id}`. */
    deleteRotationProgram: authenticated(async (_root, { input }, context) => {
      const programId = databaseIdOf(input.id, 'RotationProgram');
      if (programId === null) return { deletedRotationProgramId: null, userErrors: [notFoundUserError()] };
      try {
        await context.rest.delete(`/api/operation_programs/${programId}`);
        refreshPrograms(context);
        return { deletedRotationProgramId: toGlobalId('RotationProgram', programId), userErrors: [] };
      } catch (error) {
        return {
          deletedRotationProgramId: null,
          userErrors: refusal(error, messages.rotationProgramDeleteError),
        };
      }
    }),
  },
};
