import { Combobox, createListCollection, Field, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { WasteCodePickerQuery } from '../../__generated__/WasteCodePickerQuery.graphql.ts';
import { useSearchQuery } from '../../relay/useSearchQuery.ts';

const RESULT_COUNT = 30;
const NO_CODES: readonly WasteCodeOption[] = [];

const wasteCodePickerQuery = graphql`
  query WasteCodePickerQuery($search: String, $dangerous: Boolean, $first: Int) {
    wasteCodes(search: $search, dangerous: $dangerous, first: $first) {
      code
      description
      dangerous
    }
  }
`;

export interface WasteCodeOption {
  code: string;
  description: string;
}

interface WasteCodePickerProps {
  label: string;
  value: WasteCodeOption | null;
  onChange: (value: WasteCodeOption | null) => void;
  /** Only hazardous codes (a dangerous container), or only the others; all of them when absent (a filter). */
  dangerous?: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

const optionText = (option: WasteCodeOption) =>
  option.description ? `${option.code} — ${option.description}` : option.code;

/**
 * The official waste codes, searched by code or label as the user types (the list has 842 of them), and picked
 * with the keyboard (arrows, Enter) or the mouse: an ARIA combobox.
 */
export function WasteCodePicker({
  label,
  value,
  onChange,
  dangerous,
  error,
  disabled = false,
}: WasteCodePickerProps) {
  const { t } = useTranslation();
  const errorId = useId();
  const valueText = value ? optionText(value) : '';
  const [inputValue, setInputValue] = useState(valueText);
  const {
    result: found,
    loading,
    failed,
    search,
  } = useSearchQuery<WasteCodePickerQuery, readonly WasteCodeOption[]>(
    wasteCodePickerQuery,
    (text) => ({ search: text, dangerous: dangerous ?? null, first: RESULT_COUNT }),
    (data) => data.wasteCodes.map(({ code, description }) => ({ code, description })),
  );
  const results = found ?? NO_CODES;

  // The value may change from outside (a precise waste gives its default code): the input follows it.
  useEffect(() => {
    setInputValue(valueText);
  }, [valueText]);

  // The chosen code stays among the items, so that the combobox can show it whatever the last search found.
  const collection = useMemo(() => {
    const items = value && !results.some((item) => item.code === value.code) ? [value, ...results] : results;
    return createListCollection({ items, itemToString: optionText, itemToValue: (item) => item.code });
  }, [results, value]);

  return (
    <Field.Root invalid={!!error} disabled={disabled}>
      <Combobox.Root
        collection={collection}
        value={value ? [value.code] : []}
        inputValue={inputValue}
        onInputValueChange={(details) => {
          setInputValue(details.inputValue);
          if (details.reason === 'input-change') search(details.inputValue);
          if (details.reason === 'clear-trigger') onChange(null);
        }}
        onValueChange={(details) => onChange(details.items[0] ?? null)}
        onOpenChange={(details) => {
          // Opened on a chosen code: every code is offered, not just the one whose text fills the input. Opened by
          // typing or pasting, the input-change search already runs with the new text: starting another here, with
          // the text before the change, would cancel it and list unfiltered codes.
          if (details.open && details.reason !== 'input-change' && results.length === 0)
            search(inputValue === valueText ? '' : inputValue, 0);
        }}
        openOnClick
        disabled={disabled}
        invalid={!!error}
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            placeholder={t('skips.wasteCodeSearch')}
            aria-describedby={error ? errorId : undefined}
          />
          <Combobox.IndicatorGroup>
            {loading && <Spinner size="xs" />}
            <Combobox.ClearTrigger aria-label={t('skips.wasteCodeClear')} />
            <Combobox.Trigger aria-label={t('skips.wasteCodeOpen')} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {/* Not portalled: the picker lives in a dialog, whose focus trap must include the list. */}
        <Combobox.Positioner>
          <Combobox.Content maxH="72" overflowY="auto">
            <Combobox.Empty>
              {failed ? t('skips.wasteCodeSearchFailed') : t('skips.wasteCodeNoMatch')}
            </Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.code}>
                <Combobox.ItemText>
                  <Text as="span" fontWeight="semibold">
                    {item.code}
                  </Text>{' '}
                  — {item.description}
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {error && <Field.ErrorText id={errorId}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
