import { ResponsiveBar } from '@nivo/bar';
import { useTranslation } from 'react-i18next';
import { formatEuros, formatTonnes } from '../../i18n/format.ts';

/**
 * What the dashboard's bar charts share (the yearly ones of `/`, the monthly ones of `/details`): the four costs
 * as series, grouped cost bars, stacked tonnes bars by waste. Every chart also gives its data as a table
 * (ChartSection), so none is read by colour alone.
 */

export interface Costs {
  treatmentCost: string;
  transportCost: string;
  recyclingRevenue: string;
  purchasePrice: string;
}

const COST_FIELDS = ['treatmentCost', 'transportCost', 'recyclingRevenue', 'purchasePrice'] as const;

/** The four costs as chart series: their French names, a chart row and table cells of a period's costs. */
export function useCostSeries() {
  const { t } = useTranslation();
  const keys = [
    t('dashboard.figures.treatmentCost'),
    t('dashboard.figures.transportCost'),
    t('dashboard.figures.recyclingRevenue'),
    t('dashboard.figures.purchasePrice'),
  ];
  return {
    keys,
    /** A chart row: the period's label, then each cost as a number of euros. */
    row: (index: string, costs: Costs): Record<string, string | number> => ({
      index,
      ...Object.fromEntries(COST_FIELDS.map((field, position) => [keys[position], Number(costs[field])])),
    }),
    /** Table cells, in euros as French users read them. */
    cells: (costs: Costs): string[] => COST_FIELDS.map((field) => formatEuros(costs[field]) ?? ''),
  };
}

/**
 * Tonnes by period and waste, as stacked bar rows (`index` the period's label) and the wastes met, in order of
 * appearance; `unknown` names a waste without a flow.
 */
export function tonnesByPeriod<T extends { readonly label?: string | null; readonly tonnes: string }>(
  lines: readonly T[],
  periodOf: (line: T) => string,
  unknown: string,
) {
  const keys = [...new Set(lines.map((line) => line.label ?? unknown))];
  const rows = new Map<string, Record<string, string | number>>();
  for (const line of lines) {
    const index = periodOf(line);
    const row = rows.get(index) ?? { index };
    row[line.label ?? unknown] = Number(line.tonnes);
    rows.set(index, row);
  }
  return { keys, data: [...rows.values()] };
}

const legend = {
  dataFrom: 'keys' as const,
  anchor: 'bottom' as const,
  direction: 'row' as const,
  translateY: 50,
  itemWidth: 120,
  itemHeight: 14,
};

/** Bars of euros, one group per period (rows of `useCostSeries().row`). */
export function CostBars({
  data,
  keys,
  label,
}: {
  data: Record<string, string | number>[];
  keys: string[];
  label: string;
}) {
  return (
    <ResponsiveBar
      data={data}
      keys={keys}
      indexBy="index"
      groupMode="grouped"
      margin={{ top: 10, right: 10, bottom: 60, left: 70 }}
      valueFormat={(value) => formatEuros(String(value)) ?? ''}
      enableLabel={false}
      axisLeft={{ format: (value) => formatEuros(String(value)) ?? '' }}
      legends={[legend]}
      role="img"
      ariaLabel={label}
    />
  );
}

/** Stacked bars of tonnes by waste, one per period (the rows of `tonnesByPeriod`). */
export function TonnesBars({
  data,
  keys,
  label,
}: {
  data: Record<string, string | number>[];
  keys: string[];
  label: string;
}) {
  return (
    <ResponsiveBar
      data={data}
      keys={keys}
      indexBy="index"
      margin={{ top: 10, right: 10, bottom: 60, left: 60 }}
      valueFormat={(value) => `${formatTonnes(String(value))} t`}
      enableLabel={false}
      legends={[legend]}
      role="img"
      ariaLabel={label}
    />
  );
}
