import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { SkipTreatmentSection_references$key } from '../../__generated__/SkipTreatmentSection_references.graphql.ts';
import type { SkipTreatmentSection_skip$key } from '../../__generated__/SkipTreatmentSection_skip.graphql.ts';
import { FormField } from '../../forms/FormField.tsx';
import { options, SkipInput, useSkipInputs } from './skipFormFields.tsx';

/** What the container form reads of a container for this section (its default values, its provider's name). */
export const skipTreatmentFragment = graphql`
  fragment SkipTreatmentSection_skip on Skip {
    provider {
      id
      displayName
    }
    ecoOrganisation
    plannedTreatmentCode {
      code
    }
  }
`;

/** Who collects the container and how its waste is to be treated. */
export function SkipTreatmentSection({
  skip,
  references,
}: {
  skip: SkipTreatmentSection_skip$key | null;
  references: SkipTreatmentSection_references$key;
}) {
  const { t } = useTranslation();
  const { fieldProps, select } = useSkipInputs();
  const current = useFragment(skipTreatmentFragment, skip)?.provider;
  const data = useFragment(
    graphql`
      fragment SkipTreatmentSection_references on Query {
        treatmentCodes {
          code
          description
        }
        establishment(databaseId: $establishmentId) {
          linkedEstablishments {
            edges {
              node {
                id
                displayName
              }
            }
          }
        }
      }
    `,
    references,
  );
  const providers = useMemo(() => {
    const linked = data.establishment?.linkedEstablishments.edges.map((edge) => edge.node) ?? [];
    // The current provider stays offered even if the viewer cannot list the site's providers.
    return current && !linked.some((site) => site.id === current.id) ? [current, ...linked] : linked;
  }, [data, current]);

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('skips.sections.treatment')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
        <FormField {...fieldProps('provider')}>
          {select(
            'provider',
            options(providers, (provider) => provider.displayName),
          )}
        </FormField>
        <SkipInput field="ecoOrganisation" />
        <FormField {...fieldProps('plannedTreatmentCode')}>
          {select(
            'plannedTreatmentCode',
            options(
              data.treatmentCodes,
              (code) => `${code.code} — ${code.description}`,
              (code) => code.code,
            ),
          )}
        </FormField>
      </SimpleGrid>
    </Fieldset.Root>
  );
}
