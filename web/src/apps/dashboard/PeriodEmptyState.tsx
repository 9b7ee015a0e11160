import { EmptyState, Stack } from '@chakra-ui/react';

/**
 * A period of a dashboard screen without realised operations: said in words, never as zeros that look like data.
 */
export function PeriodEmptyState({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="lg" bg="bg.panel">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <ChartIcon />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="2" maxW="xl">
          <EmptyState.Title as="h2">{title}</EmptyState.Title>
          <EmptyState.Description>{description}</EmptyState.Description>
        </Stack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

function ChartIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="32"
      height="32"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M3 3v18h18" />
      <path d="M7 15l4-4 3 3 5-6" />
    </svg>
  );
}
