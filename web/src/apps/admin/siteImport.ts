import { SITE_IMPORT_COLUMNS } from '@portal/domain/admin';

/** The extensions an establishments import takes (the api reads CSV and XLSX). */
export const SITE_IMPORT_ACCEPT = '.csv,.xlsx';

/** The largest file sent: its base64 stays under what the api reads in one request. */
export const SITE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

export function isImportFile(name: string): boolean {
  return /\.(csv|xlsx)$/i.test(name);
}

/** A file's bytes in base64, as the import's mutation carries them; read in slices (no call stack overflow). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const slice = 0x8000;
  let binary = '';
  for (let start = 0; start < bytes.length; start += slice) {
    binary += String.fromCharCode(...bytes.subarray(start, start + slice));
  }
  return btoa(binary);
}

/**
 * The template of an import: its first line names the columns in their order (`nom;adresse;...`), with the
 * byte-order mark that makes spreadsheets read it as UTF-8. A data address: nothing to revoke.
 */
export function importTemplateHref(): string {
  const header = SITE_IMPORT_COLUMNS.map((column) => column.header).join(';');
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${header}\r\n`)}`;
}

export const IMPORT_TEMPLATE_NAME = 'modele-import-etablissements.csv';
