import type {
  activityCostFields,
  FieldItem,
  finalOutletFields,
  siteTreatmentFields,
  treatmentOutletLinkFields,
} from '@portal/domain';
import type { JsonLdItem } from '../../rest/types.ts';

/** An outlet of a provider's directory (`/api/final_outlets`), with what the api counts beside it. */
export interface RestDirectoryOutlet extends JsonLdItem, FieldItem<typeof finalOutletFields> {
  siretWarning: string | null;
  operations: number;
  defaults: number;
}

/** A default outlet of a default treatment (embedded in it). */
export interface RestDefaultOutlet extends JsonLdItem, FieldItem<typeof treatmentOutletLinkFields> {}

/** A default treatment (`/api/company_sites/{id}/company_site_treatments`), its outlets embedded. */
export interface RestDefaultTreatment extends JsonLdItem, FieldItem<typeof siteTreatmentFields> {
  level: 1 | 2 | 3;
  finalOutletLinks: RestDefaultOutlet[];
}

/** The prices of a client and a waste (a line of the grid, or a dated row). */
export type RestActivityCostLine = Pick<
  FieldItem<typeof activityCostFields>,
  'clientSite' | 'thirdLevelWaste' | 'treatmentCost' | 'transportCost' | 'recyclingRevenue' | 'purchasePrice'
> & { validFrom: string | null };

/** `/api/company_sites/{id}/activity_cost_grid`: the grid on a day. */
export interface RestActivityCostGrid {
  date: string;
  lines: RestActivityCostLine[];
}
