import { Checkbox, Fieldset, HStack } from '@chakra-ui/react';
import { typologyLabels, USER_TYPOLOGIES, type UserTypology } from '@portal/domain/typologies';
import type { ControllerRenderProps } from 'react-hook-form';

/**
 * The typologies of an establishment or a user (SPEC 1: producer, retriever, carrier) as checkboxes, in a group
 * named by its legend; the form's field (a react-hook-form `Controller`'s) holds the domain's codes (`producer`).
 */
export function TypologyCheckboxes({
  field,
  legend,
  error,
  helperText,
}: {
  field: Pick<ControllerRenderProps, 'value' | 'onChange' | 'onBlur' | 'name' | 'ref'>;
  legend: string;
  error: string | undefined;
  helperText?: string;
}) {
  const chosen = (field.value ?? []) as string[];
  const toggle = (typology: UserTypology, checked: boolean) =>
    field.onChange(
      checked
        ? USER_TYPOLOGIES.filter((code) => code === typology || chosen.includes(code))
        : chosen.filter((code) => code !== typology),
    );
  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      {helperText && <Fieldset.HelperText>{helperText}</Fieldset.HelperText>}
      <HStack gap="5" wrap="wrap" mt="1">
        {USER_TYPOLOGIES.map((typology, index) => (
          <Checkbox.Root
            key={typology}
            checked={chosen.includes(typology)}
            onCheckedChange={(details) => toggle(typology, details.checked === true)}
            invalid={!!error}
          >
            <Checkbox.HiddenInput
              // The first box takes the focus when the rule refuses the field.
              ref={index === 0 ? field.ref : undefined}
              name={field.name}
              value={typology}
              onBlur={field.onBlur}
            />
            <Checkbox.Control />
            <Checkbox.Label>{typologyLabels[typology]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
