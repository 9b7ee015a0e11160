import { iri } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  collectionSchema,
  hydraCollection,
  hydraItem,
  idParams,
  itemId,
  JSON_LD,
  ldObject,
  problems,
} from '../hydra/index.ts';
import { ldObjectSchema, textSchema } from '../resource/schemas.ts';
import { type OperationRow, operations } from './resource.ts';

/**
 * The establishments of the portal that may carry an operation: its provider (carrying its own collections) and
 * the carrier sites linked to the operation's site. Choosing one copies its company's name, its SIRET and its
 * address onto the operation (what the register shows of each carrier), and lets that carrier read it.
 */
export interface TransporterChoice {
  id: number;
  /** The company's name: the carrier's name in the register. */
  name: string;
  siteName: string;
  siret: string | null;
  /** Street, postcode and city, on one line. */
  address: string | null;
  /** The operation's own provider. */
  provider: boolean;
}

async function choicesOf(
  db: Db,
  operation: Pick<OperationRow, 'companySite' | 'provider'>,
  siteId?: number,
): Promise<TransporterChoice[]> {
  return db.query<TransporterChoice>(
    `select cs.id, c.name, cs.name as "siteName", cs.siret,
       nullif(concat_ws(', ', nullif(trim(cs.address), ''),
         nullif(trim(concat_ws(' ', cs.postcode, cs.city)), '')), '') as address,
       cs.id is not distinct from $2::int as provider
     from company_sites cs join companies c on c.id = cs.company_id
     where (cs.id = $2::int or exists (
         select 1 from site_links l
         join company_site_site_typologies x on x.company_site_id = l.retriever_site_id
         join site_typologies st on st.id = x.site_typology_id and st.code = 'carrier'
         where l.producer_site_id = $1 and l.retriever_site_id = cs.id))
       and ($3::int is null or cs.id = $3::int)
     order by cs.id is not distinct from $2::int desc, c.name, cs.name, cs.id`,
    [operation.companySite, operation.provider, siteId ?? null],
  );
}

/** The establishments offered to carry the operation, its provider first. */
export const transporterChoices = (db: Db, operation: Pick<OperationRow, 'companySite' | 'provider'>) =>
  choicesOf(db, operation);

/** One establishment offered to carry the operation; null when it is not offered. */
export async function transporterChoice(
  db: Db,
  operation: Pick<OperationRow, 'companySite' | 'provider'>,
  siteId: number,
): Promise<TransporterChoice | null> {
  return (await choicesOf(db, operation, siteId))[0] ?? null;
}

const choiceSchema = ldObjectSchema('OperationTransporterChoice', {
  id: { type: 'integer' },
  name: textSchema("The company's name"),
  siteName: textSchema("The establishment's name"),
  siret: textSchema('Its SIRET', true),
  address: textSchema('Street, postcode and city', true),
  provider: { type: 'boolean', description: "The operation's own provider" },
});

export function registerTransporterRoutes(app: FastifyInstance, { db }: ApiContext): void {
  app.get<{ Params: { id: string } }>(
    '/api/operations/:id/transporter_choices',
    {
      schema: {
        tags: ['operations'],
        summary:
          'The establishments its provider may name as its transporter (`transporterSite`): itself, and the ' +
          "carrier sites linked to the operation's site; for its provider (operation:complete), or a declared flow's declarer (flow:declare), only",
        params: idParams(),
        response: {
          200: ldObject('hydra:Collection of OperationTransporterChoice', collectionSchema(choiceSchema)),
          ...problems(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const operation = await operations.load(db, itemId(request.params.id));
      await callerOf(request).policy.assertCanFillIn(operation);
      const choices = await transporterChoices(db, operation);
      return reply.type(JSON_LD).send(
        hydraCollection({
          type: 'OperationTransporterChoice',
          url: request.url,
          members: choices.map((choice) =>
            hydraItem('OperationTransporterChoice', iri('company_sites', choice.id), { ...choice }),
          ),
          totalItems: choices.length,
          pagination: { enabled: false },
        }),
      );
    },
  );
}
