import { Badge, Box, Button, Card, DataList, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { messages } from '@portal/domain/messages';
import {
  type MonthPosition,
  monthPositionLabels,
  type RecurrenceType,
  type Weekday,
  weekdayLabels,
} from '@portal/domain/recurrence';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { RotationProgramList_viewer$key } from '../../__generated__/RotationProgramList_viewer.graphql.ts';
import type { RotationProgramListDeleteMutation } from '../../__generated__/RotationProgramListDeleteMutation.graphql.ts';
import type { RotationProgramListRow_program$key } from '../../__generated__/RotationProgramListRow_program.graphql.ts';
import type { RotationProgramListValidateMutation } from '../../__generated__/RotationProgramListValidateMutation.graphql.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { ListSection } from '../../components/ListSection.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate, formatLongDate } from '../../i18n/format.ts';

const validateMutation = graphql`
  mutation RotationProgramListValidateMutation($input: ValidateRotationProgramInput!) {
    validateRotationProgram(input: $input) {
      rotationProgram {
        id
        ...RotationProgramListRow_program
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation RotationProgramListDeleteMutation($input: DeleteRotationProgramInput!, $connections: [ID!]!) {
    deleteRotationProgram(input: $input) {
      deletedRotationProgramId @deleteEdge(connections: $connections)
      userErrors {
        field
        message
      }
    }
  }
`;

/**
 * The recurring rotation programs of the viewer (SPEC 4: pending or validated, can be deleted): their rhythm,
 * period and next dates; the provider validates a pending one, the producer deletes one.
 */
export function RotationProgramList({ viewer }: { viewer: RotationProgramList_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment RotationProgramList_viewer on User {
        rotationPrograms(first: 50) @connection(key: "RotationProgramList_rotationPrograms") {
          __id
          edges {
            node {
              id
              ...RotationProgramListRow_program
            }
          }
        }
      }
    `,
    viewer,
  );
  const programs = data.rotationPrograms.edges.map((edge) => edge.node);
  return (
    <ListSection
      title={t('operations.programs.title')}
      emptyText={t('operations.programs.empty')}
      isEmpty={programs.length === 0}
      gap="3"
    >
      {() => (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="4">
          {programs.map((program) => (
            <RotationProgramRow
              key={program.id}
              program={program}
              connectionId={data.rotationPrograms.__id}
            />
          ))}
        </Box>
      )}
    </ListSection>
  );
}

/** "Toutes les semaines : lundi, jeudi", "Tous les mois : le dernier vendredi". */
function useRhythm() {
  const { t } = useTranslation();
  return (program: {
    recurrence: string;
    interval: number;
    weekdays: readonly string[];
    monthPosition: string | null | undefined;
    monthDay: number | null | undefined;
  }) => {
    const every = t(`deliveries.intervalHelp.${program.recurrence as RecurrenceType}`, {
      count: program.interval,
    });
    const days = program.weekdays.map((day) => weekdayLabels[day as Weekday]?.toLowerCase() ?? day);
    if (program.recurrence === 'WEEK') return `${every} : ${days.join(', ')}`;
    if (program.recurrence === 'MONTH') {
      if (program.monthPosition) {
        const position = monthPositionLabels[program.monthPosition as MonthPosition]?.toLowerCase();
        return `${every} : le ${position} ${days[0] ?? ''}`.trim();
      }
      return `${every} : le ${program.monthDay}`;
    }
    return every;
  };
}

function RotationProgramRow({
  program,
  connectionId,
}: {
  program: RotationProgramListRow_program$key;
  connectionId: string;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const rhythm = useRhythm();
  const data = useFragment(
    graphql`
      fragment RotationProgramListRow_program on RotationProgram {
        id
        status
        statusLabel
        startDate
        endDate
        recurrence
        interval
        weekdays
        monthPosition
        monthDay
        comment
        nextDates(first: 4)
        canValidate
        canDelete
        skip {
          name
        }
        establishment {
          displayName
        }
      }
    `,
    program,
  );
  const [confirming, setConfirming] = useState(false);
  const [commitValidate, isValidating] = useMutation<RotationProgramListValidateMutation>(validateMutation);
  const [commitDelete, isDeleting] = useMutation<RotationProgramListDeleteMutation>(deleteMutation);
  const name = data.skip?.name ?? t('operations.unknownSkip');

  const validate = () =>
    commitValidate({
      variables: { input: { id: data.id } },
      ...mutationFeedback({
        result: ({ validateRotationProgram }) => ({
          userErrors: validateRotationProgram.userErrors,
          ok: !!validateRotationProgram.rotationProgram,
        }),
        success: messages.rotationProgramValidated,
        failure: messages.operationUpdateError,
      }),
    });

  const remove = () =>
    commitDelete({
      variables: { input: { id: data.id }, connections: [connectionId] },
      ...mutationFeedback({
        result: ({ deleteRotationProgram }) => ({
          userErrors: deleteRotationProgram.userErrors,
          ok: !!deleteRotationProgram.deletedRotationProgramId,
        }),
        success: messages.rotationProgramDeleted,
        failure: messages.rotationProgramDeleteError,
        onSettled: () => setConfirming(false),
      }),
    });

  return (
    <Card.Root as="article" size="sm" aria-labelledby={headingId}>
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Stack gap="0">
            <Heading as="h3" size="md" id={headingId}>
              {name}
            </Heading>
            <Text fontSize="sm" color="fg.muted">
              {data.establishment?.displayName}
            </Text>
          </Stack>
          <Badge colorPalette={data.status === 'VALIDATED' ? 'green' : 'orange'}>{data.statusLabel}</Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        <DataList.Root orientation="horizontal" size="sm" gap="2">
          <DataList.Item>
            <DataList.ItemLabel minW="32">{t('operations.programs.rhythm')}</DataList.ItemLabel>
            <DataList.ItemValue>{rhythm(data)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="32">{t('operations.programs.period')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {t('operations.programs.periodValue', {
                start: formatDate(data.startDate),
                end: formatDate(data.endDate),
              })}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel minW="32">{t('operations.programs.next')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {data.nextDates.length === 0 ? (
                t('operations.programs.noNext')
              ) : (
                <Stack as="ul" gap="0" listStyleType="none">
                  {data.nextDates.map((date) => (
                    <li key={date}>{formatLongDate(date)}</li>
                  ))}
                </Stack>
              )}
            </DataList.ItemValue>
          </DataList.Item>
          {data.comment && (
            <DataList.Item>
              <DataList.ItemLabel minW="32">{t('operations.request.comment')}</DataList.ItemLabel>
              <DataList.ItemValue>{data.comment}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {(data.canValidate || data.canDelete) && (
          <Wrap gap="2">
            {data.canValidate && (
              <Button
                size="xs"
                colorPalette="brand"
                loading={isValidating}
                aria-label={t('operations.programs.validateLabel', { name })}
                onClick={validate}
              >
                {t('operations.programs.validate')}
              </Button>
            )}
            {data.canDelete && (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={t('operations.programs.deleteLabel', { name })}
                onClick={() => setConfirming(true)}
              >
                {t('operations.programs.delete')}
              </Button>
            )}
          </Wrap>
        )}
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={t('operations.programs.deleteTitle')}
        description={t('operations.programs.deleteDescription', { name })}
        confirmLabel={t('operations.programs.delete')}
        loading={isDeleting}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  );
}
