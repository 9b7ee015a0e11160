import { Combobox, createListCollection, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import type { SiteComboboxQuery } from '../../__generated__/SiteComboboxQuery.graphql.ts';
import { useSearchQuery } from '../../relay/useSearchQuery.ts';
import { type SiteChoice, useDashboardSelection } from './DashboardSelection.tsx';
import type { SiteSide } from './selection.ts';

/** How many sites a search lists: the user narrows a longer list by typing. */
export const SITE_SEARCH_PAGE_SIZE = 20;

const siteComboboxQuery = graphql`
  query SiteComboboxQuery($search: String, $first: Int!, $linked: Boolean!) {
    viewer {
      establishments(first: $first, search: $search) @skip(if: $linked) {
        totalCount
        edges {
          node {
            databaseId
            name
            companyName
            city
            postcode
          }
        }
      }
      linkedEstablishments(first: $first, search: $search) @include(if: $linked) {
        totalCount
        edges {
          node {
            databaseId
            name
            companyName
            city
            postcode
          }
        }
      }
    }
  }
`;

interface SearchPage {
  sites: readonly SiteChoice[];
  totalCount: number;
  /** The text searched; null for the first page of every site. */
  search: string | null;
}

const numbers = new Intl.NumberFormat('fr-FR');
const NO_SITES: readonly SiteChoice[] = [];
/** The list's first item once a site is chosen: no site (every one). No site has this id. */
const NO_SITE_ID = 0;

/** The site's company and city, the second line of an option and of the chosen site. */
export const siteDetails = (site: Pick<SiteChoice, 'companyName' | 'city'>) =>
  [site.companyName, site.city].filter(Boolean).join(' · ');

interface SiteComboboxProps {
  label: string;
  /** What the empty control says: no site chosen. */
  placeholder: string;
  /** What it says when the user has no site on that side (it is then disabled). */
  emptyPlaceholder: string;
  /** The list's item that goes back to no site chosen (every site). */
  noneLabel: string;
  openLabel: string;
  /** Own establishments, or the linked sites (a retriever's clients). */
  side: SiteSide;
  /** How many sites the user has on that side. */
  total: number;
  value: number | null;
  onChange: (site: SiteChoice | null) => void;
}

/**
 * A site of the header's selection, searched as the user types (a user may have thousands): the first sites,
 * then those whose name, company, city, postcode or SIRET match, one page of the graph's connection at a time.
 * Each option shows the site's full name, then its company and city on their own line. An ARIA combobox: arrows,
 * Enter and Escape work as usual.
 */
export function SiteCombobox({
  label,
  placeholder,
  emptyPlaceholder,
  noneLabel,
  openLabel,
  side,
  total,
  value,
  onChange,
}: SiteComboboxProps) {
  const { t } = useTranslation();
  const { site, rememberSite } = useDashboardSelection();
  const selected = value === null ? null : (site(value) ?? null);
  const selectedText = selected?.name ?? '';
  const [inputValue, setInputValue] = useState(selectedText);
  // The text of the last search started: a list opened on a chosen site starts again from every site.
  const lastSearch = useRef<string | null | undefined>(undefined);
  const {
    result: page,
    loading,
    failed,
    search,
  } = useSearchQuery<SiteComboboxQuery, SearchPage>(
    siteComboboxQuery,
    (text) => {
      lastSearch.current = text;
      return { search: text, first: SITE_SEARCH_PAGE_SIZE, linked: side === 'linked' };
    },
    (data, text) => {
      const connection = side === 'linked' ? data.viewer?.linkedEstablishments : data.viewer?.establishments;
      return {
        sites: (connection?.edges ?? []).map(({ node }) => ({
          databaseId: node.databaseId,
          name: node.name,
          companyName: node.companyName,
          city: node.city ?? null,
          postcode: node.postcode ?? null,
          side,
        })),
        totalCount: connection?.totalCount ?? 0,
        search: text,
      };
    },
  );

  // The chosen site may change from outside (the URL, a correction): the input follows it.
  useEffect(() => {
    setInputValue(selectedText);
  }, [selectedText]);

  // The unsearched first page starts with the way back to no site, then the chosen site, so that the list shows
  // it as chosen.
  const collection = useMemo(() => {
    const found = page?.sites ?? NO_SITES;
    const firstPage = page?.search === null;
    const none: SiteChoice = {
      databaseId: NO_SITE_ID,
      name: noneLabel,
      companyName: '',
      city: null,
      postcode: null,
      side,
    };
    const items = [
      ...(firstPage && selected ? [none] : []),
      ...(firstPage && selected && !found.some((item) => item.databaseId === selected.databaseId)
        ? [selected]
        : []),
      ...found,
    ];
    return createListCollection({
      items,
      // Back to no site, the input is empty and shows its placeholder.
      itemToString: (item) => (item.databaseId === NO_SITE_ID ? '' : item.name),
      itemToValue: (item) => String(item.databaseId),
    });
  }, [page, selected, noneLabel, side]);
  const disabled = total === 0;
  const shown = page?.sites.length ?? 0;

  return (
    <Combobox.Root
      size="sm"
      collection={collection}
      value={value === null ? [] : [String(value)]}
      inputValue={inputValue}
      onInputValueChange={(details) => {
        setInputValue(details.inputValue);
        if (details.reason === 'input-change') search(details.inputValue);
      }}
      onValueChange={(details) => {
        const chosen = details.items[0] ?? null;
        if (chosen === null || chosen.databaseId === NO_SITE_ID) return onChange(null);
        rememberSite(chosen);
        onChange(chosen);
      }}
      onOpenChange={(details) => {
        // Opened on a chosen site, every site is offered, not only those matching its name (again if the last
        // attempt failed). Opened by typing, the input-change search already runs with the new text.
        if (details.open && details.reason !== 'input-change' && (lastSearch.current !== null || failed))
          search('', 0);
        // Closed without a choice, the input shows the chosen site again.
        if (!details.open) setInputValue(selectedText);
      }}
      openOnClick
      disabled={disabled}
      positioning={{ placement: 'bottom-start', sameWidth: false }}
      // The list exists while open only: mounted with every page, its reset to the top forced a layout of the
      // page as the header first rendered.
      lazyMount
      unmountOnExit
    >
      <Combobox.Label fontSize="xs" color="fg.muted" mb="0" fontWeight="normal">
        {label}
      </Combobox.Label>
      <Combobox.Control>
        <Combobox.Input
          // Room for the one indicator (the list's trigger), not more: long site names need every pixel.
          pe="7"
          placeholder={
            disabled ? emptyPlaceholder : value !== null && !selected ? t('layout.siteLoading') : placeholder
          }
          title={selected ? `${selected.name}\n${siteDetails(selected)}` : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Combobox.IndicatorGroup>
          {loading && <Spinner size="xs" />}
          <Combobox.Trigger aria-label={openLabel} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      {selected && (
        <Text fontSize="xs" color="fg.muted" truncate>
          {siteDetails(selected)}
        </Text>
      )}
      {/* Not portalled: on a phone the selection is in the menu drawer, whose focus trap must include the list. */}
      <Combobox.Positioner>
        <Combobox.Content
          minW="var(--reference-width)"
          width="md"
          maxW="calc(100vw - 1.5rem)"
          maxH="min(24rem, 70dvh)"
          overflowY="auto"
        >
          <Combobox.Empty>
            {failed ? t('layout.siteSearchFailed') : page ? t('layout.siteNoMatch') : t('layout.siteLoading')}
          </Combobox.Empty>
          {page && page.totalCount > shown ? (
            <Combobox.ItemGroup>
              <Combobox.ItemGroupLabel fontWeight="normal" color="fg.muted">
                {t('layout.siteFirstResults', {
                  shown: numbers.format(shown),
                  total: numbers.format(page.totalCount),
                })}
              </Combobox.ItemGroupLabel>
              <SiteOptions items={collection.items} />
            </Combobox.ItemGroup>
          ) : (
            <SiteOptions items={collection.items} />
          )}
        </Combobox.Content>
      </Combobox.Positioner>
    </Combobox.Root>
  );
}

function SiteOptions({ items }: { items: readonly SiteChoice[] }) {
  return items.map((item) =>
    item.databaseId === NO_SITE_ID ? (
      <Combobox.Item item={item} key={item.databaseId} py="1.5">
        <Combobox.ItemText color="fg.muted">{item.name}</Combobox.ItemText>
      </Combobox.Item>
    ) : (
      <Combobox.Item item={item} key={item.databaseId} alignItems="start" py="1.5">
        <Combobox.ItemText display="flex" flexDirection="column" minW="0">
          <Text as="span" fontWeight="medium">
            {item.name}
          </Text>{' '}
          <Text as="span" fontSize="xs" color="fg.muted">
            {siteDetails(item)}
          </Text>
        </Combobox.ItemText>
        <Combobox.ItemIndicator />
      </Combobox.Item>
    ),
  );
}
