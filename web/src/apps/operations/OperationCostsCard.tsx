import { Box, Button, Card, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { operationCostsSchema } from '@portal/domain/cost-rules';
import { COST_FIELDS, type CostField, costFieldLabels } from '@portal/domain/costs';
import { messages } from '@portal/domain/messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import type { z } from 'zod';
import type { OperationCostsCard_operation$key } from '../../__generated__/OperationCostsCard_operation.graphql.ts';
import type { OperationCostsCardMutation } from '../../__generated__/OperationCostsCardMutation.graphql.ts';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { FormAlert } from '../../forms/FormAlert.tsx';
import { FormField } from '../../forms/FormField.tsx';
import { useMutationForm } from '../../forms/useMutationForm.ts';
import { formatDate, formatDecimal, formatEuros } from '../../i18n/format.ts';

const saveMutation = graphql`
  mutation OperationCostsCardMutation($input: SaveOperationCostsInput!) {
    saveOperationCosts(input: $input) {
      operation {
        id
        ...OperationCostsCard_operation
      }
      userErrors {
        field
        message
      }
    }
  }
`;

const TOTALS = {
  treatmentCost: 'treatmentTotal',
  transportCost: 'transportTotal',
  recyclingRevenue: 'recyclingRevenueTotal',
  purchasePrice: 'purchaseTotal',
} as const satisfies Record<CostField, string>;

type FormValues = Record<CostField, string>;

/**
 * The costs of an operation (SPEC 3 "Costs", euro excluding tax per tonne) and what they come to for the
 * received quantity; its provider sets them here.
 */
export function OperationCostsCard({ operation }: { operation: OperationCostsCard_operation$key }) {
  const { t } = useTranslation();
  const headingId = useId();
  const data = useFragment(
    graphql`
      fragment OperationCostsCard_operation on Operation {
        id
        receivedQuantity
        canEditCosts
        costs {
          treatmentCost
          transportCost
          recyclingRevenue
          purchasePrice
          treatmentTotal
          transportTotal
          recyclingRevenueTotal
          purchaseTotal
        }
        proposedCosts {
          validFrom
          treatmentCost
          transportCost
          recyclingRevenue
          purchasePrice
        }
      }
    `,
    operation,
  );
  const [editing, setEditing] = useState(false);
  const costs = data.costs;
  if (!costs && !data.canEditCosts) return null;
  return (
    <Card.Root as="section" aria-labelledby={headingId}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            {t('operations.costs.title')}
          </Heading>
          {data.canEditCosts && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              {t('operations.costs.edit')}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <CostsForm
            operationId={data.id}
            costs={costs}
            proposed={data.proposedCosts}
            onDone={() => setEditing(false)}
          />
        ) : costs ? (
          <ResponsiveTable
            labelledBy={headingId}
            cardsBelow="24rem"
            columns={[
              { label: t('operations.costs.cost') },
              { label: t('operations.costs.perTonne'), numeric: true },
              {
                label: t('operations.costs.total', { quantity: formatDecimal(data.receivedQuantity) ?? '—' }),
                numeric: true,
              },
            ]}
          >
            {COST_FIELDS.map((field) => (
              <Table.Row key={field}>
                <Table.Cell>{costFieldLabels[field]}</Table.Cell>
                <Table.Cell>
                  {costs[field]
                    ? t('operations.costs.perTonneValue', { value: formatEuros(costs[field]) })
                    : '—'}
                </Table.Cell>
                <Table.Cell>
                  {costs[TOTALS[field]]
                    ? t('operations.costs.excludingTax', { value: formatEuros(costs[TOTALS[field]]) })
                    : '—'}
                </Table.Cell>
              </Table.Row>
            ))}
          </ResponsiveTable>
        ) : (
          <Text color="fg.muted">{t('operations.costs.none')}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function CostsForm({
  operationId,
  costs,
  proposed,
  onDone,
}: {
  operationId: string;
  costs: Partial<Record<CostField, string | null>> | null | undefined;
  /** The provider's grid prices valid on the operation's day: the form's values while it has none. */
  proposed:
    | (Partial<Record<CostField, string | null>> & { validFrom: string | null | undefined })
    | null
    | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [commit, isSaving] = useMutation<OperationCostsCardMutation>(saveMutation);
  const { form, alert, submit, outcome } = useMutationForm<FormValues, z.output<typeof operationCostsSchema>>(
    {
      schema: operationCostsSchema,
      defaultValues: Object.fromEntries(
        COST_FIELDS.map((field) => [field, formatDecimal((costs ?? proposed)?.[field])?.toString() ?? '']),
      ) as FormValues,
      requireChange: true,
    },
  );
  const {
    register,
    formState: { errors },
  } = form;

  const onSubmit = submit((parsed, _values, clientMutationId) => {
    commit({
      variables: {
        input: {
          operationId,
          treatmentCost: parsed.treatmentCost ?? null,
          transportCost: parsed.transportCost ?? null,
          recyclingRevenue: parsed.recyclingRevenue ?? null,
          purchasePrice: parsed.purchasePrice ?? null,
          clientMutationId,
        },
      },
      ...outcome({
        result: ({ saveOperationCosts }) => ({
          userErrors: saveOperationCosts.userErrors,
          ok: !!saveOperationCosts.operation,
        }),
        success: messages.costsSaved,
        failure: messages.costsSaveError,
        onSuccess: onDone,
      }),
    });
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="4">
        <FormAlert {...alert} />
        {proposed?.validFrom && (
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text fontSize="sm" color="fg.muted">
              {t('activity.proposedPrices', { date: formatDate(proposed.validFrom) })}
            </Text>
            {costs && (
              <Button
                size="xs"
                variant="outline"
                onClick={() => {
                  for (const field of COST_FIELDS) {
                    form.setValue(field, formatDecimal(proposed[field]) ?? '', { shouldDirty: true });
                  }
                }}
              >
                {t('activity.useProposedPrices')}
              </Button>
            )}
          </HStack>
        )}
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }} gap="4">
          {COST_FIELDS.map((field) => (
            <FormField
              key={field}
              label={t('operations.costs.fieldLabel', { label: costFieldLabels[field] })}
              error={errors[field]?.message}
            >
              <Input inputMode="decimal" {...register(field)} />
            </FormField>
          ))}
        </Box>
        <HStack justify="end" gap="3">
          <Button variant="ghost" onClick={onDone} disabled={isSaving}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSaving}>
            {t('operations.costs.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
