import { Box, Text } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** A labelled filter control of a list (a date, a type): the label names the control by its id. */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <Box>
      <Text asChild display="block" fontSize="sm" fontWeight="medium" mb="1">
        <label htmlFor={id}>{label}</label>
      </Text>
      {children(id)}
    </Box>
  );
}
