import { defineFields } from './fields.ts';

/**
 * Help pages (`/aide/...`) and the portal's legal texts (the terms of use, the legal notice). Both are Markdown
 * written in the repository (api/src/help/content) and loaded into the database at start; users only read them.
 */

/** A help page's path after `/aide/`: lowercase words joined by dashes, in folders (`premiers-pas/producteur`). */
export const HELP_PATH_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

/** The help page shown at `/aide` itself: the user guide's first page. */
export const HELP_HOME_PATH = 'guide';

export const helpContentFields = defineFields()({
  path: { kind: 'text', column: 'path', label: 'Adresse', required: true },
  title: { kind: 'text', column: 'title', label: 'Titre', required: true },
  summary: { kind: 'text', column: 'summary', label: 'Résumé', required: true },
  content: { kind: 'text', column: 'content', label: 'Contenu', required: true },
  /** Its place in the user guide, which is the ordered set of the pages. */
  position: { kind: 'integer', column: 'position', label: 'Ordre', required: true },
  updatedAt: { kind: 'timestamp', column: 'updated_at', label: 'Mis à jour le', required: true },
});

/** The kinds of legal text: the terms of use users accept, and the legal notice they may read. */
export const STATIC_CONTENT_CODES = ['cgu', 'mentions-legales'] as const;
export type StaticContentCode = (typeof STATIC_CONTENT_CODES)[number];

/** The legal text users must accept (SPEC 5). */
export const TERMS_CODE: StaticContentCode = 'cgu';

export const staticContentFields = defineFields()({
  code: { kind: 'enum', column: 'code', label: 'Texte', required: true, values: STATIC_CONTENT_CODES },
  /** Versions of a text count from 1; the current one is the highest already published. */
  version: { kind: 'integer', column: 'version', label: 'Version', required: true },
  title: { kind: 'text', column: 'title', label: 'Titre', required: true },
  content: { kind: 'text', column: 'content', label: 'Contenu', required: true },
  publishedAt: { kind: 'timestamp', column: 'published_at', label: 'Publiée le', required: true },
});
