import { Combobox, createListCollection, Field, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import type { Subscription } from 'relay-runtime';
import type { WasteCodePickerQuery } from '../../__generated__/WasteCodePickerQuery.graphql.ts';

/** Typing pauses this long before the search runs. */
export const WASTE_CODE_SEARCH_DEBOUNCE_MS = 250;
const RESULT_COUNT = 30;

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
  /** Only hazardous codes (a dangerous container), or only the others. */
  dangerous: boolean;
  error?: string | undefined;
  disabled?: boolean;
}

const optionText = (option: WasteCodeOption) => `${option.code} — ${option.description}`;

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
  const environment = useRelayEnvironment();
  const errorId = useId();
  const valueText = value ? optionText(value) : '';
  const [inputValue, setInputValue] = useState(valueText);
  const [results, setResults] = useState<readonly WasteCodeOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; subscription?: Subscription }>({});

  // The value may change from outside (a precise waste gives its default code): the input follows it.
  useEffect(() => {
    setInputValue(valueText);
  }, [valueText]);

  useEffect(() => {
    const current = pending.current;
    return () => {
      clearTimeout(current.timer);
      current.subscription?.unsubscribe();
    };
  }, []);

  const search = (text: string, delay: number) => {
    clearTimeout(pending.current.timer);
    pending.current.subscription?.unsubscribe();
    setLoading(true);
    pending.current.timer = setTimeout(() => {
      const trimmed = text.trim();
      pending.current.subscription = fetchQuery<WasteCodePickerQuery>(environment, wasteCodePickerQuery, {
        search: trimmed === '' ? null : trimmed,
        dangerous,
        first: RESULT_COUNT,
      }).subscribe({
        next: (data) => {
          setResults(data.wasteCodes.map(({ code, description }) => ({ code, description })));
          setFailed(false);
          setLoading(false);
        },
        error: () => {
          setFailed(true);
          setLoading(false);
        },
      });
    }, delay);
  };

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
          if (details.reason === 'input-change') search(details.inputValue, WASTE_CODE_SEARCH_DEBOUNCE_MS);
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
