import type { DocumentsPageQuery$variables } from '../../__generated__/DocumentsPageQuery.graphql.ts';
import { readSelection } from '../dashboard/selection.ts';

/** The tabs of `/documents`, read from `?vue=`. */
export const DOCUMENT_VIEWS = ['documents', 'administratifs', 'conformite'] as const;
export type DocumentView = (typeof DOCUMENT_VIEWS)[number];

export const VIEW_PARAM = 'vue';

export function documentView(params: URLSearchParams): DocumentView {
  const raw = params.get(VIEW_PARAM);
  return (DOCUMENT_VIEWS as readonly string[]).includes(raw ?? '') ? (raw as DocumentView) : 'documents';
}

const SORTS = {
  recent: { field: 'CREATED_AT', direction: 'DESC' },
  name: { field: 'NAME', direction: 'ASC' },
  date: { field: 'DOCUMENT_DATE', direction: 'DESC' },
  size: { field: 'SIZE', direction: 'DESC' },
} as const;
export type DocumentSort = keyof typeof SORTS;
export const DOCUMENT_SORTS = Object.keys(SORTS) as DocumentSort[];

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The page's variables from its URL: the tab, the list's filters and sort, the selected establishment. */
export function documentsVariables(params: URLSearchParams): DocumentsPageQuery$variables {
  const view = documentView(params);
  const sort = (params.get('tri') ?? 'recent') as DocumentSort;
  const establishmentId = readSelection(params).establishmentId;
  return {
    documents: view === 'documents',
    administrative: view === 'administratifs',
    compliance: view === 'conformite' && establishmentId !== null,
    establishmentId: establishmentId ?? 0,
    filter: {
      categoryId: params.get('categorie') || null,
      establishmentId: params.get('emetteur') || null,
      from: isoDate(params.get('du')),
      to: isoDate(params.get('au')),
      search: params.get('q')?.trim() || null,
      deleted: params.get('supprimes') === '1',
    },
    orderBy: SORTS[sort] ?? SORTS.recent,
  };
}
