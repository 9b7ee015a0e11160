import { Blockquote, Box, Code, Heading, Link, List, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import remarkGfm from 'remark-gfm';
import { ResponsiveTableFrame, type TableColumn } from './ResponsiveTable.tsx';

/**
 * Markdown of the portal's own texts (help pages, terms of use), drawn with the theme's components. react-markdown
 * builds React elements from the syntax tree: raw HTML in the text is never rendered (no rehype-raw), and link
 * and image addresses with an unsafe protocol (javascript:, data:...) are dropped by its default urlTransform.
 */

/** The anchor of a heading: its words, lowercase, without accents, joined by dashes ("La table des facteurs"). */
export function headingAnchor(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The text of rendered children (a heading's words, for its anchor). */
function textOf(children: ReactNode): string {
  if (typeof children === 'string' || typeof children === 'number') return String(children);
  if (Array.isArray(children)) return children.map(textOf).join('');
  if (children !== null && typeof children === 'object' && 'props' in children) {
    return textOf((children.props as { children?: ReactNode }).children);
  }
  return '';
}

/** The level-2 headings of a Markdown text, for a page's own table of contents. */
export function markdownSections(markdown: string): { anchor: string; title: string }[] {
  return [...markdown.matchAll(/^## +(.+?) *$/gm)].map((match) => {
    const title = (match[1] ?? '').replace(/[*_`]/g, '');
    return { anchor: headingAnchor(title), title };
  });
}

type SyntaxElement = NonNullable<ExtraProps['node']>;
type SyntaxContent = SyntaxElement['children'][number];

/** The text of a syntax-tree node (a header cell's words). */
function hastText(node: SyntaxContent): string {
  if (node.type === 'text') return node.value;
  return node.type === 'element' ? node.children.map(hastText).join('') : '';
}

/** A Markdown table's columns, from its header row: figures (aligned right in the text) stay on one line. */
function markdownTableColumns(table: SyntaxElement | undefined): TableColumn[] {
  const head = table?.children.find((child) => child.type === 'element' && child.tagName === 'thead');
  const row = head?.type === 'element' ? head.children.find((child) => child.type === 'element') : undefined;
  if (row?.type !== 'element') return [];
  return row.children.flatMap((cell) =>
    cell.type === 'element'
      ? [{ label: hastText(cell).trim(), numeric: cell.properties.align === 'right' }]
      : [],
  );
}

const components: Components = {
  // The page's title is its h1: the text's own headings start at h2.
  h1: ({ children }) => (
    <Heading as="h2" size="xl" mt="8" mb="3" id={headingAnchor(textOf(children))}>
      {children}
    </Heading>
  ),
  h2: ({ children }) => (
    <Heading as="h2" size="xl" mt="8" mb="3" id={headingAnchor(textOf(children))} scrollMarginTop="24">
      {children}
    </Heading>
  ),
  h3: ({ children }) => (
    <Heading as="h3" size="lg" mt="6" mb="2" id={headingAnchor(textOf(children))} scrollMarginTop="24">
      {children}
    </Heading>
  ),
  h4: ({ children }) => (
    <Heading as="h4" size="md" mt="4" mb="2">
      {children}
    </Heading>
  ),
  p: ({ children }) => (
    <Text mb="3" lineHeight="tall">
      {children}
    </Text>
  ),
  a: ({ href, children }) => {
    // The portal's own pages open in the app (no page load); anything else in a new tab.
    if (href?.startsWith('/') && !href.startsWith('//')) {
      return (
        <Link asChild color="brand.fg" textDecoration="underline">
          <RouterLink to={href}>{children}</RouterLink>
        </Link>
      );
    }
    return (
      <Link href={href} color="brand.fg" textDecoration="underline" target="_blank" rel="noopener noreferrer">
        {children}
      </Link>
    );
  },
  ul: ({ children }) => (
    <List.Root as="ul" ps="6" mb="3" gap="1">
      {children}
    </List.Root>
  ),
  ol: ({ children, start }) => (
    <List.Root as="ol" ps="6" mb="3" gap="1" listStyleType="decimal" {...(start ? { start } : {})}>
      {children}
    </List.Root>
  ),
  li: ({ children }) => <List.Item lineHeight="tall">{children}</List.Item>,
  blockquote: ({ children }) => (
    <Blockquote.Root mb="3" colorPalette="brand">
      <Blockquote.Content>{children}</Blockquote.Content>
    </Blockquote.Root>
  ),
  code: ({ children, className }) =>
    className === undefined ? (
      <Code size="sm">{children}</Code>
    ) : (
      <Box as="code" display="block" whiteSpace="pre" fontFamily="mono" fontSize="sm">
        {children}
      </Box>
    ),
  pre: ({ children }) => (
    <Box as="pre" bg="bg.muted" borderRadius="md" p="4" mb="3" overflowX="auto">
      {children}
    </Box>
  ),
  // A table wraps its cells to the page's width, and its rows become cards of labelled values on a phone.
  table: ({ node, children }) => (
    <Box mb="4">
      <ResponsiveTableFrame columns={markdownTableColumns(node)}>{children}</ResponsiveTableFrame>
    </Box>
  ),
  thead: ({ children }) => <Table.Header>{children}</Table.Header>,
  tbody: ({ children }) => <Table.Body>{children}</Table.Body>,
  tr: ({ children }) => <Table.Row>{children}</Table.Row>,
  th: ({ children }) => <Table.ColumnHeader scope="col">{children}</Table.ColumnHeader>,
  td: ({ children }) => <Table.Cell>{children}</Table.Cell>,
  hr: () => <Box as="hr" my="6" borderColor="border" />,
  // Images are not part of the portal's texts.
  img: () => null,
};

export function Markdown({ children }: { children: string }) {
  return (
    <Box className="markdown">
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components} skipHtml>
        {children}
      </ReactMarkdown>
    </Box>
  );
}
