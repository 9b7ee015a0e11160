import { Combobox, createListCollection, Field, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { AdminComboboxQuery, UserTypology } from '../../__generated__/AdminComboboxQuery.graphql.ts';
import { useSearchQuery } from '../../relay/useSearchQuery.ts';

/** How many companies or establishments a search lists: the administrator narrows a longer list by typing. */
export const ADMIN_SEARCH_PAGE_SIZE = 20;

const adminComboboxQuery = graphql`
  query AdminComboboxQuery(
    $search: String
    $first: Int!
    $companies: Boolean!
    $typology: UserTypology
    $carriers: Boolean!
  ) {
    admin {
      companies(first: $first, search: $search, active: true) @include(if: $companies) {
        edges {
          node {
            id
            databaseId
            name
            siret
          }
        }
      }
      establishments(first: $first, search: $search, active: true, typology: $typology)
        @skip(if: $companies) {
        edges {
          node {
            id
            databaseId
            name
            companyName
            city
          }
        }
      }
      # A provider's side is its retrievers' and its carriers' establishments.
      carriers: establishments(first: $first, search: $search, active: true, typology: CARRIER)
        @include(if: $carriers) {
        edges {
          node {
            id
            databaseId
            name
            companyName
            city
          }
        }
      }
    }
  }
`;

/** A company or an establishment chosen in the back office: its global id, and how it reads. */
export interface AdminChoice {
  id: string;
  databaseId: number;
  /** A company's name, an establishment's 'company > establishment' (SPEC 3). */
  label: string;
  /** Its second line: a company's SIRET, an establishment's town. */
  detail: string;
}

/** What is searched: companies, or establishments (of some typologies: the first, and carriers after it). */
export type AdminChoiceSource =
  | { kind: 'companies' }
  | { kind: 'establishments'; typologies?: readonly Exclude<UserTypology, '%future added value'>[] };

const NO_CHOICES: readonly AdminChoice[] = [];

/** An establishment as the back office names it: 'company > establishment' (SPEC 3). */
export const establishmentLabel = (site: { name: string; companyName: string }) =>
  site.companyName ? `${site.companyName} > ${site.name}` : site.name;

interface AdminComboboxProps {
  label: string;
  source: AdminChoiceSource;
  /** The chosen one (`single`); for `add`, none: each choice is handed over and the input empties. */
  value: AdminChoice | null;
  onChange: (choice: AdminChoice | null) => void;
  mode?: 'single' | 'add';
  /** Already chosen elsewhere (an `add` list): not offered again. */
  exclude?: readonly string[];
  placeholder?: string;
  error?: string | undefined;
  helperText?: string | undefined;
  required?: boolean;
}

/**
 * A company or an establishment of the back office, searched as the administrator types (there may be thousands):
 * an ARIA combobox (arrows, Enter, Escape), each option with its second line. In `add` mode it adds to a list the
 * caller shows (a user's companies), and empties for the next one.
 */
export function AdminCombobox({
  label,
  source,
  value,
  onChange,
  mode = 'single',
  exclude = [],
  placeholder,
  error,
  helperText,
  required = false,
}: AdminComboboxProps) {
  const { t } = useTranslation();
  const describedById = useId();
  const valueText = mode === 'single' && value ? value.label : '';
  const [inputValue, setInputValue] = useState(valueText);
  const searched = useRef(false);
  const typologies = source.kind === 'establishments' ? (source.typologies ?? []) : [];
  const {
    result: found,
    loading,
    failed,
    search,
  } = useSearchQuery<AdminComboboxQuery, readonly AdminChoice[]>(
    adminComboboxQuery,
    (text) => {
      searched.current = true;
      const [first] = typologies;
      return {
        search: text,
        first: ADMIN_SEARCH_PAGE_SIZE,
        companies: source.kind === 'companies',
        typology: first ?? null,
        carriers: first !== undefined && first !== 'CARRIER' && typologies.includes('CARRIER'),
      };
    },
    (data) => {
      const admin = data.admin;
      if (!admin) return NO_CHOICES;
      if (admin.companies) {
        return admin.companies.edges.map(({ node }) => ({
          id: node.id,
          databaseId: node.databaseId,
          label: node.name,
          detail: node.siret ? t('admin.siretOf', { siret: node.siret }) : '',
        }));
      }
      const sites = [...(admin.establishments?.edges ?? []), ...(admin.carriers?.edges ?? [])];
      const seen = new Set<string>();
      return sites.flatMap(({ node }) => {
        if (seen.has(node.id)) return [];
        seen.add(node.id);
        return [
          {
            id: node.id,
            databaseId: node.databaseId,
            label: establishmentLabel(node),
            detail: node.city ?? '',
          },
        ];
      });
    },
  );

  // The chosen one may change from outside (a reset): the input follows it.
  useEffect(() => {
    setInputValue(valueText);
  }, [valueText]);

  const collection = useMemo(() => {
    const results = (found ?? NO_CHOICES).filter((item) => !exclude.includes(item.id));
    const items =
      mode === 'single' && value && !results.some((item) => item.id === value.id)
        ? [value, ...results]
        : results;
    return createListCollection({
      items,
      itemToString: (item) => item.label,
      itemToValue: (item) => item.id,
    });
  }, [found, exclude, mode, value]);

  const describedBy = error || helperText ? describedById : undefined;
  return (
    <Field.Root invalid={!!error} required={required}>
      <Combobox.Root
        collection={collection}
        value={mode === 'single' && value ? [value.id] : []}
        inputValue={inputValue}
        onInputValueChange={(details) => {
          if (mode === 'add' && details.reason === 'item-select') return;
          setInputValue(details.inputValue);
          if (details.reason === 'input-change') search(details.inputValue);
          if (details.reason === 'clear-trigger') onChange(null);
        }}
        onValueChange={(details) => {
          const chosen = details.items[0] ?? null;
          if (mode === 'add') {
            if (chosen) onChange(chosen);
            setInputValue('');
            return;
          }
          onChange(chosen);
        }}
        onOpenChange={(details) => {
          // Opened by a click or the arrow: the first ones are offered, whatever the input shows.
          if (details.open && details.reason !== 'input-change' && (!searched.current || failed))
            search(inputValue === valueText ? '' : inputValue, 0);
          if (!details.open) setInputValue(valueText);
        }}
        openOnClick
        invalid={!!error}
        positioning={{ sameWidth: true }}
      >
        <Combobox.Label>
          {label}
          <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            placeholder={placeholder ?? t('admin.pickerPlaceholder')}
            aria-describedby={describedBy}
          />
          <Combobox.IndicatorGroup>
            {loading && <Spinner size="xs" />}
            {mode === 'single' && <Combobox.ClearTrigger aria-label={t('admin.pickerClear', { label })} />}
            <Combobox.Trigger aria-label={t('admin.pickerOpen', { label })} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {/* Not portalled: the picker lives in a dialog, whose focus trap must include the list. */}
        <Combobox.Positioner>
          <Combobox.Content maxH="72" overflowY="auto">
            <Combobox.Empty>
              {failed ? t('admin.pickerFailed') : found ? t('admin.pickerNoMatch') : t('app.loading')}
            </Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.id} alignItems="start">
                <Combobox.ItemText display="flex" flexDirection="column" minW="0">
                  <Text as="span" fontWeight="medium">
                    {item.label}
                  </Text>{' '}
                  {item.detail && (
                    <Text as="span" fontSize="xs" color="fg.muted">
                      {item.detail}
                    </Text>
                  )}
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {error ? (
        <Field.ErrorText id={describedById}>{error}</Field.ErrorText>
      ) : (
        helperText && <Field.HelperText id={describedById}>{helperText}</Field.HelperText>
      )}
    </Field.Root>
  );
}
