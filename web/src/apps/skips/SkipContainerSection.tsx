import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { FILLING_LEVELS, fillingLevelLabels, SKIP_UNITS, skipUnitLabels } from '@portal/domain/skips';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { SkipContainerSection_references$key } from '../../__generated__/SkipContainerSection_references.graphql.ts';
import { FormField } from '../../forms/FormField.tsx';
import { formatDecimal } from '../../i18n/format.ts';
import { emptyToNull, enumOptions, options, SkipInput, useSkipInputs } from './skipFormFields.tsx';

/** What the container form reads of a container for this section (its default values). */
export const skipContainerFragment = graphql`
  fragment SkipContainerSection_skip on Skip {
    name
    entity {
      id
    }
    skipType {
      id
    }
    unit
    volume
    packageCount
    fillingLevel
  }
`;

/** The container itself: its name, chantier, type (which gives its unit and volume) and filling. */
export function SkipContainerSection({ references }: { references: SkipContainerSection_references$key }) {
  const { t } = useTranslation();
  const { form, fieldProps, select, change } = useSkipInputs();
  const data = useFragment(
    graphql`
      fragment SkipContainerSection_references on Query {
        skipTypes {
          id
          label
          category
          volume
          unit
        }
        establishment(databaseId: $establishmentId) {
          entities {
            edges {
              node {
                id
                name
              }
            }
          }
        }
      }
    `,
    references,
  );
  const entities = data.establishment?.entities.edges.map((edge) => edge.node) ?? [];

  /** SPEC 3: a type gives its unit and volume. */
  const onSkipTypeChange = (id: string | null) => {
    const type = data.skipTypes.find((candidate) => candidate.id === id);
    if (!type) return;
    change('unit', type.unit);
    change('volume', formatDecimal(type.volume));
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('skips.sections.container')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
        <SkipInput field="name" />
        <FormField {...fieldProps('companySiteEntity')}>
          {select(
            'companySiteEntity',
            options(entities, (entity) => entity.name),
          )}
        </FormField>
        <FormField {...fieldProps('skipType')}>
          {select(
            'skipType',
            groupByCategory(data.skipTypes).map(([category, types]) => (
              <optgroup key={category} label={category}>
                {options(types, (type) => type.label)}
              </optgroup>
            )),
            form.register('skipType', {
              setValueAs: emptyToNull,
              onChange: (event) => onSkipTypeChange(emptyToNull(event.target.value) as string | null),
            }),
          )}
        </FormField>
        <SimpleGrid columns={2} gap="4">
          <SkipInput field="volume" />
          <FormField {...fieldProps('unit')}>
            {select('unit', enumOptions(SKIP_UNITS, skipUnitLabels))}
          </FormField>
        </SimpleGrid>
        <SkipInput field="packageCount" />
        <FormField {...fieldProps('fillingLevel')}>
          {select('fillingLevel', enumOptions(FILLING_LEVELS, fillingLevelLabels))}
        </FormField>
      </SimpleGrid>
    </Fieldset.Root>
  );
}

function groupByCategory<T extends { category: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups];
}
