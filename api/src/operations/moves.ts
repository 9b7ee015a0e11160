import {
  COMPLETION_EDITABLE_STATUSES,
  completionProblems,
  DECLARATION_EDITABLE_STATUSES,
  DECLARATION_SENDING_ACTIONS,
  handlingPartiesProblems,
  isoDateSchema,
  messages,
  OPERATION_ACTIONS,
  OPERATION_STATUSES,
  type OperationActionName,
  operationCompletionSchema,
  parisDate,
  qualificationOf,
  type TransporterParty,
  transporterProblems,
} from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../account/auth.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/index.ts';
import {
  conflict,
  mergePatchBody,
  referenceId,
  unprocessable,
  type Violation,
  violationsFromZod,
} from '../hydra/index.ts';
import { notifyOperation } from '../notifications/notify.ts';
import { adoptOutlets } from '../outlets/position.ts';
import { codeIndex } from '../reference/codes.ts';
import { type OperationRow, operations, outletsOf } from './resource.ts';
import { replaceOutlets, syncSkipPlannedWork } from './store.ts';
import { transporterChoice } from './transporters.ts';

/** The moves and completion fields of a PATCH (merge-patch: absent is untouched, null clears). */
export const patchSchema = operationCompletionSchema.extend({
  status: z.enum(OPERATION_STATUSES, { error: messages.unknownChoice }).optional(),
  interventionDate: isoDateSchema.nullish(),
  version: z
    .number({ error: messages.positiveInteger })
    .int(messages.positiveInteger)
    .positive(messages.positiveInteger)
    .nullish(),
});
const COMPLETION_FIELDS = Object.keys(operationCompletionSchema.shape) as (keyof z.infer<
  typeof operationCompletionSchema
>)[];

/**
 * A PATCH of an operation: a move along `OPERATION_ACTIONS` (the policy says which side may make it), the
 * provider's completion (saved to resume later, or with the move to COMPLETED, which needs every field and
 * balanced outlets), or both; under the row's lock, so that of two people acting at once one wins and the other
 * is told the operation cannot be modified. Answers the operation as it is after the write.
 */
export async function patchOperation(
  { db, config, reference }: ApiContext,
  request: FastifyRequest,
  operationId: number,
): Promise<OperationRow> {
  const { treatmentCodes } = codeIndex(reference);
  const { policy } = callerOf(request);
  const current = await operations.load(db, operationId);
  await policy.assertOperationVisible(current);
  const body = mergePatchBody(request);
  const parsed = patchSchema.safeParse(body);
  if (!parsed.success) throw unprocessable(violationsFromZod(parsed.error));
  const patch = parsed.data;
  const completing = COMPLETION_FIELDS.some((field) => Object.hasOwn(body, field));
  if (patch.status === undefined && !completing) throw unprocessable([noChangeViolation()]);

  const violations: Violation[] = [];
  // Each code from the official list, each qualification one its code allows (the only one by default).
  const finalOutlets = patch.finalOutlets?.map((outlet, index) => {
    const code = treatmentCodes.get(outlet.treatmentCode);
    if (code === undefined) {
      violations.push({
        propertyPath: `finalOutlets.${index}.treatmentCode`,
        message: messages.unknownTreatmentCode,
        code: 'unknown_code',
      });
      return outlet;
    }
    if (outlet.qualification !== null && !code.operationModes.includes(outlet.qualification)) {
      violations.push({
        propertyPath: `finalOutlets.${index}.qualification`,
        message: messages.qualificationNotOfCode,
        code: 'qualification',
      });
    }
    return { ...outlet, qualification: qualificationOf(outlet.qualification, code.operationModes) };
  });
  if (violations.length > 0) throw unprocessable(violations);

  const now = config.now();
  const today = parisDate(now);
  const row = await db.transaction(async (tx) => {
    const stored = await operations.load(tx, operationId, { lock: true });
    if (patch.version !== undefined && patch.version !== null && patch.version !== stored.version) {
      throw conflict(messages.concurrentModification);
    }
    const requestDay = parisDate(new Date(stored.createdAt));
    let action: OperationActionName | null = null;
    if (patch.status !== undefined) {
      const decided = await policy.operationMove(stored, patch.status);
      if (decided.action === null) throw conflict(messages.operationCannotBeModified);
      action = decided.action;
      await policy.assertCan(OPERATION_ACTIONS[action].permission);
    }
    if (completing) {
      // A provider completes what it did; a declared flow is filled in by whoever declared it.
      await policy.assertCanFillIn(stored);
      const editable =
        stored.declaredBy === null ? COMPLETION_EDITABLE_STATUSES : DECLARATION_EDITABLE_STATUSES;
      if (!editable.includes(stored.status)) {
        throw conflict(messages.operationCannotBeModified);
      }
    }

    let interventionDate = stored.interventionDate;
    if (action === 'schedule' || action === 'reschedule') {
      if (!patch.interventionDate) {
        throw unprocessable([
          { propertyPath: 'interventionDate', message: messages.required, code: 'required' },
        ]);
      }
      if (patch.interventionDate < requestDay) {
        throw unprocessable([
          {
            propertyPath: 'interventionDate',
            message: messages.interventionBeforeRequest,
            code: 'before_request',
          },
        ]);
      }
      interventionDate = patch.interventionDate;
    }

    const pick = <K extends keyof typeof patch>(key: K, fallback: unknown) =>
      Object.hasOwn(body, key) ? (patch[key] ?? null) : fallback;
    const completion = {
      receivedQuantity: pick('receivedQuantity', stored.receivedQuantity) as string | null,
      quantityEstimated: (pick('quantityEstimated', stored.quantityEstimated) ?? false) as boolean,
      realInterventionDate: pick('realInterventionDate', stored.realInterventionDate) as string | null,
      bsdNumber: pick('bsdNumber', stored.bsdNumber) as string | null,
      providerComment: pick('comment', stored.providerComment) as string | null,
    };
    const transporter = await transporterAfter(tx, stored, body, patch, violations);
    const parties = {
      ecoOrganisationName: pick('ecoOrganisationName', stored.ecoOrganisationName) as string | null,
      ecoOrganisationSiren: pick('ecoOrganisationSiren', stored.ecoOrganisationSiren) as string | null,
      brokerName: pick('brokerName', stored.brokerName) as string | null,
      brokerSiret: pick('brokerSiret', stored.brokerSiret) as string | null,
      brokerReceiptNumber: pick('brokerReceiptNumber', stored.brokerReceiptNumber) as string | null,
    };
    for (const [propertyPath, message] of handlingPartiesProblems(parties)) {
      violations.push({ propertyPath, message, code: 'party' });
    }
    if (completion.realInterventionDate !== null && Object.hasOwn(body, 'realInterventionDate')) {
      // A flow is declared after it left: its date comes before its declaration.
      if (stored.declaredBy === null && completion.realInterventionDate < requestDay) {
        violations.push({
          propertyPath: 'realInterventionDate',
          message: messages.interventionBeforeRequest,
          code: 'before_request',
        });
      } else if (completion.realInterventionDate > today) {
        violations.push({
          propertyPath: 'realInterventionDate',
          message: messages.interventionDateInFuture,
          code: 'future',
        });
      }
    }
    const outlets = finalOutlets ?? (await outletsOf(tx, [operationId])).get(operationId) ?? [];
    if (action === 'complete' || (action !== null && DECLARATION_SENDING_ACTIONS.includes(action))) {
      // A final code that allows several qualifications needs one chosen (the register says which).
      outlets.forEach((outlet, index) => {
        const modes = treatmentCodes.get(outlet.treatmentCode)?.operationModes ?? [];
        if (outlet.qualification === null && modes.length > 1) {
          violations.push({
            propertyPath: `finalOutlets.${index}.qualification`,
            message: messages.qualificationRequired,
            code: 'qualification',
          });
        }
      });
      for (const [propertyPath, message] of completionProblems({
        ...completion,
        finalOutlets: outlets,
      })) {
        violations.push({ propertyPath, message, code: 'incomplete' });
      }
    }
    if (violations.length > 0) throw unprocessable(violations);

    const status = patch.status ?? stored.status;
    await tx.query(
      `update operations set status = $2, intervention_date = $3, received_quantity = $4::numeric,
         real_intervention_date = $5::date, bsd_number = $6, provider_comment = $7,
         version = version + 1, updated_at = $8,
         completed_at = case when $2 = 'COMPLETED' then $8 else completed_at end,
         validated_at = case when $2 = 'REALISED' then $8 else validated_at end,
         transporter_site_id = $9, transporter_name = $10, transporter_siret = $11, transporter_address = $12,
         transporter_receipt_number = $13, eco_organisation_name = $14, eco_organisation_siren = $15,
         broker_name = $16, broker_siret = $17, broker_receipt_number = $18, quantity_estimated = $19
       where id = $1`,
      [
        operationId,
        status,
        interventionDate,
        completion.receivedQuantity,
        completion.realInterventionDate,
        completion.bsdNumber,
        completion.providerComment,
        now,
        transporter.site,
        transporter.name,
        transporter.siret,
        transporter.address,
        transporter.receiptNumber,
        parties.ecoOrganisationName,
        parties.ecoOrganisationSiren,
        parties.brokerName,
        parties.brokerSiret,
        parties.brokerReceiptNumber,
        completion.quantityEstimated,
      ],
    );
    if (finalOutlets !== undefined) {
      await replaceOutlets(tx, operationId, finalOutlets);
      // Each outlet named is its provider's directory entry of that SIRET, or becomes one.
      await adoptOutlets(tx, [operationId]);
    }
    const updated = await operations.load(tx, operationId);
    if (updated.status !== stored.status || action === 'reschedule') {
      await notifyOperation(tx, operationId, updated.status, policy.userId, now);
    }
    if (updated.status !== stored.status) {
      await syncSkipPlannedWork(
        tx,
        updated.skip,
        now,
        updated.type === 'RETIREMENT' && updated.status === 'REALISED',
      );
    }
    return updated;
  });
  return row;
}

/** The transporter of an operation as stored (`transporter*` of `operationFields`; the site by id). */
type Transporter = Omit<TransporterParty, 'site'> & { site: number | null };

/** The fields of a party entered by hand, by their REST name. */
const ENTERED = {
  transporterName: 'name',
  transporterSiret: 'siret',
  transporterAddress: 'address',
} as const satisfies Record<string, keyof Transporter>;

/**
 * The transporter once the PATCH is applied (merge-patch: absent fields keep theirs). A carrier establishment of
 * the portal, among those the operation offers (`transporters.ts`), brings its name, SIRET and address, copied
 * when it is chosen, and nothing is entered beside it; a party entered by hand needs its name. Violations are
 * added to `violations`.
 */
async function transporterAfter(
  db: Db,
  stored: OperationRow,
  body: Record<string, unknown>,
  patch: z.infer<typeof patchSchema>,
  violations: Violation[],
): Promise<Transporter> {
  const sent = (field: string) => Object.hasOwn(body, field);
  const report = (problems: [string, string][]) => {
    for (const [propertyPath, message] of problems)
      violations.push({ propertyPath, message, code: 'transporter' });
  };
  const receiptNumber = sent('transporterReceiptNumber')
    ? (patch.transporterReceiptNumber ?? null)
    : stored.transporterReceiptNumber;
  const typed = { name: null as string | null, siret: null as string | null, address: null as string | null };
  for (const [field, key] of Object.entries(ENTERED)) {
    if (sent(field)) typed[key] = patch[field as keyof typeof ENTERED] ?? null;
  }
  const siteSent = sent('transporterSite');
  const chosen = patch.transporterSite ?? null;

  const chosenId = chosen === null ? null : referenceId(chosen, 'company_sites');
  // The establishment stored, named again (a form sends what it shows): it stays as it is, even if the
  // operation no longer offers it.
  const sameSite = siteSent && chosenId !== null && chosenId === stored.transporterSite;
  if (siteSent && chosen !== null && !sameSite) {
    const choice = chosenId === null ? null : await transporterChoice(db, stored, chosenId);
    if (choice === null) {
      violations.push({
        propertyPath: 'transporterSite',
        message: messages.transporterNotOffered,
        code: 'not_offered',
      });
      return { ...typed, site: null, receiptNumber };
    }
    report(transporterProblems({ site: choice.id, ...typed, receiptNumber }));
    return {
      site: choice.id,
      name: choice.name,
      siret: choice.siret,
      address: choice.address,
      receiptNumber,
    };
  }
  if ((!siteSent || sameSite) && stored.transporterSite !== null) {
    report(transporterProblems({ site: stored.transporterSite, ...typed, receiptNumber }));
    return {
      site: stored.transporterSite,
      name: stored.transporterName,
      siret: stored.transporterSiret,
      address: stored.transporterAddress,
      receiptNumber,
    };
  }
  // Entered by hand: what is not sent stays, unless a site was just dropped (its copy goes with it).
  const dropped = siteSent && stored.transporterSite !== null;
  const kept = (field: keyof typeof ENTERED) =>
    sent(field) ? typed[ENTERED[field]] : dropped ? null : stored[field];
  const party: Transporter = {
    site: null,
    name: kept('transporterName'),
    siret: kept('transporterSiret'),
    address: kept('transporterAddress'),
    receiptNumber,
  };
  report(transporterProblems(party));
  return party;
}

function noChangeViolation(): Violation {
  return { propertyPath: '', message: messages.noChange, code: 'no_change' };
}
