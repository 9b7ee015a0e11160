import { messages } from './messages.ts';

/**
 * Operations (SPEC 3 "Operation", SPEC 4 "Operation statuses" and "Actions"): what a producer asks of its
 * provider on a container (a rotation, or its definitive retirement), and the one table of who may move an
 * operation from which status to which. Its zod rules (what a request, a completion or a declaration may
 * carry) are in `operation-rules.ts`, apart: the screens that only show operations load none of zod.
 */

export const OPERATION_TYPES = ['ROTATION', 'RETIREMENT', 'FLOW'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];
export const operationTypeLabels: Record<OperationType, string> = {
  ROTATION: 'Rotation',
  RETIREMENT: 'Retrait définitif',
  FLOW: 'Flux déclaré',
};
/** What a producer asks of its provider on a container; a FLOW is declared after the fact, never asked. */
export const REQUESTED_OPERATION_TYPES = [
  'ROTATION',
  'RETIREMENT',
] as const satisfies readonly OperationType[];

export const OPERATION_STATUSES = [
  'REQUESTED',
  'WAITING',
  'ACCEPTED_WITHOUT_SCHEDULING',
  'SCHEDULED',
  'COMPLETED',
  'REALISED',
  'CANCELLED',
  'NOT_CARRIED_OUT',
  'NOT_PROCESSED',
  'TO_COMPLETE',
  'TO_VALIDATE',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];
export const operationStatusLabels: Record<OperationStatus, string> = {
  REQUESTED: 'Demande en cours',
  WAITING: 'En attente',
  ACCEPTED_WITHOUT_SCHEDULING: 'Acceptée sans programmation',
  SCHEDULED: 'Programmée',
  COMPLETED: 'Complétée, à valider',
  REALISED: 'Réalisée',
  CANCELLED: 'Annulée',
  NOT_CARRIED_OUT: 'Non réalisée',
  NOT_PROCESSED: 'Non traitée',
  TO_COMPLETE: 'À compléter',
  TO_VALIDATE: 'À valider',
};

/**
 * A declared flow (SPEC 1 "declare flux", SPEC 4 "Declaration status"): waste handled without an operation of
 * the portal, declared afterwards by whoever handled it: a provider for one of its clients (bulk, monthly
 * totals), or a producer whose waste left outside the portal. It is an operation of type FLOW, so that once
 * validated it is in both sides' registers and dashboards like any realised operation. It is 'à compléter'
 * (TO_COMPLETE) while its declarer fills it in, then 'à valider' (TO_VALIDATE) until the other side validates
 * it (REALISED); a producer's flow whose provider is not on the portal has no other side and is recorded at once.
 */
export const FLOW_DECLARERS = ['PRODUCER', 'PROVIDER'] as const;
export type FlowDeclarer = (typeof FLOW_DECLARERS)[number];
export const flowDeclarerLabels: Record<FlowDeclarer, string> = {
  PRODUCER: 'Producteur',
  PROVIDER: 'Prestataire',
};

/** Who declared a flow, and whether another side of the portal validates it. */
export interface Declaration {
  declaredBy: FlowDeclarer;
  counterpart: boolean;
}

/** The declaration of an operation; null for an operation asked on a container. */
export function declarationOf(operation: {
  declaredBy: FlowDeclarer | null;
  provider: unknown;
}): Declaration | null {
  if (operation.declaredBy === null) return null;
  return {
    declaredBy: operation.declaredBy,
    counterpart: operation.declaredBy === 'PROVIDER' || (operation.provider ?? null) !== null,
  };
}

/** The side of an operation that declared it. */
export const declarerSide = (declaredBy: FlowDeclarer): OperationActor =>
  declaredBy === 'PRODUCER' ? 'producer' : 'provider';

/** Who acts on an operation: the producer who asked for it, or its provider (the retriever, or the carrier). */
export type OperationActor = 'producer' | 'provider';

export interface OperationAction {
  label: string;
  from: readonly OperationStatus[];
  to: OperationStatus;
  /** A side; on a declared flow, the side that declared it or the other one. */
  actor: OperationActor | 'declarer' | 'counterpart';
  /** The permission of `domain/permissions.ts` the actor needs. */
  permission:
    | 'operation:schedule'
    | 'operation:complete'
    | 'operation:validate'
    | 'operation:cancel'
    | 'flow:declare';
  /** A declarer's move that needs (true) or excludes (false) another side to validate the flow. */
  counterpart?: boolean;
}

/**
 * Every allowed move, as data (SPEC 4 leaves them to us). The provider takes a request (puts it on hold,
 * accepts it with or without a date, or declines it), then completes it with the real quantity, date and
 * outlets, or reports it not carried out; the producer validates what was completed, or cancels what has not
 * been done yet. Anything else is refused with the operation-cannot-be-modified message.
 */
export const OPERATION_ACTIONS = {
  hold: {
    label: 'Mettre en attente',
    from: ['REQUESTED'],
    to: 'WAITING',
    actor: 'provider',
    permission: 'operation:schedule',
  },
  schedule: {
    label: 'Accepter et programmer',
    from: ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING'],
    to: 'SCHEDULED',
    actor: 'provider',
    permission: 'operation:schedule',
  },
  reschedule: {
    label: 'Reprogrammer',
    from: ['SCHEDULED'],
    to: 'SCHEDULED',
    actor: 'provider',
    permission: 'operation:schedule',
  },
  acceptWithoutScheduling: {
    label: 'Valider sans programmer',
    from: ['REQUESTED', 'WAITING'],
    to: 'ACCEPTED_WITHOUT_SCHEDULING',
    actor: 'provider',
    permission: 'operation:schedule',
  },
  decline: {
    label: 'Ne pas traiter',
    from: ['REQUESTED', 'WAITING'],
    to: 'NOT_PROCESSED',
    actor: 'provider',
    permission: 'operation:schedule',
  },
  complete: {
    label: 'Compléter',
    from: ['SCHEDULED', 'ACCEPTED_WITHOUT_SCHEDULING'],
    to: 'COMPLETED',
    actor: 'provider',
    permission: 'operation:complete',
  },
  notCarriedOut: {
    label: 'Déclarer non réalisée',
    from: ['SCHEDULED', 'ACCEPTED_WITHOUT_SCHEDULING'],
    to: 'NOT_CARRIED_OUT',
    actor: 'provider',
    permission: 'operation:complete',
  },
  validate: {
    label: 'Valider',
    from: ['COMPLETED'],
    to: 'REALISED',
    actor: 'producer',
    permission: 'operation:validate',
  },
  cancel: {
    label: 'Annuler',
    from: ['REQUESTED', 'WAITING', 'ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED'],
    to: 'CANCELLED',
    actor: 'producer',
    permission: 'operation:cancel',
  },
  submitFlow: {
    label: 'Envoyer pour validation',
    from: ['TO_COMPLETE'],
    to: 'TO_VALIDATE',
    actor: 'declarer',
    permission: 'flow:declare',
    counterpart: true,
  },
  recordFlow: {
    label: 'Enregistrer au registre',
    from: ['TO_COMPLETE'],
    to: 'REALISED',
    actor: 'declarer',
    permission: 'flow:declare',
    counterpart: false,
  },
  validateFlow: {
    label: 'Valider le flux',
    from: ['TO_VALIDATE'],
    to: 'REALISED',
    actor: 'counterpart',
    permission: 'operation:validate',
  },
  returnFlow: {
    label: 'Renvoyer à compléter',
    from: ['TO_VALIDATE'],
    to: 'TO_COMPLETE',
    actor: 'counterpart',
    permission: 'operation:validate',
  },
  withdrawFlow: {
    label: 'Annuler la déclaration',
    from: ['TO_COMPLETE', 'TO_VALIDATE'],
    to: 'CANCELLED',
    actor: 'declarer',
    permission: 'flow:declare',
  },
} as const satisfies Record<string, OperationAction>;
export type OperationActionName = keyof typeof OPERATION_ACTIONS;
export const OPERATION_ACTION_NAMES = Object.keys(OPERATION_ACTIONS) as OperationActionName[];
/** A declared flow's moves (made by its declarer or the other side); the others are those of a request. */
export const FLOW_ACTION_NAMES = OPERATION_ACTION_NAMES.filter((name) => {
  const { actor }: OperationAction = OPERATION_ACTIONS[name];
  return actor === 'declarer' || actor === 'counterpart';
});
/** The statuses only a declared flow has. */
export const DECLARATION_STATUSES = [
  'TO_COMPLETE',
  'TO_VALIDATE',
] as const satisfies readonly OperationStatus[];

/**
 * Whether `actor` is the one who makes `action` on an operation: its side, or on a declared flow (`declaration`)
 * the side that declared it or the other one; a declarer's move fits the flow's counterpart, or its absence.
 */
function actsAs(action: OperationAction, actor: OperationActor, declaration: Declaration | null): boolean {
  if (action.actor === 'producer' || action.actor === 'provider') return action.actor === actor;
  if (declaration === null) return false;
  const declarer = declarerSide(declaration.declaredBy);
  if (action.actor === 'counterpart') return declaration.counterpart && actor !== declarer;
  return (
    actor === declarer && (action.counterpart === undefined || action.counterpart === declaration.counterpart)
  );
}

/** The action that moves an operation from `from` to `to` for `actor`; null when none may. */
export function operationActionFor(
  from: OperationStatus,
  to: OperationStatus,
  actor: OperationActor,
  declaration: Declaration | null = null,
): OperationActionName | null {
  return (
    OPERATION_ACTION_NAMES.find((name) => {
      const action: OperationAction = OPERATION_ACTIONS[name];
      return actsAs(action, actor, declaration) && action.to === to && action.from.includes(from);
    }) ?? null
  );
}

/** The actions `actor` may take on an operation in status `status`. */
export function operationActionsFrom(
  status: OperationStatus,
  actor: OperationActor,
  declaration: Declaration | null = null,
): OperationActionName[] {
  return OPERATION_ACTION_NAMES.filter((name) => {
    const action: OperationAction = OPERATION_ACTIONS[name];
    return actsAs(action, actor, declaration) && action.from.includes(status);
  });
}

/** Statuses in which the provider may fill in (and save, to resume later) the completion of an operation. */
export const COMPLETION_EDITABLE_STATUSES: readonly OperationStatus[] = OPERATION_ACTIONS.complete.from;
/** Statuses in which the declarer of a flow fills it in (the same fields as a completion). */
export const DECLARATION_EDITABLE_STATUSES: readonly OperationStatus[] = OPERATION_ACTIONS.submitFlow.from;
/** A declarer's moves that need the flow complete, as a provider's completion does. */
export const DECLARATION_SENDING_ACTIONS: readonly OperationActionName[] = ['submitFlow', 'recordFlow'];

/** Not finished: an operation in one of these still holds its container (one open operation per container). */
export const OPEN_OPERATION_STATUSES: readonly OperationStatus[] = [
  'REQUESTED',
  'WAITING',
  'ACCEPTED_WITHOUT_SCHEDULING',
  'SCHEDULED',
  'COMPLETED',
];

/** The skip list status (SPEC 4) an open operation gives its container. */
export function plannedWorkOf(
  type: OperationType,
  status: OperationStatus,
): 'ROTATION_ASKED' | 'ROTATION_PLANNED' | 'WITHDRAWAL_ASKED' | 'WITHDRAWAL_PLANNED' | null {
  if (status === 'REQUESTED' || status === 'WAITING') {
    return type === 'ROTATION' ? 'ROTATION_ASKED' : 'WITHDRAWAL_ASKED';
  }
  if (status === 'SCHEDULED' || status === 'ACCEPTED_WITHOUT_SCHEDULING' || status === 'COMPLETED') {
    return type === 'ROTATION' ? 'ROTATION_PLANNED' : 'WITHDRAWAL_PLANNED';
  }
  return null;
}

/** The history filter of SPEC 4, each with the statuses it shows ('all' shows every one). */
export const HISTORY_FILTERS = {
  all: { label: 'Toutes', statuses: OPERATION_STATUSES },
  declared: { label: 'Flux déclarés, en cours', statuses: ['TO_COMPLETE', 'TO_VALIDATE'] },
  asked: { label: 'Demandées', statuses: ['REQUESTED', 'WAITING'] },
  accepted: { label: 'Acceptées', statuses: ['ACCEPTED_WITHOUT_SCHEDULING', 'SCHEDULED'] },
  done: { label: 'Réalisées, à valider', statuses: ['COMPLETED', 'NOT_CARRIED_OUT'] },
  validated: { label: 'Validées', statuses: ['REALISED'] },
  cancelled: { label: 'Annulées', statuses: ['CANCELLED', 'NOT_PROCESSED'] },
} as const satisfies Record<string, { label: string; statuses: readonly OperationStatus[] }>;
export type HistoryFilter = keyof typeof HISTORY_FILTERS;
export const HISTORY_FILTER_KEYS = Object.keys(HISTORY_FILTERS) as HistoryFilter[];

/** Units of an outlet's quantity (SPEC 5: weight in tonnes or a percentage); `operation_quantity_units`. */
export const OUTLET_QUANTITY_UNITS = ['TONNE', 'PERCENT'] as const;
export type OutletQuantityUnit = (typeof OUTLET_QUANTITY_UNITS)[number];
export const outletQuantityUnitLabels: Record<OutletQuantityUnit, string> = {
  TONNE: 'Tonnes',
  PERCENT: 'Pourcentage (%)',
};

/**
 * The qualification of a final treatment (DOMAIN.md: reuse, recycling, energy recovery, disposal), as the
 * national platform names it; each official treatment code lists the ones it allows (`operationModes` of
 * treatment-codes.json), transit codes none.
 */
export const TREATMENT_QUALIFICATIONS = [
  'REUTILISATION',
  'RECYCLAGE',
  'VALORISATION_ENERGETIQUE',
  'AUTRES_VALORISATIONS',
  'ELIMINATION',
] as const;
export type TreatmentQualification = (typeof TREATMENT_QUALIFICATIONS)[number];
export const treatmentQualificationLabels: Record<TreatmentQualification, string> = {
  REUTILISATION: 'Réutilisation',
  RECYCLAGE: 'Recyclage',
  VALORISATION_ENERGETIQUE: 'Valorisation énergétique',
  AUTRES_VALORISATIONS: 'Autres valorisations',
  ELIMINATION: 'Élimination',
};

/**
 * The qualification of an outlet: the one given, else the code's only one; null when the code allows several
 * and none was chosen, or none (a transit code).
 */
export function qualificationOf(
  given: string | null | undefined,
  allowed: readonly string[],
): TreatmentQualification | null {
  if (given) return given as TreatmentQualification;
  return allowed.length === 1 ? (allowed[0] as TreatmentQualification) : null;
}

/** Thousandths of a decimal written with a dot or a comma (`12,5` → 12500n): sums without floating-point drift. */
export function thousandths(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.trim().replace(',', '.').split('.');
  const negative = whole.startsWith('-');
  const digits = `${whole.replace('-', '') || '0'}${fraction.padEnd(3, '0').slice(0, 3)}`;
  const value = BigInt(digits);
  return negative ? -value : value;
}

/** Thousandths as a decimal string with 3 decimals (`12500n` → `12.500`). */
export function fromThousandths(value: bigint): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(4, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -3)}.${digits.slice(-3)}`;
}

/**
 * SPEC 5: the outlets of one operation must share out all of it, as percentages summing to 100 or as tonnes
 * summing to the received weight. Mixed units never sum. Exact: decimals are compared in thousandths.
 */
export function outletQuantitiesBalance(
  outlets: readonly { quantity: string; quantityUnit: OutletQuantityUnit }[],
  receivedQuantity: string | null,
): boolean {
  if (outlets.length === 0) return false;
  const unit = outlets[0]?.quantityUnit;
  if (outlets.some((outlet) => outlet.quantityUnit !== unit)) return false;
  const total = outlets.reduce((sum, outlet) => sum + thousandths(outlet.quantity), 0n);
  if (unit === 'PERCENT') return total === 100_000n;
  return receivedQuantity !== null && total === thousandths(receivedQuantity);
}

/** The French label of each stored field of an operation (`operationFields` of `operation-rules.ts`, in its order). */
export const operationFieldLabels = {
  type: "Type d'opération",
  declaredBy: 'Déclaré par',
  status: 'Statut',
  skip: 'Contenant',
  companySite: 'Établissement',
  companySiteEntity: 'Chantier',
  provider: 'Prestataire',
  thirdLevelWaste: 'Déchet',
  wasteCode: 'Code déchet',
  dangerous: 'Dangereux',
  plannedTreatmentCode: 'Code de traitement prévu',
  requestedDate: 'Date souhaitée',
  interventionDate: "Date d'intervention",
  comment: 'Commentaire',
  receivedQuantity: 'Quantité réceptionnée (t)',
  realInterventionDate: "Date réelle d'intervention",
  quantityEstimated: 'Quantité estimée',
  bsdNumber: 'Numéro de BSD',
  transporterSite: 'Transporteur du portail',
  transporterName: 'Transporteur',
  transporterSiret: 'SIRET du transporteur',
  transporterAddress: 'Adresse du transporteur',
  transporterReceiptNumber: 'N° de récépissé du transporteur',
  ecoOrganisationName: 'Éco-organisme',
  ecoOrganisationSiren: "SIREN de l'éco-organisme",
  brokerName: 'Courtier ou négociant',
  brokerSiret: 'SIRET du courtier',
  brokerReceiptNumber: 'N° de récépissé du courtier',
  providerComment: 'Commentaire du prestataire',
  program: 'Programme de rotations',
  version: 'Version',
  createdAt: 'Demandée le',
  updatedAt: 'Modifiée le',
  completedAt: 'Complétée le',
  validatedAt: 'Validée le',
} as const;

/**
 * What still stops a completion (SPEC 5: the real received quantity and the real intervention date must be
 * confirmed; the outlets must share out the whole quantity): violations as `[path, message]`.
 */
export function completionProblems(completion: {
  receivedQuantity: string | null;
  realInterventionDate: string | null;
  finalOutlets: readonly { quantity: string; quantityUnit: OutletQuantityUnit }[];
}): [string, string][] {
  const problems: [string, string][] = [];
  if (!completion.receivedQuantity) problems.push(['receivedQuantity', messages.receivedQuantityRequired]);
  if (!completion.realInterventionDate) {
    problems.push(['realInterventionDate', messages.realInterventionDateRequired]);
  }
  if (completion.finalOutlets.length === 0) problems.push(['finalOutlets', messages.finalOutletRequired]);
  else if (
    (completion.receivedQuantity || completion.finalOutlets.every((o) => o.quantityUnit === 'PERCENT')) &&
    !outletQuantitiesBalance(completion.finalOutlets, completion.receivedQuantity)
  ) {
    problems.push(['finalOutlets', messages.outletQuantitiesSum]);
  }
  return problems;
}

/** The transporter of an operation (`transporter*` of `operationFields`), as a completion leaves it. */
export interface TransporterParty {
  /** A carrier establishment of the portal (its IRI or id); its name, SIRET and address are then its own. */
  site: string | number | null;
  name: string | null;
  siret: string | null;
  address: string | null;
  receiptNumber: string | null;
}

/**
 * What is wrong with a transporter: a party entered by hand needs its name as soon as its SIRET or address is
 * given; a carrier establishment of the portal brings its own name, SIRET and address (none is entered with it).
 * The receipt number may wait for the rest (save and resume later).
 */
export function transporterProblems(party: TransporterParty): [string, string][] {
  if (party.site !== null) {
    const entered = (['name', 'siret', 'address'] as const).filter((field) => party[field] !== null);
    return entered.length > 0 ? [['transporterName', messages.transporterSiteOrEntered]] : [];
  }
  const identified = party.siret !== null || party.address !== null;
  return identified && party.name === null ? [['transporterName', messages.required]] : [];
}

/**
 * What is wrong with the eco-organisation and the broker of a completion: each, entered by hand, needs its name
 * as soon as anything else of it is given.
 */
export function handlingPartiesProblems(parties: {
  ecoOrganisationName: string | null;
  ecoOrganisationSiren: string | null;
  brokerName: string | null;
  brokerSiret: string | null;
  brokerReceiptNumber: string | null;
}): [string, string][] {
  const problems: [string, string][] = [];
  if (parties.ecoOrganisationSiren !== null && parties.ecoOrganisationName === null) {
    problems.push(['ecoOrganisationName', messages.required]);
  }
  if ((parties.brokerSiret !== null || parties.brokerReceiptNumber !== null) && parties.brokerName === null) {
    problems.push(['brokerName', messages.required]);
  }
  return problems;
}
