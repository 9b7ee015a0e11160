import { Alert } from '@chakra-ui/react';

/** Messages about the whole form (a server answer, a failed request), announced to screen readers. */
export function FormAlert({
  messages,
  status = 'error',
}: {
  messages: readonly string[];
  status?: 'error' | 'warning';
}) {
  if (messages.length === 0) return null;
  return (
    <Alert.Root status={status} role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {messages.map((message) => (
          <Alert.Description key={message}>{message}</Alert.Description>
        ))}
      </Alert.Content>
    </Alert.Root>
  );
}
