import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import type { SelectionBar_viewer$key } from '../../__generated__/SelectionBar_viewer.graphql.ts';
import type { SelectionBarEntitiesQuery } from '../../__generated__/SelectionBarEntitiesQuery.graphql.ts';
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx';
import { useDashboardSelection } from './DashboardSelection.tsx';
import { SiteCombobox } from './SiteCombobox.tsx';
import { chooseClient, chooseEstablishment, resolveEntitySelection } from './selection.ts';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/**
 * A site's control takes the room its chantier's leaves: site names are long and must be read whole, and
 * 'Tous les chantiers' needs 10.5rem.
 */
const PAIR_COLUMNS = 'minmax(0, 1fr) minmax(0, 10.5rem)';

/**
 * The header's dashboard selection (SPEC 4): an establishment and one of its chantiers and, for retrievers, a
 * client site and one of its chantiers. Sites are searched in the graph's paged lists (SiteCombobox), never
 * loaded all at once; chantiers, a site's few, are native selects.
 */
export function SelectionBar({ viewer }: { viewer: SelectionBar_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment SelectionBar_viewer on User {
        ownSiteTypology
        # How many there are, to say when there is none: the sites themselves are searched when the list opens.
        establishments(first: 1) {
          totalCount
        }
        linkedEstablishments(first: 1) {
          totalCount
        }
      }
    `,
    viewer,
  );
  const { selection, select } = useDashboardSelection();
  // The chantier lists are those of the establishment and client on screen: a chantier is chosen with them.
  const { establishmentId, clientId } = selection;
  const retriever = data.ownSiteTypology === 'RETRIEVER';

  return (
    <SimpleGrid
      templateColumns={{
        base: 'minmax(0, 1fr)',
        md: PAIR_COLUMNS,
        xl: retriever ? `${PAIR_COLUMNS} ${PAIR_COLUMNS}` : PAIR_COLUMNS,
      }}
      columnGap="1.5"
      rowGap="3"
      alignItems="start"
    >
      <SiteCombobox
        label={t('layout.establishment')}
        placeholder={t('layout.chooseEstablishment')}
        emptyPlaceholder={t('layout.noEstablishment')}
        noneLabel={t('layout.allEstablishments')}
        openLabel={t('layout.openEstablishments')}
        side="own"
        total={data.establishments.totalCount}
        value={selection.establishmentId}
        onChange={(site) => select((current) => chooseEstablishment(current, site?.databaseId ?? null))}
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
          <SiteCombobox
            label={t('layout.client')}
            placeholder={t('layout.chooseClient')}
            emptyPlaceholder={t('layout.noClient')}
            noneLabel={t('layout.chooseClient')}
            openLabel={t('layout.openClients')}
            side="linked"
            total={data.linkedEstablishments.totalCount}
            value={selection.clientId}
            onChange={(site) => select((current) => chooseClient(current, site?.databaseId ?? null))}
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
