import { once } from 'node:events';
import { finished, PassThrough, type Readable, type Writable } from 'node:stream';
import type { RegisterExportFormat, RegisterLine, RegisterLineSource, RegisterParty } from '@portal/domain';
import ExcelJS from 'exceljs';

/**
 * The national register's export of a producer's outgoing waste (DOMAIN.md, The waste register): register lines
 * written in the OUTGOING columns of registry-export-columns.json, as CSV or XLSX. Lines are written one by one
 * as the source yields them, and the source is read only as fast as the output takes bytes, so a year of a
 * million lines never sits in memory.
 */

/** One column of the export, in the order of registry-export-columns.json. */
export interface RegisterExportColumn {
  field: string;
  label: string;
}

/** A calendar date (`yyyy-MM-dd`): text in CSV, a real date in XLSX. */
export interface RegisterDateCell {
  readonly date: string;
}

/** A cell of the export; numbers are tonnes (3 decimals in CSV), null an empty cell. */
export type RegisterCell = string | number | RegisterDateCell | null;

/** A line in the export's fields (`field` of registry-export-columns.json); a field not set is empty. */
export type RegisterExportRow = ReadonlyMap<string, RegisterCell>;

export interface RegisterExportHelpers {
  /** The export form of an official treatment code (`R 1` → `R1`, `compactCode` of treatment-codes.json). */
  compactCode: (code: string) => string;
}

export interface RegisterExportOptions extends RegisterExportHelpers {
  /** Called after each line is written, with the number written so far (a progress figure). */
  onLine?: (count: number) => void;
}

export type RegisterLines = AsyncIterable<RegisterLine> | Iterable<RegisterLine>;

export const REGISTER_EXPORT_MEDIA_TYPES: Record<RegisterExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `compactCode` from the official list (treatment-codes.json); a code the list lacks loses its spaces, which is
 * the rule the list follows.
 */
export function compactCodeFrom(
  treatmentCodes: readonly { code: string; compactCode: string }[],
): (code: string) => string {
  const compact = new Map(treatmentCodes.map((entry) => [entry.code, entry.compactCode]));
  return (code) => compact.get(code) ?? code.replace(/\s+/g, '');
}

const SOURCE_LABELS: Record<RegisterLineSource, string> = { OPERATION: 'Portail' };
/** The register's five carrier slots (transporter1 to transporter5). */
const CARRIER_SLOTS = 5;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const yesNo = (value: boolean) => (value ? 'O' : 'N');
const text = (value: string | null | undefined): string | null =>
  value === null || value === undefined || value.trim() === '' ? null : value;

/** A date cell from `yyyy-MM-dd` (a longer ISO form keeps its day); anything else stays text. */
function dateCell(value: string | null): RegisterCell {
  if (value === null) return null;
  const day = DATE.exec(value)?.[0];
  return day === undefined ? text(value) : { date: day };
}

/** Tonnes as a number; text that is no number stays as written rather than being lost. */
function tonnes(value: string | null): RegisterCell {
  if (text(value) === null) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
}

const formatTonnes = (value: number) => value.toFixed(3);

/** A list cell (`a, b`), its items kept in place so that parallel lists (SIRETs, codes, weights) line up. */
function list(values: (string | null)[]): string | null {
  return values.some((value) => text(value) !== null) ? values.map((value) => value ?? '').join(', ') : null;
}

/** The field names of a party's columns (`emitterCompanySiret`...), built once rather than for every line. */
const partyFields = (prefix: string) => ({
  siret: `${prefix}Siret`,
  name: `${prefix}Name`,
  address: `${prefix}Address`,
  postalCode: `${prefix}PostalCode`,
  city: `${prefix}City`,
  country: `${prefix}Country`,
});
type PartyFields = ReturnType<typeof partyFields>;

const EMITTER = partyFields('emitterCompany');
const DESTINATION = partyFields('destinationCompany');
const CARRIERS = Array.from({ length: CARRIER_SLOTS }, (_, index) => ({
  ...partyFields(`transporter${index + 1}Company`),
  mode: `transporter${index + 1}TransportMode`,
  receipt: `transporter${index + 1}RecepisseNumber`,
}));

/** The line in the export's OUTGOING fields (see writeRegisterCells), as a map. */
export function registerExportRow(line: RegisterLine, helpers: RegisterExportHelpers): RegisterExportRow {
  const row = new Map<string, RegisterCell>();
  writeRegisterCells(line, helpers, (field, cell) => row.set(field, cell));
  return row;
}

/**
 * The line in the export's OUTGOING fields, shared by the CSV and the XLSX writers: each cell that has a value is
 * handed to `put` with its field, straight into the writer's row (a million lines build no map of their own).
 */
export function writeRegisterCells(
  line: RegisterLine,
  helpers: RegisterExportHelpers,
  put: (field: string, cell: RegisterCell) => void,
): void {
  const set = (field: string, value: RegisterCell) => {
    if (value !== null && value !== '') put(field, value);
  };
  const code = (value: string | null) => (text(value) === null ? null : helpers.compactCode(value as string));
  const party = (fields: PartyFields, value: RegisterParty, country: boolean) => {
    set(fields.siret, text(value.siret));
    set(fields.name, text(value.name));
    set(fields.address, text(value.address));
    set(fields.postalCode, text(value.postalCode));
    set(fields.city, text(value.city));
    // The portal only knows French establishments.
    if (country) set(fields.country, 'FR');
  };

  set('source', SOURCE_LABELS[line.source]);
  set('publicId', line.id);
  set('bsdId', list(line.slipNumbers));
  set('reportAsSiret', text(line.origin.siret));
  set('transporterTakenOverAt', dateCell(line.shipmentDate));

  set('wasteDescription', text(line.wasteDescription));
  set('wasteCode', text(line.wasteCode));
  set('wastePop', yesNo(line.pop));
  set('wasteIsDangerous', yesNo(line.dangerous));
  const weight = tonnes(line.weight);
  set('weight', weight);
  // Trackdéchets' values; with no weight there is nothing to qualify.
  if (weight !== null) set('weightIsEstimate', line.weightIsEstimate ? 'ESTIME' : 'REEL');

  party(EMITTER, line.origin, text(line.origin.siret) !== null);
  if (line.pickupSite !== null) {
    set('emitterPickupsiteName', text(line.pickupSite.name));
    set('emitterPickupsiteAddress', text(line.pickupSite.address));
    set('emitterPickupsitePostalCode', text(line.pickupSite.postalCode));
    set('emitterPickupsiteCity', text(line.pickupSite.city));
    set('emitterPickupsiteCountry', 'FR');
  }

  if (line.ecoOrganisation !== null) {
    set('ecoOrganismeName', text(line.ecoOrganisation.name));
    // The register's column asks a SIRET; the portal holds the SIREN article 2 asks, written as given.
    set('ecoOrganismeSiret', text(line.ecoOrganisation.siren));
  }
  if (line.broker !== null) {
    set('brokerCompanySiret', text(line.broker.siret));
    set('brokerCompanyName', text(line.broker.name));
    set('brokerRecepisseNumber', text(line.broker.receiptNumber));
  }

  // The register has five carrier slots; a sixth carrier has no column to go to.
  line.carriers.slice(0, CARRIER_SLOTS).forEach((carrier, index) => {
    const fields = CARRIERS[index]!;
    set(fields.mode, 'ROAD');
    party(fields, carrier, true);
    set(fields.receipt, text(carrier.receiptNumber));
  });

  if (line.destination !== null) party(DESTINATION, line.destination, true);
  set('destinationReceptionWeight', weight);
  set('destinationPlannedOperationCode', code(line.plannedTreatmentCode));
  set('destinationOperationCodes', code(line.treatmentCode));
  const finals = line.finalTreatments;
  // At a transit facility the qualification article 2 asks is each final treatment's: listed in the order of the
  // final codes, as the register has no column of its own for them.
  set(
    'destinationOperationModes',
    line.qualification ?? (finals.length > 0 ? list(finals.map((final) => final.qualification)) : null),
  );

  if (finals.length > 0) {
    set('destinationFinalOperationCompanySirets', list(finals.map((final) => final.siret)));
    set('destinationFinalOperationCodes', list(finals.map((final) => code(final.treatmentCode))));
    set(
      'destinationFinalOperationWeights',
      list(
        finals.map((final) => {
          const value = tonnes(final.weight);
          return typeof value === 'number' ? formatTonnes(value) : (value as string | null);
        }),
      ),
    );
  }
}

/** The CSV text of a cell: tonnes with 3 decimals, dates `yyyy-MM-dd`. */
function csvCell(cell: RegisterCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return formatTonnes(cell);
  if (typeof cell === 'object') return cell.date;
  return cell;
}

/** A cell a user typed that a spreadsheet would run as a formula (OWASP "CSV injection"): = + - @ tab CR, and their full-width forms. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** What makes a cell quoted: the separator, a quote, or a line break (Excel would start a new row). */
const NEEDS_QUOTES = /[;"\r\n]/;

/**
 * One CSV cell as text: a formula-like start is neutralised with a leading apostrophe, and a cell holding the
 * separator, a quote or a line break is quoted, its quotes doubled (RFC 4180).
 */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The fate of a writer's output: `outDone` resolves once it has finished; `outFailed` rejects as soon as it fails
 * (and never settles otherwise), for the writer to race its waits against: a reader gone never drains.
 */
function watched(out: Writable): { outDone: Promise<void>; outFailed: Promise<never> } {
  const outDone = new Promise<void>((resolve, reject) =>
    finished(out, { readable: false }, (error) => (error ? reject(error) : resolve())),
  );
  const outFailed = outDone.then(() => new Promise<never>(() => {}));
  outFailed.catch(() => {});
  return { outDone, outFailed };
}

/** A CSV record of these cells, with its CRLF. */
const csvRecord = (cells: readonly string[]) => `${cells.map(csvText).join(';')}\r\n`;

/** Text is handed to `out` in chunks of about this size: one write per chunk, not one per line. */
const CSV_CHUNK = 64 * 1024;

/**
 * Writes the register as CSV to `out` and ends it (DOMAIN.md: `;`, UTF-8 with a BOM so that Excel reads it as
 * such, a header row of the columns' labels, CRLF line ends). Lines are gathered into chunks and the next line is
 * read only once `out` takes more (its buffer drained). Resolves with the number of lines once `out` has
 * finished; on a failure of the source or of `out`, `out` is destroyed, so a cut file is never taken for a whole
 * one. Written here rather than with a CSV library: a general writer's work on each of the 165 cells of a line
 * (most of them empty) cost ten times the export's budget of 20 µs a line.
 */
export async function writeRegisterCsv(
  lines: RegisterLines,
  columns: readonly RegisterExportColumn[],
  out: Writable,
  options: RegisterExportOptions,
): Promise<number> {
  const { outDone, outFailed } = watched(out);
  const positions = new Map(columns.map((column, index) => [column.field, index]));
  const cells = columns.map(() => '');
  const filled: number[] = [];
  let chunk = `\uFEFF${csvRecord(columns.map((column) => column.label))}`;
  let count = 0;
  const flush = async () => {
    const more = out.write(chunk);
    chunk = '';
    if (!more) await Promise.race([once(out, 'drain'), outFailed]);
  };
  try {
    for await (const line of lines) {
      writeRegisterCells(line, options, (field, cell) => {
        const position = positions.get(field);
        if (position === undefined) return;
        cells[position] = csvText(csvCell(cell));
        filled.push(position);
      });
      chunk += `${cells.join(';')}\r\n`;
      // One row of cells for every line: only the few it filled go back to empty.
      for (const position of filled) cells[position] = '';
      filled.length = 0;
      count += 1;
      options.onLine?.(count);
      if (chunk.length >= CSV_CHUNK) await flush();
    }
    if (chunk.length > 0) await flush();
    out.end();
    await outDone;
    return count;
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}

const SHEET_NAME = 'Registre sortant';
/**
 * One style object per kind of cell: exceljs caches a style by its object, so sharing them spares rendering a
 * style for every cell, which otherwise takes about half the time of a row.
 */
const CELL_STYLES = {
  text: {},
  tonnes: { numFmt: '0.000' },
  date: { numFmt: 'yyyy-mm-dd' },
} satisfies Record<string, Partial<ExcelJS.Style>>;

/** The cell value exceljs writes: numbers stay numbers, dates become real dates (UTC midnight: no shift). */
function xlsxValue(cell: RegisterCell | undefined): string | number | Date | undefined {
  if (cell === null || cell === undefined) return undefined;
  if (typeof cell !== 'object') return cell;
  const [, year, month, day] = DATE.exec(cell.date) ?? [];
  return year === undefined ? cell.date : new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
}

interface BufferedWritable {
  /** Set when a write returned false: 'drain' follows once the buffer is taken (Node and readable-stream alike). */
  _writableState: { needDrain: boolean };
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/**
 * exceljs (4.4) writes a sheet's XML into the zip through a PassThrough (readable-stream 2) and ignores what its
 * writes return: left alone, a fast source piles the whole sheet up there while the output is slow. This finds
 * that PassThrough (the pipe of the sheet's internal stream) so that the writer can wait for it to drain, which
 * happens as fast as the zip is read into `out`. These are exceljs internals: the bounded-memory test of
 * registry-export.test.ts fails if an upgrade moves them.
 */
function sheetSink(sheet: ExcelJS.Worksheet): BufferedWritable | undefined {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const sink = pipes?.[0] as Partial<BufferedWritable> | undefined;
  return typeof sink?._writableState?.needDrain === 'boolean' ? (sink as BufferedWritable) : undefined;
}

/** Resolves when `sink` drains; rejects as soon as `out` fails, whose failure would keep it full for ever. */
function drained(sink: BufferedWritable, outFailed: Promise<never>): Promise<void> {
  let listener = () => {};
  const drain = new Promise<void>((resolve) => {
    listener = resolve;
    sink.once('drain', listener);
  });
  return Promise.race([drain, outFailed]).finally(() => sink.removeListener('drain', listener));
}

/**
 * Writes the register as XLSX to `out` and ends it: one sheet, a header row of the columns' labels, then one row
 * per line committed as it comes, with typed cells (text, tonnes as numbers, dates as dates). Resolves with the
 * number of lines once `out` has finished; on a failure, `out` is destroyed.
 */
export async function writeRegisterXlsx(
  lines: RegisterLines,
  columns: readonly RegisterExportColumn[],
  out: Writable,
  options: RegisterExportOptions,
): Promise<number> {
  const { outDone, outFailed } = watched(out);

  // Inline strings rather than a shared-strings table, which would grow with the file until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  try {
    sheet.addRow(columns.map((column) => column.label)).commit();
    const positions = new Map(columns.map((column, index) => [column.field, index + 1]));
    let count = 0;
    for await (const line of lines) {
      const written = sheet.addRow([]);
      // Only the line's cells: most of the 165 columns are empty.
      writeRegisterCells(line, options, (field, cell) => {
        const position = positions.get(field);
        const value = xlsxValue(cell);
        if (position === undefined || value === undefined) return;
        const target = written.getCell(position);
        target.value = value;
        target.style =
          typeof value === 'number'
            ? CELL_STYLES.tonnes
            : value instanceof Date
              ? CELL_STYLES.date
              : CELL_STYLES.text;
      });
      written.commit();
      count += 1;
      options.onLine?.(count);
      const sink = sheetSink(sheet);
      if (sink?._writableState.needDrain) await drained(sink, outFailed);
    }
    await Promise.race([workbook.commit(), outFailed]);
    await outDone;
    return count;
  } catch (error) {
    out.destroy(error as Error);
    throw error;
  }
}

export interface RegisterExport extends RegisterExportOptions {
  format: RegisterExportFormat;
  lines: RegisterLines;
  columns: readonly RegisterExportColumn[];
}

/** Writes the register in `format` to `out` (see writeRegisterCsv and writeRegisterXlsx). */
export function writeRegisterExport(options: RegisterExport & { out: Writable }): Promise<number> {
  const { format, lines, columns, out } = options;
  return format === 'csv'
    ? writeRegisterCsv(lines, columns, out, options)
    : writeRegisterXlsx(lines, columns, out, options);
}

/**
 * The register in `format` as a stream to send (an HTTP reply): it is produced as it is read, and destroyed with
 * the error if the source fails.
 */
export function registerExportStream(options: RegisterExport): Readable {
  const out = new PassThrough();
  // The writer destroys `out` with the error, which the reader sees.
  writeRegisterExport({ ...options, out }).catch(() => {});
  return out;
}
