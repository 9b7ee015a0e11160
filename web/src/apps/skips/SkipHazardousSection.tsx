import { Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { CONSISTENCIES, consistencyLabels, type SkipField, skipFieldLabels } from '@portal/domain/skips';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormField } from '../../forms/FormField.tsx';
import type { WasteCodeChoice } from './SkipWasteSection.tsx';
import { enumOptions, SkipInput, useSkipInputs } from './skipFormFields.tsx';
import { WasteCodePicker } from './WasteCodePicker.tsx';

/** What the container form reads of a container for this section (its default values, its code's label). */
export const skipHazardousFragment = graphql`
  fragment SkipHazardousSection_skip on Skip {
    persistentOrganicPollutants
    consistency
    wasteCode {
      code
      description
    }
    providerReceiptNumber
    providerReceiptValidity
    capNumber
    adrMention
    adrNumber
  }
`;

/**
 * The extras a dangerous container keeps (a slip needs them): a container that is not dangerous keeps none, so
 * they are sent empty. Its waste code stays: the waste gives one to every container.
 */
export const HAZARDOUS_EXTRAS = [
  'persistentOrganicPollutants',
  'consistency',
  'providerReceiptNumber',
  'providerReceiptValidity',
  'capNumber',
  'adrMention',
  'adrNumber',
] as const satisfies readonly SkipField[];

/** The hazardous waste's information, shown for a dangerous container only. */
export function SkipHazardousSection({ wasteCode }: { wasteCode: WasteCodeChoice }) {
  const { t } = useTranslation();
  const { form, fieldProps, select, locked } = useSkipInputs();
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('skips.sections.hazardous')}</Fieldset.Legend>
      <Stack gap="4" mt="3">
        <WasteCodePicker
          label={skipFieldLabels.wasteCode}
          value={wasteCode.option}
          onChange={wasteCode.choose}
          dangerous
          error={form.formState.errors.wasteCode?.message}
          disabled={locked('wasteCode')}
        />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField {...fieldProps('consistency')}>
            {select('consistency', enumOptions(CONSISTENCIES, consistencyLabels))}
          </FormField>
          <SkipInput field="persistentOrganicPollutants" />
          <SkipInput field="providerReceiptNumber" />
          <SkipInput field="providerReceiptValidity" />
          <SkipInput field="capNumber" />
          <SkipInput field="adrNumber" />
        </SimpleGrid>
        <SkipInput field="adrMention" />
      </Stack>
    </Fieldset.Root>
  );
}
