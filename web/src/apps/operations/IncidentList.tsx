import { Box, Heading, HStack, Image, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { IncidentList_incidents$key } from '../../__generated__/IncidentList_incidents.graphql.ts';
import { formatDateTime } from '../../i18n/format.ts';

/** The incidents declared on an operation or a container, newest first, with their photos as thumbnails. */
export function IncidentList({
  incidents,
  action,
}: {
  incidents: IncidentList_incidents$key;
  /** The button to declare one, when the viewer may. */
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment IncidentList_incidents on Incident @relay(plural: true) {
        id
        description
        createdAt
        photos {
          databaseId
          filename
          url
        }
      }
    `,
    incidents,
  );
  return (
    <Stack as="section" gap="3" aria-labelledby={headingId}>
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h2" size="md" id={headingId}>
          {t('operations.incident.listTitle')}
        </Heading>
        {action}
      </HStack>
      {data.length === 0 ? (
        <Text color="fg.muted">{t('operations.incident.empty')}</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none">
          {data.map((incident) => (
            <Box as="li" key={incident.id} borderWidth="1px" borderRadius="md" p="3">
              <Text fontSize="sm" color="fg.muted">
                {t('operations.incident.declaredOn', { date: formatDateTime(incident.createdAt) })}
              </Text>
              <Text whiteSpace="pre-wrap">{incident.description}</Text>
              {incident.photos.length > 0 && (
                <Wrap gap="2" mt="2">
                  {incident.photos.map((photo) => (
                    <Link
                      key={photo.databaseId}
                      href={photo.url}
                      target="_blank"
                      rel="noopener"
                      aria-label={t('operations.incident.photoLink', { name: photo.filename })}
                    >
                      <Image
                        src={photo.url}
                        alt={photo.filename}
                        boxSize="24"
                        objectFit="cover"
                        borderRadius="sm"
                        borderWidth="1px"
                        loading="lazy"
                      />
                    </Link>
                  ))}
                </Wrap>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
