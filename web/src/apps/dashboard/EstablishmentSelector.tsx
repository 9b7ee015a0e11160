import { Field, NativeSelect } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { EstablishmentSelector_viewer$key } from '../../__generated__/EstablishmentSelector_viewer.graphql.ts';
import { useEstablishmentSelection } from './EstablishmentSelection.tsx';

interface EstablishmentOption {
  databaseId: number;
  displayName: string;
  companyName: string;
  name: string;
}

interface CompanyGroup {
  companyName: string;
  establishments: EstablishmentOption[];
}

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Sorted by company then site name, one group per company. */
export function groupEstablishments(establishments: readonly EstablishmentOption[]): CompanyGroup[] {
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

/** The header's establishment selector: a native select, so keyboard and screen readers work as usual. */
export function EstablishmentSelector({ viewer }: { viewer: EstablishmentSelector_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment EstablishmentSelector_viewer on User {
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
      }
    `,
    viewer,
  );
  const { establishmentId, select } = useEstablishmentSelection();
  const groups = useMemo(
    () => groupEstablishments(data.establishments.edges.map((edge) => edge.node)),
    [data],
  );
  const empty = groups.length === 0;

  const options = (establishments: readonly EstablishmentOption[]) =>
    establishments.map((establishment) => (
      <option key={establishment.databaseId} value={establishment.databaseId}>
        {establishment.displayName}
      </option>
    ));

  return (
    <Field.Root disabled={empty}>
      <Field.Label fontSize="xs" color="fg.muted" mb="0">
        {t('layout.establishment')}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={establishmentId === null ? '' : String(establishmentId)}
          onChange={(event) => select(event.currentTarget.value ? Number(event.currentTarget.value) : null)}
        >
          <option value="">{empty ? t('layout.noEstablishment') : t('layout.chooseEstablishment')}</option>
          {groups.length === 1
            ? options(groups[0]?.establishments ?? [])
            : groups.map((group) => (
                <optgroup key={group.companyName} label={group.companyName}>
                  {options(group.establishments)}
                </optgroup>
              ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
