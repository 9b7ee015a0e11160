import type { RestFinalOutlet, RestOperation } from '../src/rest/types.ts';

/** The api's item also carries its owner and position, and `updatedAt`, which the gateway does not read. */
export type RestOperationItem = RestOperation & { updatedAt: string };
export type RestFinalOutletItem = RestFinalOutlet & { operation: string; position: number };

/** A final outlet in the exact shape of docs/rest-api.md ("Operations"): 60 % of the operation in R 4. */
export function outletItem(
  operationId: number,
  id: number,
  overrides: Partial<RestFinalOutletItem> = {},
): RestFinalOutletItem {
  return {
    '@id': `/api/operation/${operationId}/operation_final_outlet_links/${id}`,
    '@type': 'OperationFinalOutletLink',
    id,
    operation: `/api/operations/${operationId}`,
    position: id,
    name: 'A',
    siret: null,
    address: null,
    treatmentCode: 'R 4',
    qualification: null,
    quantity: '60.000',
    quantityUnit: 'PERCENT',
    finalOutlet: null,
    ...overrides,
  };
}

/**
 * An operation in the exact shape of docs/rest-api.md ("Operations"): a rotation of skip 7 on site 3, asked
 * of its provider site 12, just requested.
 */
export function operationItem(id: number, overrides: Partial<RestOperationItem> = {}): RestOperationItem {
  return {
    '@id': `/api/operations/${id}`,
    '@type': 'Operation',
    id,
    type: 'ROTATION',
    declaredBy: null,
    status: 'REQUESTED',
    skip: '/api/skips/7',
    companySite: '/api/company_sites/3',
    companySiteEntity: null,
    provider: '/api/company_sites/12',
    thirdLevelWaste: '/api/third_level_wastes/4',
    wasteCode: '17 04 05',
    dangerous: false,
    plannedTreatmentCode: 'R 4',
    requestedDate: '2026-03-05',
    interventionDate: null,
    comment: null,
    receivedQuantity: null,
    quantityEstimated: false,
    realInterventionDate: null,
    bsdNumber: null,
    transporterSite: null,
    transporterName: null,
    transporterSiret: null,
    transporterAddress: null,
    transporterReceiptNumber: null,
    ecoOrganisationName: null,
    ecoOrganisationSiren: null,
    brokerName: null,
    brokerSiret: null,
    brokerReceiptNumber: null,
    skipName: 'Benne ferraille',
    providerComment: null,
    finalOutlets: [outletItem(id, 1)],
    program: null,
    version: 1,
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    completedAt: null,
    validatedAt: null,
    ...overrides,
  };
}
