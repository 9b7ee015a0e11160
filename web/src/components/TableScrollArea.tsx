import { Table } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

/**
 * A table's horizontal scroll area that keyboard users can scroll too (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`): focusable, and named by the table's heading so the focus says where it is.
 * Positioned, so that what its cells place absolutely (visually hidden link text) scrolls with the table instead
 * of widening the page.
 */
export function TableScrollArea({
  labelledBy,
  ...props
}: ComponentProps<typeof Table.ScrollArea> & { labelledBy: string }) {
  return (
    <Table.ScrollArea tabIndex={0} role="group" aria-labelledby={labelledBy} position="relative" {...props} />
  );
}
