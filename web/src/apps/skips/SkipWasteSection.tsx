import { Fieldset, SimpleGrid, Switch } from '@chakra-ui/react';
import { isHazardousWasteCode } from '@portal/domain/codes';
import { skipFieldLabels } from '@portal/domain/skips';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { SkipWasteSection_references$key } from '../../__generated__/SkipWasteSection_references.graphql.ts';
import { FormField } from '../../forms/FormField.tsx';
import { emptyToNull, options, type SkipFormValues, SkipInput, useSkipInputs } from './skipFormFields.tsx';
import type { WasteCodeOption } from './WasteCodePicker.tsx';

/** What the container form reads of a container for this section (its default values). */
export const skipWasteFragment = graphql`
  fragment SkipWasteSection_skip on Skip {
    firstLevelWaste {
      id
    }
    secondLevelWaste {
      id
    }
    thirdLevelWaste {
      id
    }
    estimatedFullQuantity
    quantityEstimated
    dangerous
  }
`;

/** The waste code chosen, shared with the hazardous section (its picker shows it). */
export interface WasteCodeChoice {
  option: WasteCodeOption | null;
  choose: (option: WasteCodeOption | null) => void;
}

/**
 * The waste: its three levels, each offering the children of the one above (a change clears below), its
 * quantity, and whether the container is dangerous. A precise waste gives its default waste code.
 */
export function SkipWasteSection({
  references,
  wasteCode,
}: {
  references: SkipWasteSection_references$key;
  wasteCode: WasteCodeChoice;
}) {
  const { t } = useTranslation();
  const { form, fieldProps, select, change, locked } = useSkipInputs();
  const data = useFragment(
    graphql`
      fragment SkipWasteSection_references on Query {
        wasteHierarchy {
          id
          label
          secondLevelWastes {
            id
            label
            thirdLevelWastes {
              id
              label
              dangerous
              wasteCode {
                code
                description
              }
            }
          }
        }
      }
    `,
    references,
  );
  const [firstLevel, secondLevel, dangerous] = useWatch<
    SkipFormValues,
    ['firstLevelWaste', 'secondLevelWaste', 'dangerous']
  >({ control: form.control, name: ['firstLevelWaste', 'secondLevelWaste', 'dangerous'] });
  const families = data.wasteHierarchy;
  const flows = families.find((family) => family.id === firstLevel)?.secondLevelWastes ?? [];
  const wastes = flows.find((flow) => flow.id === secondLevel)?.thirdLevelWastes ?? [];

  /** A precise waste gives its default waste code; a hazardous one makes the container dangerous. */
  const onThirdLevelChange = (id: string | null) => {
    const waste = wastes.find((candidate) => candidate.id === id);
    if (!waste?.wasteCode) return;
    if (waste.dangerous) change('dangerous', true);
    wasteCode.choose({ code: waste.wasteCode.code, description: waste.wasteCode.description });
  };

  /** A code of the other kind cannot stay: a dangerous container needs a hazardous code and the reverse. */
  const onDangerousChange = (next: boolean) => {
    const code = form.getValues('wasteCode');
    if (code !== null && isHazardousWasteCode(code) !== next) wasteCode.choose(null);
  };

  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('skips.sections.waste')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" mt="3">
        <FormField {...fieldProps('firstLevelWaste')}>
          {select(
            'firstLevelWaste',
            options(families, (family) => family.label),
            form.register('firstLevelWaste', {
              setValueAs: emptyToNull,
              onChange: () => {
                change('secondLevelWaste', null);
                change('thirdLevelWaste', null);
              },
            }),
          )}
        </FormField>
        <FormField {...fieldProps('secondLevelWaste')}>
          {select(
            'secondLevelWaste',
            options(flows, (flow) => flow.label),
            form.register('secondLevelWaste', {
              setValueAs: emptyToNull,
              onChange: () => change('thirdLevelWaste', null),
            }),
          )}
        </FormField>
        <FormField
          {...fieldProps('thirdLevelWaste')}
          helperText={
            !dangerous && wasteCode.option
              ? t('skips.defaultWasteCode', {
                  code: wasteCode.option.code,
                  description: wasteCode.option.description,
                })
              : undefined
          }
        >
          {select(
            'thirdLevelWaste',
            options(wastes, (waste) => waste.label),
            form.register('thirdLevelWaste', {
              setValueAs: emptyToNull,
              onChange: (event) => onThirdLevelChange(emptyToNull(event.target.value) as string | null),
            }),
          )}
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="4" alignItems="end">
        <SkipInput field="estimatedFullQuantity" helperText={t('skips.quantityHelp')} />
        <SkipInput field="quantityEstimated" />
        <Controller
          control={form.control}
          name="dangerous"
          render={({ field }) => (
            <Switch.Root
              colorPalette="red"
              checked={field.value}
              disabled={locked('dangerous')}
              onCheckedChange={(details) => {
                field.onChange(details.checked);
                onDangerousChange(details.checked);
              }}
              pb="2"
            >
              <Switch.HiddenInput ref={field.ref} name={field.name} onBlur={field.onBlur} />
              <Switch.Control />
              <Switch.Label>{skipFieldLabels.dangerous}</Switch.Label>
            </Switch.Root>
          )}
        />
      </SimpleGrid>
    </Fieldset.Root>
  );
}
