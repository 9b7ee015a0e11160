import type { TrackdechetsCheckState, TrackdechetsLinkState } from '@portal/domain';

/** `/api/trackdechets/connection`: the caller's link and how the portal reaches Trackdéchets. */
export interface RestTrackdechetsLink {
  configured: boolean;
  sandbox: boolean;
  uiUrl: string | null;
  state: TrackdechetsLinkState;
  email: string | null;
  name: string | null;
  linkedAt: string | null;
  brokenAt: string | null;
  lastSyncAt: string | null;
  companies: { siret: string; name: string }[];
}

/** `/api/company_sites/{id}/check_trackdechets`, or the problem that kept it from being made. */
export interface RestTrackdechetsCheck {
  siret: string | null;
  state: TrackdechetsCheckState | null;
  name: string | null;
  problem: string | null;
}

export interface RestSlipStatus {
  code: string;
  label: string;
}

interface RestSlipParty {
  name: string | null;
  siret: string | null;
}

/** A line of `/api/hazardous_pickups`. */
export interface RestHazardousPickup {
  key: string;
  cursor: string;
  operation: string | null;
  companySite: string;
  date: string | null;
  readableId: string | null;
  status: string;
  statusLabel: string;
  statusUpdatedAt: string | null;
  emitter: RestSlipParty | null;
  transporter: RestSlipParty | null;
  recipient: RestSlipParty | null;
  wasteCode: string | null;
  wasteName: string | null;
  quantity: string | null;
  quantityReceived: string | null;
  outsidePortal: boolean;
}

export interface RestHazardousPickupPage {
  pickups: RestHazardousPickup[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

/** A status of `/api/trackdechets/slips/{readableId}/life_cycle`. */
export interface RestSlipStatusLog {
  status: string;
  label: string;
  loggedAt: string;
}
