import { Card, Heading } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** A card of the profile's pages, named by its heading. */
export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <Heading as="h2" size="lg" id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
