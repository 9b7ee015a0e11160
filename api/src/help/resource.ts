import { helpContentFields, restFields, STATIC_CONTENT_CODES, staticContentFields } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.ts';
import { hydraItem, ldItem, notFound, problems, sendItem } from '../hydra/index.ts';
import { byChoice } from '../resource/filters.ts';
import { type CollectionFilter, defineResource } from '../resource/resource.ts';

/** `path=`: the page at that path after /aide/ (none when no page has it). */
const byPath: CollectionFilter = {
  query: { path: { type: 'string', description: 'The path after /aide/ (`premiers-pas/producteur`)' } },
  where(raw, params) {
    const value = raw.path;
    const path = Array.isArray(value) ? value[value.length - 1] : value;
    return typeof path === 'string' && path !== '' ? [`h.path = ${params.add(path)}`] : [];
  },
};

/** Help pages: every signed-in user reads them all; the user guide is their `position` order. */
export const helpContents = defineResource({
  type: 'HelpContent',
  path: '/api/help_contents',
  tags: ['help'],
  fields: helpContentFields,
  from: 'help_contents h',
  alias: 'h',
  collection: {
    order: ['position', 'title'],
    search: ['h.search_text'],
    filters: [byPath],
    defaultOrder: [{ field: 'position', direction: 'asc' }],
  },
});

/** The version in force of each legal text: the last one already published. */
const IN_FORCE =
  's.version = (select max(c.version) from static_contents c where c.code = s.code and c.published_at <= now())';

/** Versions of the legal texts already published (a version prepared ahead of its date is not shown yet). */
export const staticContents = defineResource({
  type: 'StaticContent',
  path: '/api/static_contents',
  tags: ['help'],
  fields: staticContentFields,
  from: 'static_contents s',
  alias: 's',
  visible: async () => 's.published_at <= now()',
  collection: {
    order: ['code', 'version', 'publishedAt'],
    filters: [
      byChoice('code', STATIC_CONTENT_CODES, (code, params) => [`s.code = ${params.add(code)}`]),
      byChoice('current', ['true'], () => [IN_FORCE]),
    ],
    defaultOrder: [
      { field: 'code', direction: 'asc' },
      { field: 'version', direction: 'desc' },
    ],
  },
});

export function registerHelpRoutes(app: FastifyInstance, context: ApiContext): void {
  helpContents.registerSchema(app);
  helpContents.registerCollection(app, context, {
    summary:
      'Help pages (Markdown), in the order of the user guide; `q` searches their text, `path` finds one',
  });
  helpContents.registerItem(app, context, { summary: 'One help page' });
  staticContents.registerSchema(app);
  staticContents.registerCollection(app, context, {
    summary: 'Published versions of the legal texts (Markdown); `current=true` keeps the version in force',
  });
  staticContents.registerItem(app, context, { summary: 'One published version of a legal text' });
}

/**
 * The version in force of one legal text, for anyone: the legal notice must be readable before signing in (and
 * the terms before accepting them). Published texts only, as the collection.
 */
export function registerHelpPublicRoutes(app: FastifyInstance, { db }: ApiContext): void {
  app.get<{ Params: { code: string } }>(
    '/api/static_contents/current/:code',
    {
      schema: {
        tags: ['help'],
        summary: 'The version in force of a legal text (no authentication: the legal notice is public)',
        params: {
          type: 'object',
          properties: { code: { type: 'string', enum: [...STATIC_CONTENT_CODES] } },
          required: ['code'],
        },
        response: { 200: ldItem(staticContents.description.type), ...problems(400, 404) },
      },
    },
    async (request, reply) => {
      const [row] = await staticContents.rows(db, (params) => [
        `s.code = ${params.add(request.params.code)}`,
        IN_FORCE,
      ]);
      if (row === undefined) throw notFound();
      return sendItem(
        reply,
        hydraItem(staticContents.description.type, `${staticContents.description.path}/${row.id}`, {
          id: row.id,
          ...restFields(staticContentFields, row),
        }),
      );
    },
  );
}
