import { Box, Text } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import { useId, useState } from 'react';
import { DateInput } from './DateInput.tsx';
import { isIsoDate } from './dateText.ts';

/**
 * A date filter of a list (`jj/mm/aaaa` as every date field): it applies whole dates only, and a typed day that
 * does not exist says so under it. `id` is its label's.
 */
export function DateFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const errorId = useId();
  const [refused, setRefused] = useState(false);
  return (
    <Box maxW="40">
      <DateInput
        id={id}
        size="sm"
        value={value}
        invalid={refused}
        aria-describedby={refused ? errorId : undefined}
        onChange={(next) => {
          const applies = next === '' || isIsoDate(next);
          // A whole jj/mm/aaaa that is no day (31/02/2026); a date being typed is not refused yet.
          setRefused(!applies && next.length === 10);
          if (applies) onChange(next === '' ? null : next);
        }}
      />
      {refused && (
        <Text id={errorId} color="fg.error" fontSize="xs" mt="1">
          {messages.dateFormat}
        </Text>
      )}
    </Box>
  );
}
