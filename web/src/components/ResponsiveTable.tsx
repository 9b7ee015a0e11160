import { Box, type SystemStyleObject, Table } from '@chakra-ui/react';
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/** A column of a `ResponsiveTable`, in the order of the rows' cells. */
export interface TableColumn {
  /** The column's header; where rows are cards, the label before each of its values. */
  label: string;
  /** Figures: aligned at the end, and on one line like `nowrap`. */
  numeric?: boolean;
  /** Values read as one (codes such as '20 03 01'): never broken over lines. Their header still wraps. */
  nowrap?: boolean;
  /** What may be done with the row (buttons, links): aligned at the end, and unlabelled on a card. */
  actions?: boolean;
  /** The header is for screen readers only (a column whose cells say what they are, such as links). */
  hideLabel?: boolean;
}

/** Container widths, below which the rows of a table become cards. */
export type CardsBelow = `${number}rem`;

interface ResponsiveTableProps {
  /** The table's columns: headers, and the labels of the cards. */
  columns: readonly TableColumn[];
  /** The rows (`Table.Row` of `Table.Cell`, one cell per column in the columns' order). */
  children: ReactNode;
  /** Rows after the body (a total), cell for cell like the body's. */
  footer?: ReactNode;
  /** Names the table (and its scroll area): the id of its heading, or else `label`. */
  labelledBy?: string;
  label?: string;
  /**
   * The width of the table's own space below which its columns no longer fit side by side, so that each row
   * becomes a card of labelled values: below a phone's width for most tables, more for those with many columns.
   */
  cardsBelow?: CardsBelow;
}

/**
 * Every table of the portal. Its cells wrap, so that it fits the width it is given with its status and actions in
 * view; where it is given less than `cardsBelow` (a container query: a phone, a narrow card), each row becomes a
 * card whose first cell is its title, whose other values are labelled by their column, and whose actions come last.
 * The headers stay for screen readers, and the labels of the cards are hidden from them (the headers say the
 * same). Should a table still not fit, it scrolls within its area, which keyboard users can then scroll too (WCAG
 * 2.1.1; axe's `scrollable-region-focusable`): focusable and named like the table, only while it scrolls, so that
 * tables that fit add no stop to the keyboard's path. The area is positioned so that what its cells place
 * absolutely (visually hidden text) stays within it instead of widening the page.
 */
export function ResponsiveTable({ columns, children, footer, ...frame }: ResponsiveTableProps) {
  return (
    <ResponsiveTableFrame columns={columns} {...frame}>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeader key={column.label} scope="col">
              {column.hideLabel ? <Box srOnly>{column.label}</Box> : column.label}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>{children}</Table.Body>
      {footer && <Table.Footer>{footer}</Table.Footer>}
    </ResponsiveTableFrame>
  );
}

/**
 * The area and the table element of a `ResponsiveTable`, around sections drawn by someone else (a Markdown
 * text's own header and rows): `columns` then only give the cards their labels and the figures their alignment.
 */
export function ResponsiveTableFrame({
  columns,
  children,
  labelledBy,
  label,
  cardsBelow = '36rem',
}: Omit<ResponsiveTableProps, 'footer'>) {
  const area = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(area);
  return (
    <Box css={{ containerType: 'inline-size' }}>
      <Table.ScrollArea
        ref={area}
        {...(scrolls && {
          tabIndex: 0,
          role: 'group',
          'aria-labelledby': labelledBy,
          'aria-label': labelledBy ? undefined : label,
        })}
        position="relative"
        borderWidth="1px"
        borderRadius="md"
        bg="bg.panel"
        css={responsiveStyles(columns, cardsBelow)}
      >
        <Table.Root size="sm" aria-labelledby={labelledBy} aria-label={labelledBy ? undefined : label}>
          {children}
        </Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

/** Whether the element's content is wider than it, as the element or its content changes size. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/** The cells of every row, header and body, of column `index` (from 0). */
const columnCells = (index: number) => `& tr > :nth-child(${index + 1})`;
const bodyCells = '& :is(tbody, tfoot) > tr > :is(td, th)';

/** A CSS string, for generated content. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

function responsiveStyles(columns: readonly TableColumn[], cardsBelow: CardsBelow): SystemStyleObject {
  const columnStyles: Record<string, SystemStyleObject> = {};
  const cardLabels: Record<string, SystemStyleObject> = {};
  columns.forEach((column, index) => {
    columnStyles[columnCells(index)] = {
      textAlign: column.numeric || column.actions ? 'end' : undefined,
      '&:is(td)': { whiteSpace: column.numeric || column.nowrap ? 'nowrap' : undefined },
    };
    const untitled = index === 0 || column.actions;
    cardLabels[`${bodyCells}:nth-child(${index + 1})`] = untitled
      ? { display: 'block', textAlign: 'start', '&::before': { content: 'none' } }
      : {
          textAlign: 'start',
          // The label is seen, not read: the column's header says it to screen readers (the alternative text
          // after the slash is empty).
          '&::before': { content: `${cssString(column.label)} / ""` },
        };
  });
  return {
    // Chakra's scroll area keeps every cell on one line: here, long names and statuses wrap instead.
    whiteSpace: 'normal',
    '& .chakra-badge': { whiteSpace: 'normal' },
    ...columnStyles,
    [`@container (width < ${cardsBelow})`]: {
      borderWidth: '0',
      bg: 'transparent',
      '& table, & tbody, & tfoot': { display: 'block' },
      '& thead': {
        position: 'absolute',
        width: '1px',
        height: '1px',
        overflow: 'hidden',
        clip: 'rect(0, 0, 0, 0)',
        whiteSpace: 'nowrap',
      },
      '& :is(tbody, tfoot) > tr': {
        display: 'block',
        borderWidth: '1px',
        borderRadius: 'md',
        bg: 'bg.panel',
        px: '3',
        py: '2',
        '&:not(:last-child)': { mb: '3' },
      },
      '& tfoot > tr': { mt: '3' },
      [bodyCells]: {
        // The label, then the value's parts one under the other (text and elements alike are grid items).
        display: 'grid',
        gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
        columnGap: '3',
        justifyItems: 'start',
        alignItems: 'start',
        textAlign: 'start',
        whiteSpace: 'normal',
        borderWidth: '0',
        px: '0',
        py: '1',
        '&::before': {
          color: 'fg.muted',
          textStyle: 'sm',
          fontWeight: 'normal',
          whiteSpace: 'normal',
          gridRow: 'span 8',
        },
        '&:empty': { display: 'none' },
      },
      [`${bodyCells}:first-child`]: { fontWeight: 'semibold' },
      ...cardLabels,
    },
  };
}
