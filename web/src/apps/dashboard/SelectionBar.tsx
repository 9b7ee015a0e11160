import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type { SelectionBar_viewer$key } from '../../__generated__/SelectionBar_viewer.graphql.ts';
import type { SelectionBarEntitiesQuery } from '../../__generated__/SelectionBarEntitiesQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { useDashboardSelection } from './DashboardSelection.tsx';
import { chooseClient, chooseEstablishment, resolveEntitySelection } from './selection.ts';

interface SiteOption {
  databaseId: number;
  displayName: string;
  companyName: string;
  name: string;
}

interface CompanyGroup {
  companyName: string;
  establishments: SiteOption[];
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Sorted by company then site name, one group per company. */
export function groupEstablishments(establishments: readonly SiteOption[]): CompanyGroup[] {
  const sorted = [...establishments].sort(
    (a, b) => collator.compare(a.companyName, b.companyName) || collator.compare(a.name, b.name),
  );
  const groups: CompanyGroup[] = [];
  for (const establishment of sorted) {
    const last = groups[groups.length - 1];
    if (last && last.companyName === establishment.companyName) last.establishments.push(establishment);
    else groups.push({ companyName: establishment.companyName, establishments: [establishment] });
  }
  return groups;
}

/**
 * The header's dashboard selection (SPEC 4): an establishment and one of its chantiers and, for retrievers, a
 * client site and one of its chantiers. Native selects, so keyboard and screen readers work as usual.
 */
export function SelectionBar({ viewer }: { viewer: SelectionBar_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment SelectionBar_viewer on User {
        ownSiteTypology
        establishments {
          edges {
            node {
              databaseId
              displayName
              companyName
              name
            }
          }
        }
        linkedEstablishments {
          edges {
            node {
              databaseId
              displayName
              companyName
              name
            }
          }
        }
      }
    `,
    viewer,
  );
  const { selection, select } = useDashboardSelection();
  // The chantier lists are those of the establishment and client on screen: a chantier is chosen with them.
  const { establishmentId, clientId } = selection;
  const retriever = data.ownSiteTypology === 'RETRIEVER';
  const establishments = useMemo(() => data.establishments.edges.map((edge) => edge.node), [data]);
  const clients = useMemo(() => data.linkedEstablishments.edges.map((edge) => edge.node), [data]);

  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: retriever ? 4 : 2 }} gap="2" alignItems="end">
      <SiteSelect
        label={t('layout.establishment')}
        placeholder={t('layout.chooseEstablishment')}
        emptyPlaceholder={t('layout.noEstablishment')}
        sites={establishments}
        value={selection.establishmentId}
        onChange={(id) => select((current) => chooseEstablishment(current, id))}
      />
      <EntitySelect
        label={t('layout.entity')}
        siteId={selection.establishmentId}
        value={selection.entityId}
        onChange={(id, replace) =>
          select((current) => chooseEstablishment(current, establishmentId, id), { replace })
        }
      />
      {retriever && (
        <>
          <SiteSelect
            label={t('layout.client')}
            placeholder={t('layout.chooseClient')}
            emptyPlaceholder={t('layout.noClient')}
            sites={clients}
            value={selection.clientId}
            onChange={(id) => select((current) => chooseClient(current, id))}
          />
          <EntitySelect
            label={t('layout.clientEntity')}
            siteId={selection.clientId}
            value={selection.clientEntityId}
            onChange={(id, replace) => select((current) => chooseClient(current, clientId, id), { replace })}
          />
        </>
      )}
    </SimpleGrid>
  );
}

function SiteSelect({
  label,
  placeholder,
  emptyPlaceholder,
  sites,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  emptyPlaceholder: string;
  sites: readonly SiteOption[];
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  const groups = useMemo(() => groupEstablishments(sites), [sites]);
  const empty = groups.length === 0;
  const options = (establishments: readonly SiteOption[]) =>
    establishments.map((establishment) => (
      <option key={establishment.databaseId} value={establishment.databaseId}>
        {establishment.displayName}
      </option>
    ));
  return (
    <LabelledSelect
      label={label}
      disabled={empty}
      value={value === null ? '' : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    >
      <option value="">{empty ? emptyPlaceholder : placeholder}</option>
      {groups.length === 1
        ? options(groups[0]?.establishments ?? [])
        : groups.map((group) => (
            <optgroup key={group.companyName} label={group.companyName}>
              {options(group.establishments)}
            </optgroup>
          ))}
    </LabelledSelect>
  );
}

interface EntitySelectProps {
  label: string;
  /** The site whose chantiers are offered; none selected leaves the select disabled. */
  siteId: number | null;
  value: number | null;
  /** `replace`: a correction of the URL (a chantier that is not the site's), not a choice of the user. */
  onChange: (id: number | null, replace: boolean) => void;
}

/** A site's chantiers, fetched when the site is chosen; while they load (or if they cannot) it stays disabled. */
function EntitySelect(props: EntitySelectProps) {
  const { t } = useTranslation();
  const placeholder = (
    <LabelledSelect label={props.label} disabled value="" onChange={() => {}}>
      <option value="">{t('layout.allEntities')}</option>
    </LabelledSelect>
  );
  if (props.siteId === null) return placeholder;
  return (
    <ErrorBoundary
      fallback={
        <LabelledSelect label={props.label} disabled value="" onChange={() => {}}>
          <option value="">{t('layout.selectionUnavailable')}</option>
        </LabelledSelect>
      }
    >
      <Suspense fallback={placeholder}>
        <EntityOptions {...props} siteId={props.siteId} />
      </Suspense>
    </ErrorBoundary>
  );
}

function EntityOptions({ label, siteId, value, onChange }: EntitySelectProps & { siteId: number }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<SelectionBarEntitiesQuery>(
    graphql`
      query SelectionBarEntitiesQuery($databaseId: Int!) {
        establishment(databaseId: $databaseId) {
          entities {
            edges {
              node {
                databaseId
                name
              }
            }
          }
        }
      }
    `,
    { databaseId: siteId },
    { fetchPolicy: 'store-or-network' },
  );
  const entities = useMemo(() => data.establishment?.entities.edges.map((edge) => edge.node) ?? [], [data]);
  const resolved = resolveEntitySelection(
    entities.map((entity) => entity.databaseId),
    value,
  );
  useEffect(() => {
    if (resolved !== value) onChange(resolved, true);
  }, [resolved, value, onChange]);

  return (
    <LabelledSelect
      label={label}
      disabled={entities.length === 0}
      value={resolved === null ? '' : String(resolved)}
      onChange={(next) => onChange(next ? Number(next) : null, false)}
    >
      <option value="">{t('layout.allEntities')}</option>
      {[...entities]
        .sort((a, b) => collator.compare(a.name, b.name))
        .map((entity) => (
          <option key={entity.databaseId} value={entity.databaseId}>
            {entity.name}
          </option>
        ))}
    </LabelledSelect>
  );
}

function LabelledSelect({
  label,
  disabled,
  value,
  onChange,
  children,
}: {
  label: string;
  disabled: boolean;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label fontSize="xs" color="fg.muted" mb="0">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.currentTarget.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
