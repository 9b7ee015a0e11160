import { CO2_FACTORS, type Co2Route } from '@portal/domain';

/** Where a help page shows THE CO2 factor table of the domain (written out at load, so it never drifts). */
export const CO2_TABLE_MARKER = '{{tableau-facteurs-co2}}';

const routeLabels: Record<Co2Route, string> = {
  RECYCLING: 'Valorisation matière (recyclage)',
  INCINERATION: 'Valorisation énergétique (incinération, R 1)',
  LANDFILL: 'Élimination (enfouissement, D 1 à D 12)',
};

const grouped = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
/** French figures: digits grouped by thousands, a true minus sign (−2 090). */
const kilograms = { format: (value: number) => `${value < 0 ? '−' : ''}${grouped.format(Math.abs(value))}` };

/**
 * The factor table as Markdown: one row per flow and treatment the domain has a factor for, in kg CO2e per
 * tonne, with its source, then the table's version and its uncertainty. `flowLabels` names the flows
 * (`second_level_wastes`); a flow without a label keeps its code.
 */
export function co2FactorTable(flowLabels: ReadonlyMap<string, string>): string {
  const rows = Object.entries(CO2_FACTORS.flows).flatMap(([flow, routes]) =>
    (Object.entries(routes) as [Co2Route, { emitted: number; avoided: number; source: string }][]).map(
      ([route, factor]) =>
        `| ${flowLabels.get(flow) ?? flow} | ${routeLabels[route]} | ${kilograms.format(factor.emitted)} | ${
          factor.avoided === 0 ? '—' : kilograms.format(factor.avoided)
        } | ${factor.source} |`,
    ),
  );
  return [
    '| Flux | Traitement | Émis (kg éq. CO2 par tonne) | Évité (kg éq. CO2 par tonne) | Source |',
    '| --- | --- | ---: | ---: | --- |',
    ...rows,
    '',
    `Version de la table : \`${CO2_FACTORS.version}\`. ${CO2_FACTORS.uncertainty}.`,
  ].join('\n');
}
