import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HELP_PATH_PATTERN, STATIC_CONTENT_CODES } from '@portal/domain';
import { z } from 'zod';
import type { Db } from '../db/index.ts';

/**
 * The help pages and legal texts are Markdown files of the repository (`content/`, `content/legal/`), each with
 * a front matter of `key: value` lines between `---` lines. They are loaded into `help_contents` and
 * `static_contents` when the api starts, so that the text is reviewed like code and served from the database.
 */
export const CONTENT_DIR = new URL('./content/', import.meta.url);

const helpFrontMatter = z.object({
  path: z.string().regex(HELP_PATH_PATTERN),
  title: z.string().min(1).max(255),
  summary: z.string().min(1),
  position: z.coerce.number().int().positive(),
});

const legalFrontMatter = z.object({
  code: z.enum(STATIC_CONTENT_CODES),
  version: z.coerce.number().int().positive(),
  title: z.string().min(1).max(255),
  publishedAt: z.iso.datetime({ offset: true }),
});

export type HelpPageFile = z.infer<typeof helpFrontMatter> & { content: string };
export type LegalTextFile = z.infer<typeof legalFrontMatter> & { content: string };

/** The front matter and body of a Markdown file; a file without one is refused (named in the error). */
export function parseMarkdownFile(
  name: string,
  text: string,
): { meta: Record<string, string>; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (match === null) throw new Error(`${name}: no front matter (--- key: value --- at the top)`);
  const meta: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const separator = line.indexOf(':');
    if (separator < 1) throw new Error(`${name}: front matter line without "key: value": ${line}`);
    meta[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return { meta, body: (match[2] ?? '').trim() };
}

async function markdownFiles(directory: URL): Promise<{ name: string; text: string }[]> {
  const path = directory.pathname;
  const names = (await readdir(path)).filter((name) => name.endsWith('.md')).sort();
  return Promise.all(names.map(async (name) => ({ name, text: await readFile(join(path, name), 'utf8') })));
}

function parseWith<T extends object>(
  schema: z.ZodType<T>,
  name: string,
  text: string,
): T & { content: string } {
  const { meta, body } = parseMarkdownFile(name, text);
  const parsed = schema.safeParse(meta);
  if (!parsed.success) throw new Error(`${name}: ${z.prettifyError(parsed.error)}`);
  return { ...parsed.data, content: body };
}

export async function readHelpPages(directory: URL = CONTENT_DIR): Promise<HelpPageFile[]> {
  const pages = (await markdownFiles(directory)).map(({ name, text }) =>
    parseWith(helpFrontMatter, name, text),
  );
  for (const key of ['path', 'position'] as const) {
    const seen = new Set<unknown>();
    for (const page of pages) {
      if (seen.has(page[key])) throw new Error(`Two help pages have the ${key} ${page[key]}`);
      seen.add(page[key]);
    }
  }
  return pages;
}

export async function readLegalTexts(
  directory: URL = new URL('./legal/', CONTENT_DIR),
): Promise<LegalTextFile[]> {
  return (await markdownFiles(directory)).map(({ name, text }) => parseWith(legalFrontMatter, name, text));
}

/**
 * Makes the tables hold the repository's text: help pages by path (pages removed from the repository go), legal
 * texts by code and version (a version, once published, stays: acceptances name it). Unchanged rows are left
 * alone, so `updated_at` says when a page's text last changed. What the operator wrote in the back office (a
 * page it changed or added, a version it published) is left as it is.
 */
export async function syncContents(
  db: Db,
  pages: readonly HelpPageFile[],
  legalTexts: readonly LegalTextFile[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const paths = pages.map((page) => page.path);
    await tx.query(
      'delete from help_contents where not (path = any($1::text[])) and not edited_by_operator',
      [paths],
    );
    // Positions are unique: move the kept pages out of the way before giving them their new places.
    await tx.query('update help_contents set position = -id');
    for (const page of pages) {
      // A page the operator changed keeps its text; it takes its place in the guide all the same.
      await tx.query(
        `insert into help_contents (path, title, summary, content, position) values ($1, $2, $3, $4, $5)
         on conflict (path) do update set
           title = case when help_contents.edited_by_operator then help_contents.title else excluded.title end,
           summary = case when help_contents.edited_by_operator then help_contents.summary else excluded.summary end,
           content = case when help_contents.edited_by_operator then help_contents.content else excluded.content end,
           position = excluded.position,
           updated_at = case when not help_contents.edited_by_operator
             and (help_contents.title, help_contents.summary, help_contents.content)
             is distinct from (excluded.title, excluded.summary, excluded.content)
             then now() else help_contents.updated_at end`,
        [page.path, page.title, page.summary, page.content, page.position],
      );
    }
    // The operator's own pages follow the repository's, in the order they were written.
    await tx.query(
      `update help_contents h set position = o.position
       from (select id, (select coalesce(max(position), 0) from help_contents where position > 0)
                        + row_number() over (order by id) as position
             from help_contents where position < 0) o
       where h.id = o.id`,
    );
    for (const text of legalTexts) {
      await tx.query(
        `insert into static_contents (code, version, title, content, published_at) values ($1, $2, $3, $4, $5)
         on conflict (code, version) do update set title = excluded.title, content = excluded.content,
           published_at = excluded.published_at
         where not static_contents.published_by_operator`,
        [text.code, text.version, text.title, text.content, text.publishedAt],
      );
    }
  });
}
