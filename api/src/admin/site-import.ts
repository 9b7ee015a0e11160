import { Readable } from 'node:stream';
import {
  type AdminSiteInput,
  adminSiteSchema,
  messages,
  SITE_IMPORT_COLUMNS,
  SITE_IMPORT_MAX_LINES,
  typologyLabels,
  USER_TYPOLOGIES,
} from '@portal/domain';
import ExcelJS from 'exceljs';
import { ApiProblem, foldForSearch } from '../hydra/index.ts';

/** One line of an establishments import: its values as read, and what is wrong with it (nothing: it passes). */
export interface ImportLine {
  /** Its line number in the file (the header is line 1). */
  line: number;
  values: Record<(typeof SITE_IMPORT_COLUMNS)[number]['key'], string>;
  errors: string[];
  site: AdminSiteInput | null;
}

const formatRefused = () => new ApiProblem(422, messages.adminImportFormat);

/** The cells of a file's first sheet, as text, line by line (a CSV's separator is `;` or `,`, as found). */
async function readCells(content: Buffer, fileName: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const isZip = content.subarray(0, 2).toString('latin1') === 'PK';
  let sheet: ExcelJS.Worksheet | undefined;
  try {
    if (isZip && /\.xlsx$/i.test(fileName)) {
      await workbook.xlsx.load(content as unknown as ExcelJS.Buffer);
      sheet = workbook.worksheets[0];
    } else if (!isZip && /\.(csv|txt)$/i.test(fileName)) {
      const text = content.toString('utf8').replace(/^\uFEFF/, '');
      const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
      const delimiter = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ',';
      // Every value as typed: a postcode such as 01000 stays text.
      sheet = await workbook.csv.read(Readable.from([text]), {
        parserOptions: { delimiter },
        map: (value: string) => value,
      } as never);
    } else throw formatRefused();
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    throw formatRefused();
  }
  if (sheet === undefined) throw new ApiProblem(422, messages.adminImportEmpty);
  const lines: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let column = 1; column <= SITE_IMPORT_COLUMNS.length; column++) {
      cells.push(row.getCell(column).text.trim());
    }
    lines[number - 1] = cells;
  });
  return Array.from(lines, (cells) => cells ?? []);
}

/** A typology named by its code or its French label ("Producteur", "producer"). */
function typologyOf(name: string): string {
  const folded = foldForSearch(name.trim());
  const found = USER_TYPOLOGIES.find(
    (code) => code === folded || foldForSearch(typologyLabels[code]) === folded,
  );
  return found ?? name.trim();
}

/**
 * Reads an establishments import: its first line names the columns (`SITE_IMPORT_COLUMNS`, in that order), each
 * other non-empty line is one establishment, checked with the rules of a single creation; each error says its
 * line and column in French.
 */
export async function readSiteImport(content: Buffer, fileName: string): Promise<ImportLine[]> {
  const [header, ...rows] = await readCells(content, fileName);
  const expected = SITE_IMPORT_COLUMNS.map((column) => column.header);
  if (
    header === undefined ||
    expected.some((name, i) => foldForSearch(header[i] ?? '') !== foldForSearch(name))
  ) {
    throw new ApiProblem(422, messages.adminImportHeader(expected.join(', ')));
  }
  const lines: ImportLine[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((cell) => cell === '')) return;
    const values = Object.fromEntries(
      SITE_IMPORT_COLUMNS.map((column, i) => [column.key, cells[i] ?? '']),
    ) as ImportLine['values'];
    const line = index + 2;
    const parsed = adminSiteSchema.safeParse({
      ...values,
      typologies: values.typologies
        .split(/[,|/]/)
        .filter((name) => name.trim() !== '')
        .map(typologyOf),
    });
    const errors = parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const key = String(issue.path[0] ?? '');
          const label = SITE_IMPORT_COLUMNS.find((column) => column.key === key)?.label ?? key;
          const message =
            key === 'typologies' && issue.code !== 'too_small' && issue.code !== 'invalid_type'
              ? `« ${values.typologies} » : ${USER_TYPOLOGIES.map((code) => typologyLabels[code]).join(', ')} attendus`
              : issue.message;
          return messages.adminImportLine(line, label, message);
        });
    lines.push({ line, values, errors, site: parsed.success ? parsed.data : null });
  });
  if (lines.length === 0) throw new ApiProblem(422, messages.adminImportEmpty);
  if (lines.length > SITE_IMPORT_MAX_LINES) {
    throw new ApiProblem(422, messages.adminImportTooLong(SITE_IMPORT_MAX_LINES));
  }
  return lines;
}
