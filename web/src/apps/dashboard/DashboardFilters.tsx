import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { DashboardFilters_viewer$key } from '../../__generated__/DashboardFilters_viewer.graphql.ts';
import { linkedViewFor } from '../sites/siteViews.ts';
import { useDashboardSelection } from './DashboardSelection.tsx';
import {
  chooseCompanyFilter,
  chooseLocationFilter,
  locationsOf,
  resolveLocationFilter,
} from './selection.ts';

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/**
 * The dashboard's company and location filters (SPEC 3, 4): choosing one replaces the establishment and client
 * selection. They belong to `/` and `/details`, and are cleared elsewhere.
 */
export function DashboardFilters({ viewer }: { viewer: DashboardFilters_viewer$key }) {
  const { t } = useTranslation();
  const data = useFragment(
    graphql`
      fragment DashboardFilters_viewer on User {
        ownSiteTypology
        companies {
          databaseId
          name
        }
        linkedCompanies {
          databaseId
          name
        }
        establishments {
          edges {
            node {
              department
              city
            }
          }
        }
      }
    `,
    viewer,
  );
  const { selection, select } = useDashboardSelection();
  const companies = useMemo(() => [...data.companies].sort(byName), [data]);
  const linkedCompanies = useMemo(() => [...data.linkedCompanies].sort(byName), [data]);
  const locations = useMemo(() => locationsOf(data.establishments.edges.map((edge) => edge.node)), [data]);
  // The selection takes the URL's location as asked; only here are the user's locations known.
  const location = resolveLocationFilter(locations, selection.location);
  useEffect(() => {
    if (location !== selection.location)
      select((current) => chooseLocationFilter(current, location), { replace: true });
  }, [location, selection.location, select]);

  return (
    <SimpleGrid
      as="section"
      aria-label={t('dashboard.filters')}
      columns={{ base: 1, md: 2 }}
      gap="4"
      maxW="3xl"
    >
      <Field.Root disabled={companies.length + linkedCompanies.length === 0}>
        <Field.Label>{t('dashboard.companyFilter')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={selection.companyId === null ? '' : String(selection.companyId)}
            onChange={(event) => {
              const companyId = event.currentTarget.value ? Number(event.currentTarget.value) : null;
              select((current) => chooseCompanyFilter(current, companyId));
            }}
          >
            <option value="">{t('dashboard.allCompanies')}</option>
            {companies.length > 0 && (
              <optgroup label={t('dashboard.ownCompanies')}>
                {companies.map((company) => (
                  <option key={company.databaseId} value={company.databaseId}>
                    {company.name}
                  </option>
                ))}
              </optgroup>
            )}
            {linkedCompanies.length > 0 && (
              <optgroup label={t(`dashboard.linkedCompanies.${linkedViewFor(data.ownSiteTypology)}`)}>
                {linkedCompanies.map((company) => (
                  <option key={company.databaseId} value={company.databaseId}>
                    {company.name}
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root disabled={locations.departments.length + locations.cities.length === 0}>
        <Field.Label>{t('dashboard.locationFilter')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={location ?? ''}
            onChange={(event) => {
              const location = event.currentTarget.value || null;
              select((current) => chooseLocationFilter(current, location));
            }}
          >
            <option value="">{t('dashboard.allLocations')}</option>
            {locations.departments.length > 0 && (
              <optgroup label={t('dashboard.departments')}>
                {locations.departments.map((code) => (
                  <option key={code} value={code}>
                    {t('dashboard.department', { code })}
                  </option>
                ))}
              </optgroup>
            )}
            {locations.cities.length > 0 && (
              <optgroup label={t('dashboard.cities')}>
                {locations.cities.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </SimpleGrid>
  );
}
