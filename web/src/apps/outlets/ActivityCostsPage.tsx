import {
  Box,
  Button,
  Checkbox,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { operationCostsSchema } from '@portal/domain/cost-rules';
import { COST_FIELDS, type CostField, costFieldLabels } from '@portal/domain/costs';
import { messages } from '@portal/domain/messages';
import { parisDate } from '@portal/domain/recurrence';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { useBlocker, useRevalidator, useSearchParams } from 'react-router-dom';
import type { ActivityCostsPageMutation } from '../../__generated__/ActivityCostsPageMutation.graphql.ts';
import type { ActivityCostsPageQuery } from '../../__generated__/ActivityCostsPageQuery.graphql.ts';
import { PageTitle } from '../../components/PageTitle.tsx';
import { ResponsiveTable } from '../../components/ResponsiveTable.tsx';
import { UpdatingRegion } from '../../components/Skeletons.tsx';
import { DateInput } from '../../forms/DateInput.tsx';
import { mutationFeedback } from '../../forms/mutationFeedback.ts';
import { formatDate, formatDecimal } from '../../i18n/format.ts';
import { useKeptRouteQuery } from '../../relay/preload.ts';
import { useUpdateSearch } from '../../routing/useUpdateSearch.ts';

export const activityCostsPageQuery = graphql`
  query ActivityCostsPageQuery($date: String) @preloadable {
    viewer {
      establishments(first: 10) {
        edges {
          node {
            id
            displayName
            canManageOutlets
            activityCostGrid(date: $date) {
              date
              lines {
                clientEstablishment {
                  id
                  displayName
                }
                thirdLevelWaste {
                  id
                  label
                }
                validFrom
                treatmentCost
                transportCost
                recyclingRevenue
                purchasePrice
              }
            }
          }
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation ActivityCostsPageMutation($input: SaveActivityCostsInput!) {
    saveActivityCosts(input: $input) {
      grid {
        date
      }
      userErrors {
        field
        message
      }
    }
  }
`;

type Site = NonNullable<
  ActivityCostsPageQuery['response']['viewer']
>['establishments']['edges'][number]['node'];
type Line = NonNullable<Site['activityCostGrid']>['lines'][number];
type Prices = Record<CostField, string>;

const keyOf = (site: string, line: Line) =>
  `${site}|${line.clientEstablishment?.id ?? ''}|${line.thirdLevelWaste?.id ?? ''}`;
const pricesOf = (line: Line): Prices =>
  Object.fromEntries(COST_FIELDS.map((field) => [field, formatDecimal(line[field]) ?? ''])) as Prices;

/** The message of a price typed (domain's rule), or null. */
function priceProblem(field: CostField, value: string): string | null {
  const result = operationCostsSchema.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.quantityFormat);
}

/**
 * `/activite/mes-couts-d-activite` (SPEC 2, 3 "Costs", 5): the provider's prices per client establishment and
 * waste, in euro excluding tax per tonne, as valid on a day (`?date=`). Several cells are edited, then validated
 * (valid from a day) or reset; leaving the page, in the portal or by closing the tab, with unsaved edits is
 * stopped with a warning (SPEC 5). A line's prices can be copied to the same waste of other establishments.
 */
export function ActivityCostsPage() {
  const { t } = useTranslation();
  const { data, loading } = useKeptRouteQuery<ActivityCostsPageQuery>(activityCostsPageQuery);
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearch();
  const revalidator = useRevalidator();
  const today = parisDate(new Date());
  const [edits, setEdits] = useState<Record<string, Prices>>({});
  const [validFrom, setValidFrom] = useState(today);
  const [copying, setCopying] = useState<{ site: Site; line: Line } | null>(null);
  const [commit, isSaving] = useMutation<ActivityCostsPageMutation>(saveMutation);
  const sites = (data.viewer?.establishments.edges ?? [])
    .map((edge) => edge.node)
    .filter((site) => site.canManageOutlets && site.activityCostGrid);
  const linesByKey = useMemo(
    () =>
      new Map(
        sites.flatMap((site) =>
          (site.activityCostGrid?.lines ?? []).map((line) => [keyOf(site.id, line), { site, line }] as const),
        ),
      ),
    [sites],
  );
  const edited = Object.entries(edits).filter(([key, prices]) => {
    const entry = linesByKey.get(key);
    return entry !== undefined && COST_FIELDS.some((field) => prices[field] !== pricesOf(entry.line)[field]);
  });
  const dirty = edited.length > 0;
  const problems = edited.flatMap(([, prices]) =>
    COST_FIELDS.flatMap((field) => priceProblem(field, prices[field]) ?? []),
  );

  // SPEC 5: unsaved edits block leaving the page, in the portal and by closing or reloading the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const setPrice = (key: string, line: Line, field: CostField, value: string) =>
    setEdits((current) => ({ ...current, [key]: { ...(current[key] ?? pricesOf(line)), [field]: value } }));

  const save = () => {
    // The edited lines of each establishment, their four prices as typed (blank: not set).
    const bySite = new Map<string, { clientEstablishmentId: string; thirdLevelWasteId: string }[]>();
    for (const [key, prices] of edited) {
      const entry = linesByKey.get(key);
      if (!entry?.line.clientEstablishment || !entry.line.thirdLevelWaste) continue;
      const lines = bySite.get(entry.site.id) ?? [];
      lines.push({
        clientEstablishmentId: entry.line.clientEstablishment.id,
        thirdLevelWasteId: entry.line.thirdLevelWaste.id,
        ...Object.fromEntries(COST_FIELDS.map((field) => [field, prices[field].trim() || null])),
      });
      bySite.set(entry.site.id, lines);
    }
    for (const [establishmentId, lines] of bySite) {
      commit({
        variables: { input: { establishmentId, validFrom, lines } },
        ...mutationFeedback({
          result: ({ saveActivityCosts }) => ({
            userErrors: saveActivityCosts.userErrors,
            ok: !!saveActivityCosts.grid,
          }),
          success: messages.costsSaved,
          failure: messages.costsSaveError,
          onSuccess: () => {
            setEdits({});
            revalidator.revalidate();
          },
        }),
      });
    }
  };

  const title = t('nav.activityCosts');
  const date = searchParams.get('date') ?? today;
  return (
    <Stack gap="6" pb={dirty ? '24' : undefined}>
      <PageTitle title={title} />
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        <Text color="fg.muted">{t('activity.costs.intro')}</Text>
      </Stack>
      <Field.Root width="auto" maxW="60">
        <Field.Label>{t('activity.costs.date')}</Field.Label>
        <DateInput
          value={date}
          disabled={dirty}
          onChange={(value) => {
            if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return;
            updateSearch((params) => {
              const next = new URLSearchParams(params);
              if (value === today) next.delete('date');
              else next.set('date', value);
              return next;
            });
          }}
        />
      </Field.Root>
      <UpdatingRegion busy={loading || revalidator.state === 'loading'}>
        {sites.map((site) => {
          const lines = site.activityCostGrid?.lines ?? [];
          return (
            <Stack as="section" key={site.id} gap="3" aria-label={site.displayName}>
              {sites.length > 1 && (
                <Heading as="h2" size="lg">
                  {site.displayName}
                </Heading>
              )}
              {lines.length === 0 ? (
                <Box
                  borderWidth="1px"
                  borderStyle="dashed"
                  borderRadius="md"
                  bg="bg.panel"
                  p="6"
                  textAlign="center"
                >
                  <Text color="fg.muted">{t('activity.costs.empty')}</Text>
                </Box>
              ) : (
                <ResponsiveTable
                  label={site.displayName}
                  cardsBelow="60rem"
                  columns={[
                    { label: t('activity.costs.client') },
                    { label: t('activity.costs.waste') },
                    { label: t('activity.costs.since'), nowrap: true },
                    ...COST_FIELDS.map((field) => ({ label: `${costFieldLabels[field]} (€ HT/t)` })),
                    { label: t('activity.costs.copy'), actions: true, hideLabel: true },
                  ]}
                >
                  {lines.map((line) => {
                    const key = keyOf(site.id, line);
                    const prices = edits[key] ?? pricesOf(line);
                    const original = pricesOf(line);
                    return (
                      <Table.Row key={key}>
                        <Table.Cell>{line.clientEstablishment?.displayName}</Table.Cell>
                        <Table.Cell>{line.thirdLevelWaste?.label}</Table.Cell>
                        <Table.Cell>{formatDate(line.validFrom) ?? t('activity.costs.none')}</Table.Cell>
                        {COST_FIELDS.map((field) => {
                          const problem = priceProblem(field, prices[field]);
                          const changed = prices[field] !== original[field];
                          return (
                            <Table.Cell key={field}>
                              <Input
                                size="sm"
                                minW="20"
                                inputMode="decimal"
                                value={prices[field]}
                                aria-label={t('activity.costs.cell', {
                                  cost: costFieldLabels[field],
                                  client: line.clientEstablishment?.displayName ?? '',
                                  waste: line.thirdLevelWaste?.label ?? '',
                                })}
                                aria-invalid={problem !== null}
                                title={problem ?? undefined}
                                borderColor={problem ? 'border.error' : changed ? 'brand.solid' : undefined}
                                bg={changed ? 'brand.subtle' : undefined}
                                onChange={(event) => setPrice(key, line, field, event.currentTarget.value)}
                              />
                            </Table.Cell>
                          );
                        })}
                        <Table.Cell>
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={t('activity.costs.copyLine', {
                              client: line.clientEstablishment?.displayName ?? '',
                              waste: line.thirdLevelWaste?.label ?? '',
                            })}
                            onClick={() => setCopying({ site, line })}
                          >
                            {t('activity.costs.copy')}
                          </Button>
                        </Table.Cell>
                      </Table.Row>
                    );
                  })}
                </ResponsiveTable>
              )}
            </Stack>
          );
        })}
      </UpdatingRegion>
      {dirty && (
        <Box
          position="sticky"
          bottom="0"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          p="4"
          role="region"
          aria-label={t('activity.costs.edited', { count: edited.length })}
        >
          <Flex gap="4" align="flex-end" wrap="wrap" justify="space-between">
            <Stack gap="1">
              <Text fontWeight="semibold">{t('activity.costs.edited', { count: edited.length })}</Text>
              {problems[0] && (
                <Text color="fg.error" fontSize="sm">
                  {problems[0]}
                </Text>
              )}
            </Stack>
            <Field.Root width="auto" maxW="64">
              <Field.Label>{t('activity.costs.validFrom')}</Field.Label>
              <DateInput value={validFrom} onChange={setValidFrom} size="sm" />
              <Field.HelperText>{t('activity.costs.validFromHelp')}</Field.HelperText>
            </Field.Root>
            <HStack gap="2">
              <Button variant="outline" onClick={() => setEdits({})} disabled={isSaving}>
                {t('activity.costs.reset')}
              </Button>
              <Button
                colorPalette="brand"
                loading={isSaving}
                disabled={problems.length > 0 || !/^\d{4}-\d{2}-\d{2}$/.test(validFrom)}
                onClick={save}
              >
                {t('activity.costs.validate')}
              </Button>
            </HStack>
          </Flex>
        </Box>
      )}
      <LeaveDialog
        open={blocker.state === 'blocked'}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
      <CopyDialog
        copying={copying}
        onClose={() => setCopying(null)}
        onCopy={(targets) => {
          if (!copying) return;
          const prices = edits[keyOf(copying.site.id, copying.line)] ?? pricesOf(copying.line);
          setEdits((current) => ({
            ...current,
            ...Object.fromEntries(targets.map((target) => [keyOf(copying.site.id, target), { ...prices }])),
          }));
          setCopying(null);
        }}
      />
    </Stack>
  );
}

/** SPEC 5: leaving with unsaved cost edits asks first; staying is the safe, focused choice. */
function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onStay();
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('activity.costs.leaveTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{messages.unsavedCosts}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Button colorPalette="brand" onClick={onStay}>
                {t('activity.costs.stay')}
              </Button>
              <Button variant="ghost" colorPalette="red" onClick={onLeave}>
                {t('activity.costs.leave')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Copies a line's prices to the same waste of other client establishments (edits, validated with the rest). */
function CopyDialog({
  copying,
  onClose,
  onCopy,
}: {
  copying: { site: Site; line: Line } | null;
  onClose: () => void;
  onCopy: (targets: Line[]) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const others = (copying?.site.activityCostGrid?.lines ?? []).filter(
    (line) =>
      line.thirdLevelWaste?.id === copying?.line.thirdLevelWaste?.id &&
      line.clientEstablishment?.id !== copying?.line.clientEstablishment?.id,
  );
  return (
    <Dialog.Root
      open={copying !== null}
      onOpenChange={(details) => {
        if (!details.open) {
          setChosen([]);
          onClose();
        }
      }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {t('activity.costs.copyTitle', { waste: copying?.line.thirdLevelWaste?.label ?? '' })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text color="fg.muted">{t('activity.costs.copyDescription')}</Text>
                {others.length === 0 && <Text>{t('activity.costs.noOtherClient')}</Text>}
                {others.map((line) => {
                  const id = line.clientEstablishment?.id ?? '';
                  return (
                    <Checkbox.Root
                      key={id}
                      checked={chosen.includes(id)}
                      onCheckedChange={(details) =>
                        setChosen((current) =>
                          details.checked
                            ? [...current, id]
                            : current.filter((candidate) => candidate !== id),
                        )
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{line.clientEstablishment?.displayName}</Checkbox.Label>
                    </Checkbox.Root>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="ghost">{t('confirm.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="brand"
                disabled={chosen.length === 0}
                onClick={() => {
                  onCopy(others.filter((line) => chosen.includes(line.clientEstablishment?.id ?? '')));
                  setChosen([]);
                }}
              >
                {t('activity.costs.copyConfirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
