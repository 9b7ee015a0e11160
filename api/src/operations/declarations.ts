import { flowDeclarationSchema, isHazardousWasteCode, messages, parisDate } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import {
  jsonSchemaOf,
  ldItem,
  parseBody,
  problems,
  referenceId,
  sendItem,
  unprocessable,
  type Violation,
} from '../hydra/index.ts';
import { codeIndex } from '../reference/codes.ts';
import { sitesLinked as linked } from '../sites/links.ts';
import { ENTITY_RESOURCES } from '../skips/write.ts';
import { operationItemOf, operations } from './resource.ts';

/**
 * Declared flows (SPEC 1 "declare flux", SPEC 4): `POST /api/flow_declarations` creates an operation of type FLOW,
 * 'à compléter', declared by its producer (for an establishment of its own; its provider, if on the portal, one
 * that serves it) or by a provider (from an establishment of its own, for one of its clients). The flow is then
 * filled in and moved with `PATCH /api/operations/{id}` like a completion: sent for validation to the other side,
 * or recorded at once when there is none.
 */
export function registerDeclarationRoutes(app: FastifyInstance, context: ApiContext): void {
  const { db, config, reference } = context;

  app.post(
    '/api/flow_declarations',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Declares a flow handled without an operation of the portal (flow:declare): `declaredBy` PRODUCER (the ' +
          'establishment `companySite` is mine; `provider`, optional, serves it) or PROVIDER (`provider` is mine and ' +
          '`companySite` one of its clients); the precise waste `thirdLevelWaste` gives its code unless ' +
          '`wasteCode` is given; `realInterventionDate` is the shipment date (not in the future). Answers the ' +
          'operation, of type FLOW and status TO_COMPLETE',
        body: jsonSchemaOf(
          z.object({
            ...flowDeclarationSchema.shape,
            companySite: z.string(),
            companySiteEntity: z.string().nullish(),
            provider: z.string().nullish(),
            thirdLevelWaste: z.string(),
          }),
        ),
        response: { 201: ldItem('Operation'), ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const { policy, userId } = callerOf(request);
      const values = parseBody(flowDeclarationSchema, request.body);
      const violations: Violation[] = [];
      const violate = (propertyPath: string, message: string, code = 'invalid') =>
        violations.push({ propertyPath, message, code });

      const siteId = referenceId(values.companySite, 'company_sites');
      const providerId = values.provider === null ? null : referenceId(values.provider, 'company_sites');
      if (siteId === null)
        throw unprocessable([{ propertyPath: 'companySite', message: messages.required, code: 'required' }]);
      if (values.declaredBy === 'PROVIDER' && values.provider === null) {
        throw unprocessable([
          { propertyPath: 'provider', message: messages.flowProviderRequired, code: 'required' },
        ]);
      }
      if (values.provider !== null && providerId === null) {
        throw unprocessable([
          { propertyPath: 'provider', message: messages.flowProviderNotLinked, code: 'not_linked' },
        ]);
      }
      await policy.assertCanDeclareFlow(values.declaredBy === 'PRODUCER' ? siteId : (providerId as number));
      if (values.declaredBy === 'PROVIDER') {
        await policy.assertSiteVisible(siteId);
        if (!(await linked(db, siteId, providerId as number))) {
          violate('companySite', messages.clientNotLinked, 'not_linked');
        }
      } else if (providerId !== null && !(await linked(db, siteId, providerId))) {
        violate('provider', messages.flowProviderNotLinked, 'not_linked');
      }

      let entityId: number | null = null;
      if (values.companySiteEntity !== null) {
        entityId = referenceId(values.companySiteEntity, ...ENTITY_RESOURCES);
        const entity =
          entityId === null
            ? null
            : await db.maybeOne(
                'select 1 from company_site_entities where id = $1 and company_site_id = $2',
                [entityId, siteId],
              );
        if (entity === null) violate('companySiteEntity', messages.unknownChoice, 'unknown');
      }

      const wasteId = referenceId(values.thirdLevelWaste, 'third_level_wastes');
      const waste =
        wasteId === null
          ? null
          : await db.maybeOne<{ id: number; wasteCode: string }>(
              'select id, waste_code as "wasteCode" from third_level_wastes where id = $1',
              [wasteId],
            );
      if (waste === null) violate('thirdLevelWaste', messages.unknownWasteType, 'unknown');
      const { wasteCodes, treatmentCodes } = codeIndex(reference);
      const wasteCode = values.wasteCode ?? waste?.wasteCode ?? null;
      if (wasteCode !== null && !wasteCodes.has(wasteCode)) {
        violate('wasteCode', messages.unknownWasteCode, 'unknown_code');
      }
      if (values.plannedTreatmentCode !== null && !treatmentCodes.has(values.plannedTreatmentCode)) {
        violate('plannedTreatmentCode', messages.unknownTreatmentCode, 'unknown_code');
      }
      const now = config.now();
      if (values.realInterventionDate > parisDate(now)) {
        violate('realInterventionDate', messages.flowShipmentInFuture, 'future');
      }
      if (violations.length > 0 || waste === null || wasteCode === null) throw unprocessable(violations);

      const row = await db.transaction(async (tx) => {
        const inserted = await tx.one<{ id: number }>(
          `insert into operations (type, status, declared_by, company_site_id, company_site_entity_id,
             provider_site_id, third_level_waste_id, waste_code, dangerous, planned_treatment_code,
             requested_date, real_intervention_date, received_quantity, quantity_estimated, comment,
             requested_by, created_at, updated_at)
           values ('FLOW', 'TO_COMPLETE', $1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10::numeric, $11, $12, $13,
             $14, $14)
           returning id`,
          [
            values.declaredBy,
            siteId,
            entityId,
            providerId,
            waste.id,
            wasteCode,
            isHazardousWasteCode(wasteCode),
            values.plannedTreatmentCode,
            values.realInterventionDate,
            values.receivedQuantity,
            values.quantityEstimated,
            values.comment,
            userId,
            now,
          ],
        );
        return operations.load(tx, inserted.id);
      });
      reply.header('location', `/api/operations/${row.id}`);
      return sendItem(reply, await operationItemOf(db, row), 201);
    },
  );
}
