import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/**
 * A list of a screen in its own section, named by its heading; an empty list says so in words. `children` gets
 * the heading's id, for a table labelled by it.
 */
export function ListSection({
  title,
  emptyText,
  isEmpty,
  gap = '4',
  children,
}: {
  title: string;
  emptyText: string;
  isEmpty: boolean;
  gap?: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack as="section" gap={gap} aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        {title}
      </Heading>
      {isEmpty ? (
        <Box borderWidth="1px" borderStyle="dashed" borderRadius="md" bg="bg.panel" p="6" textAlign="center">
          <Text color="fg.muted">{emptyText}</Text>
        </Box>
      ) : (
        children(headingId)
      )}
    </Stack>
  );
}
