import { z } from 'zod';
import { defineFields } from './fields.ts';
import { messages } from './messages.ts';
import { recurrenceFields, recurrenceProgramSchema } from './recurrence-rules.ts';
import { skipSideFields } from './skips.ts';
import { isoDateSchema, whenFieldsValid } from './validation.ts';

/** Container deliveries (SPEC 4 "Container delivery"): statuses, who moves them, and the order form. */

export const SKIP_DELIVERY_STATUSES = ['ORDERED', 'AWAITING_SCHEDULING', 'SCHEDULED', 'VALIDATED'] as const;
export type SkipDeliveryStatus = (typeof SKIP_DELIVERY_STATUSES)[number];
export const skipDeliveryStatusLabels: Record<SkipDeliveryStatus, string> = {
  ORDERED: 'Commandée',
  AWAITING_SCHEDULING: 'En attente de programmation par le prestataire',
  SCHEDULED: 'Programmée',
  VALIDATED: 'Validée',
};

/** Who acts on a delivery: the producer who ordered it or the provider who delivers. */
export type DeliveryActor = 'producer' | 'provider';

export interface DeliveryAction {
  label: string;
  from: readonly SkipDeliveryStatus[];
  /** The status it leads to; null when the delivery is removed (cancelled). */
  to: SkipDeliveryStatus | null;
  actor: DeliveryActor;
}

/**
 * Every allowed move, as data: the provider acknowledges, schedules (or moves the date of) and validates; the
 * producer cancels what is not yet scheduled. Anything else is refused.
 */
export const SKIP_DELIVERY_ACTIONS = {
  acknowledge: {
    label: 'Prendre en compte',
    from: ['ORDERED'],
    to: 'AWAITING_SCHEDULING',
    actor: 'provider',
  },
  schedule: { label: 'Programmer', from: ['AWAITING_SCHEDULING'], to: 'SCHEDULED', actor: 'provider' },
  reschedule: { label: 'Reprogrammer', from: ['SCHEDULED'], to: 'SCHEDULED', actor: 'provider' },
  validate: { label: 'Valider la livraison', from: ['SCHEDULED'], to: 'VALIDATED', actor: 'provider' },
  cancel: { label: 'Annuler', from: ['ORDERED', 'AWAITING_SCHEDULING'], to: null, actor: 'producer' },
} as const satisfies Record<string, DeliveryAction>;
export type SkipDeliveryActionName = keyof typeof SKIP_DELIVERY_ACTIONS;

const actions = Object.entries(SKIP_DELIVERY_ACTIONS) as [SkipDeliveryActionName, DeliveryAction][];

/** The action that moves a delivery from `from` to `to` (null: cancel) for `actor`; null when none may. */
export function deliveryActionFor(
  from: SkipDeliveryStatus,
  to: SkipDeliveryStatus | null,
  actor: DeliveryActor,
): SkipDeliveryActionName | null {
  const found = actions.find(
    ([, action]) => action.actor === actor && action.to === to && action.from.includes(from),
  );
  return found?.[0] ?? null;
}

/** `actor` may move a delivery from `from` to `to`; without `to`, to some next status. */
export function canAdvanceDelivery(
  from: SkipDeliveryStatus,
  to?: SkipDeliveryStatus,
  actor: DeliveryActor = 'provider',
): boolean {
  if (to === undefined) return nextDeliveryStatuses(from, actor).length > 0;
  return deliveryActionFor(from, to, actor) !== null;
}

/** `actor` (the producer, unless told) may cancel a delivery in status `from`. */
export function canCancelDelivery(from: SkipDeliveryStatus, actor: DeliveryActor = 'producer'): boolean {
  return deliveryActionFor(from, null, actor) !== null;
}

/** Statuses `actor` may move a delivery to from `from` (the same status when the date may be moved). */
export function nextDeliveryStatuses(from: SkipDeliveryStatus, actor: DeliveryActor): SkipDeliveryStatus[] {
  return SKIP_DELIVERY_STATUSES.filter((to) => deliveryActionFor(from, to, actor) !== null);
}

/** A delivery in one of these statuses still has to happen. */
export const PENDING_DELIVERY_STATUSES: readonly SkipDeliveryStatus[] = [
  'ORDERED',
  'AWAITING_SCHEDULING',
  'SCHEDULED',
];

/**
 * Ordering a delivery: once on `requestedDate`, or on every date of `program` (then `requestedDate` is not
 * used). Which skip it is for is the api's business (the web orders from a container's page).
 */
export const deliveryOrderSchema = z
  .object({
    requestedDate: isoDateSchema.nullish(),
    comment: z
      .string({ error: messages.required })
      .trim()
      .max(1000, messages.maxLength(1000))
      .nullish()
      .transform((value) => (value ? value : null)),
    program: recurrenceProgramSchema.nullish(),
  })
  .superRefine(
    (order, context) => {
      if (!order.program && !order.requestedDate) {
        context.addIssue({ code: 'custom', message: messages.required, path: ['requestedDate'] });
      }
    },
    { when: whenFieldsValid('requestedDate', 'program') },
  );

export type DeliveryOrderInput = z.input<typeof deliveryOrderSchema>;
export type DeliveryOrderValues = z.output<typeof deliveryOrderSchema>;

/** A recurring delivery program's stored fields (`skip_delivery_programs p`, its container `s` joined). */
export const deliveryProgramFields = defineFields()({
  ...skipSideFields('s.company_site_entity_id'),
  ...recurrenceFields,
  comment: { kind: 'text', column: 'comment', label: 'Commentaire' },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Commandé le', required: true },
});

/** A delivery's stored fields (`skip_deliveries d`, its container `s` joined). */
export const deliveryFields = defineFields()({
  ...skipSideFields('s.company_site_entity_id'),
  program: {
    kind: 'reference',
    column: 'program_id',
    label: 'Programme de livraisons',
    reference: {
      resource: 'skip_delivery_programs',
      node: 'SkipDeliveryProgram',
      graphField: 'program',
      graphInput: 'programId',
    },
  },
  requestedDate: { kind: 'date', column: 'requested_date', label: 'Date souhaitée', required: true },
  scheduledDate: { kind: 'date', column: 'scheduled_date', label: 'Date programmée' },
  status: {
    kind: 'enum',
    column: 'status',
    label: 'Statut',
    required: true,
    values: SKIP_DELIVERY_STATUSES,
  },
  comment: { kind: 'text', column: 'comment', label: 'Commentaire' },
  version: { kind: 'integer', column: 'version', label: 'Version', required: true },
  createdAt: { kind: 'timestamp', column: 'created_at', label: 'Commandée le', required: true },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Modifiée le', required: true },
  validatedAt: { kind: 'timestamp', column: 'validated_at', label: 'Livrée le' },
});
