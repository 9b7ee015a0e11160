import { Box, type BoxProps, HStack, Text } from '@chakra-ui/react';
import { Bar, type BarDatum, type BarSvgProps } from '@nivo/bar';
import { type MayHaveLabel, Pie, type PieSvgProps } from '@nivo/pie';
import { costFieldLabels } from '@portal/domain/costs';
import { createContext, startTransition, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatEuros, formatTonnes } from '../../i18n/format.ts';

/**
 * What the dashboard's bar charts share (the yearly ones of `/`, the monthly ones of `/details`): the four costs
 * as series, grouped cost bars, stacked tonnes bars by waste, their colours and legend. Every chart also gives its
 * data as a table (ChartSection), so none is read by colour alone. Charts are drawn at once (`animate={false}`, here
 * and in DashboardCharts): nivo's spring animation ran JavaScript on every frame while the dashboard loaded.
 */

interface ChartSize {
  width: number;
  height: number;
}

const ChartSizeContext = createContext<ChartSize>({ width: 0, height: 0 });

/**
 * The box a chart is drawn in, its size set by the page's layout: the chart (`SizedBar`, `SizedPie`) is drawn once
 * the box is measured, and again when it resizes, in a render React may interrupt (a transition). Drawing the
 * dashboard's charts takes a few hundred milliseconds of a phone's main thread; nivo's own responsive wrapper
 * measures in a layout effect, which makes that one uninterrupted task, holding up the page's first clicks.
 */
export function ChartBox({ children, ...props }: BoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<ChartSize | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      startTransition(() =>
        setSize((current) =>
          current?.width === width && current.height === height ? current : { width, height },
        ),
      );
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <Box ref={ref} {...props}>
      {size !== null && size.width > 0 && size.height > 0 && (
        <ChartSizeContext.Provider value={size}>{children}</ChartSizeContext.Provider>
      )}
    </Box>
  );
}

/** nivo's bar chart at the size of its `ChartBox`. */
export function SizedBar<D extends BarDatum>(props: Omit<BarSvgProps<D>, 'width' | 'height'>) {
  const { width, height } = useContext(ChartSizeContext);
  return <Bar<D> {...(props as BarSvgProps<D>)} width={width} height={height} />;
}

/** nivo's pie chart at the size of its `ChartBox`. */
export function SizedPie<D extends MayHaveLabel>(props: Omit<PieSvgProps<D>, 'width' | 'height'>) {
  const { width, height } = useContext(ChartSizeContext);
  return <Pie<D> {...(props as PieSvgProps<D>)} width={width} height={height} />;
}

/**
 * The series colours, in order: nivo's own scheme first (the charts' look), then six more, so that up to twelve
 * series (the wastes of a year) never share a colour.
 */
export const SERIES_COLORS = [
  '#e8c1a0',
  '#f47560',
  '#f1e15b',
  '#e8a838',
  '#61cdbb',
  '#97e3d5',
  '#a6cee3',
  '#b2df8a',
  '#cab2d6',
  '#fdbf6f',
  '#bc80bd',
  '#d9d9d9',
] as const;

/** The colour of each series of `keys`, by its place: nivo's `colors` for a chart, and its legend's. */
export function seriesColor(keys: readonly string[]) {
  return ({ id }: { id: string | number }) =>
    SERIES_COLORS[Math.max(keys.indexOf(String(id)), 0) % SERIES_COLORS.length] as string;
}

/**
 * A chart's legend in HTML, below it: it wraps on narrow screens where an SVG legend runs off the chart and
 * overlaps itself. Hidden from screen readers, which read the data table instead.
 */
export function ChartLegend({ keys }: { keys: readonly string[] }) {
  const colorOf = seriesColor(keys);
  return (
    <HStack as="ul" aria-hidden="true" wrap="wrap" gap="1" columnGap="4" listStyleType="none" m="0" p="0">
      {keys.map((key) => (
        <HStack as="li" key={key} gap="1.5">
          <Box w="3" h="3" borderRadius="sm" bg={colorOf({ id: key })} flexShrink={0} />
          <Text fontSize="xs" color="fg.muted">
            {key}
          </Text>
        </HStack>
      ))}
    </HStack>
  );
}

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
    costFieldLabels.recyclingRevenue,
    costFieldLabels.purchasePrice,
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
 * Tonnes by period and waste, as stacked bar rows (`index` the period's label) and the wastes met, most tonnes
 * first (the order of the waste distribution, so a waste has the same colour in both); `unknown` names a waste
 * without a flow. With `periods`, every one of them has a row, in that order, empty when nothing was collected.
 */
export function tonnesByPeriod<T extends { readonly label?: string | null; readonly tonnes: string }>(
  lines: readonly T[],
  periodOf: (line: T) => string,
  unknown: string,
  periods: readonly string[] = [],
) {
  const totals = new Map<string, number>();
  const rows = new Map<string, Record<string, string | number>>(periods.map((index) => [index, { index }]));
  for (const line of lines) {
    const key = line.label ?? unknown;
    const index = periodOf(line);
    const row = rows.get(index) ?? { index };
    row[key] = Number(line.tonnes);
    rows.set(index, row);
    totals.set(key, (totals.get(key) ?? 0) + Number(line.tonnes));
  }
  const keys = [...totals].sort(([a, x], [b, y]) => y - x || a.localeCompare(b, 'fr')).map(([key]) => key);
  return { keys, data: [...rows.values()] };
}

/** The days of a month as chart periods ('1' to '31'), and the few of them its axis names. */
export function daysOf(year: number, month: number) {
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const days = Array.from({ length: count }, (_, index) => String(index + 1));
  return { days, ticks: days.filter((day) => day === '1' || Number(day) % 5 === 0) };
}

/** Bars of euros, one group per period (rows of `useCostSeries().row`); `ticks`: the periods the axis names. */
export function CostBars({
  data,
  keys,
  label,
  ticks,
}: {
  data: Record<string, string | number>[];
  keys: string[];
  label: string;
  ticks?: string[];
}) {
  return (
    <SizedBar
      animate={false}
      data={data}
      keys={keys}
      indexBy="index"
      groupMode="grouped"
      margin={{ top: 10, right: 10, bottom: 30, left: 70 }}
      colors={seriesColor(keys)}
      valueFormat={(value) => formatEuros(String(value)) ?? ''}
      enableLabel={false}
      axisLeft={{ format: (value) => formatEuros(String(value)) ?? '' }}
      axisBottom={ticks ? { tickValues: ticks } : {}}
      role="img"
      ariaLabel={label}
    />
  );
}

/** Stacked bars of tonnes by waste, one per period (the rows of `tonnesByPeriod`); `ticks` as for CostBars. */
export function TonnesBars({
  data,
  keys,
  label,
  ticks,
}: {
  data: Record<string, string | number>[];
  keys: string[];
  label: string;
  ticks?: string[];
}) {
  return (
    <SizedBar
      animate={false}
      data={data}
      keys={keys}
      indexBy="index"
      margin={{ top: 10, right: 10, bottom: 30, left: 60 }}
      colors={seriesColor(keys)}
      valueFormat={(value) => `${formatTonnes(String(value))} t`}
      enableLabel={false}
      axisLeft={{ format: (value) => `${formatDecimal(String(value))} t` }}
      axisBottom={ticks ? { tickValues: ticks } : {}}
      role="img"
      ariaLabel={label}
    />
  );
}
