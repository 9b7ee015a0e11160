/**
 * Sections the key figures link to (`#anchor`), so that a rate leads to the final treatment codes behind it. Kept
 * apart from the charts, which load in their own chunk after the figures.
 */
export const TREATMENT_CODES_ANCHOR = 'codes-de-traitement';
export const WASTES_OF_MONTH_ANCHOR = 'dechets-du-mois';

/** How near the viewport the charts are drawn (`WhenNearViewport`): just before they come into view. */
export const CHARTS_MARGIN = '100px';
