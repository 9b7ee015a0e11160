import { Tooltip as ChakraTooltip, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** SPEC 9: a tooltip is at most 300 px wide (longer text wraps). */
export const TOOLTIP_MAX_WIDTH_PX = 300;

interface TooltipProps {
  content: ReactNode;
  /** The element it describes: it must take a ref and the trigger's props (a button, a link). */
  children: ReactElement;
}

/** The portal's tooltip: on hover and keyboard focus, above the element, 300 px wide at most. */
export function Tooltip({ content, children }: TooltipProps) {
  return (
    <ChakraTooltip.Root
      openDelay={300}
      closeDelay={100}
      positioning={{ placement: 'top' }}
      // Its text exists while shown only: every screen's help link would otherwise draw it, hidden, at start.
      lazyMount
      unmountOnExit
    >
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content maxW={`${TOOLTIP_MAX_WIDTH_PX}px`}>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
