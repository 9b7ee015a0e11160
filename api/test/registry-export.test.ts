import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type RegisterLine, registerLineGaps } from '@portal/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadReferenceData } from '../src/reference/data.ts';
import {
  compactCodeFrom,
  type RegisterExportColumn,
  type RegisterExportHelpers,
  registerExportRow,
  registerExportStream,
  writeRegisterCsv,
  writeRegisterXlsx,
} from '../src/registry/export.ts';
import { referenceDataDir } from './helpers.ts';

let columns: RegisterExportColumn[];
let helpers: RegisterExportHelpers;

beforeAll(async () => {
  const data = await loadReferenceData(referenceDataDir());
  columns = data.registryExportColumns.OUTGOING!;
  helpers = { compactCode: compactCodeFrom(data.treatmentCodes) };
});

const line = (fields: Omit<RegisterLine, 'missing'>): RegisterLine => ({
  ...fields,
  missing: registerLineGaps(fields),
});

const nobody = { name: null, siret: null, address: null, postalCode: null, city: null };

/** Shipped to a transit facility (R 13) through a broker, two carriers and two final treatments. */
const transit = line({
  id: '/api/operations/12',
  source: 'OPERATION',
  shipmentDate: '2025-03-14',
  wasteDescription: 'Terres; cailloux "propres"',
  wasteCode: '17 05 03*',
  pop: false,
  dangerous: true,
  slipNumbers: ['BSDD-2025-0001', 'BSDD-2025-0002'],
  weight: '1.250',
  weightIsEstimate: true,
  origin: {
    name: 'Durand Travaux SAS',
    siret: '73282932000074',
    address: '12 rue de la Paix',
    postalCode: '75002',
    city: 'Paris',
  },
  pickupSite: {
    name: 'Chantier Part-Dieu',
    siret: null,
    address: '5 place Charles Béraudier',
    postalCode: '69003',
    city: 'Lyon',
  },
  ecoOrganisation: { name: 'Valobat', siren: '901241290' },
  broker: {
    name: 'Courtage Déchets',
    siret: '44306184100047',
    address: '1 quai du Port',
    postalCode: '13002',
    city: 'Marseille',
    receiptNumber: 'REC-BRK-42',
  },
  carriers: [
    {
      name: 'Transports Martin',
      siret: '55210055400013',
      address: '3 route de Lyon',
      postalCode: '69100',
      city: 'Villeurbanne',
      receiptNumber: 'REC-T1',
    },
    {
      name: 'Fret Sud',
      siret: '38012986646850',
      address: '8 avenue du Rhône',
      postalCode: '84000',
      city: 'Avignon',
      receiptNumber: 'REC-T2',
    },
  ],
  destination: {
    name: 'Plateforme de Transit Est',
    siret: '35600000000048',
    address: 'ZI Nord',
    postalCode: '67000',
    city: 'Strasbourg',
  },
  plannedTreatmentCode: 'R 13',
  treatmentCode: 'R 13',
  qualification: null,
  finalTreatments: [
    { siret: '41816609600069', treatmentCode: 'R 5', qualification: 'RECYCLAGE', weight: '1' },
    {
      siret: '50043054600010',
      treatmentCode: 'R 1',
      qualification: 'VALORISATION_ENERGETIQUE',
      weight: '0.25',
    },
  ],
});

/** Burnt for energy at its destination; its description looks like a spreadsheet formula. */
const energy = line({
  id: '/api/operations/13',
  source: 'OPERATION',
  shipmentDate: '2025-04-02',
  wasteDescription: '=HYPERLINK("http://example.test")',
  wasteCode: '20 03 01',
  pop: true,
  dangerous: false,
  slipNumbers: [],
  weight: '12.5',
  weightIsEstimate: false,
  origin: { ...nobody, name: 'Bureau Lille', siret: '73282932000082', city: 'Lille' },
  pickupSite: null,
  ecoOrganisation: null,
  broker: null,
  carriers: [{ ...nobody, name: 'Transports Nord', siret: '55210055400021', receiptNumber: 'REC-N' }],
  destination: {
    ...nobody,
    name: 'UVE Halluin',
    siret: '78925418500016',
    address: 'Bâtiment B\nRoute de Menin',
    city: 'Halluin',
  },
  plannedTreatmentCode: 'R 1',
  treatmentCode: 'R 1',
  qualification: 'VALORISATION_ENERGETIQUE',
  finalTreatments: [],
});

/** Nothing known but the line itself. */
const minimal = line({
  id: '/api/operations/14',
  source: 'OPERATION',
  shipmentDate: null,
  wasteDescription: null,
  wasteCode: null,
  pop: false,
  dangerous: false,
  slipNumbers: [],
  weight: null,
  weightIsEstimate: false,
  origin: nobody,
  pickupSite: null,
  ecoOrganisation: null,
  broker: null,
  carriers: [],
  destination: null,
  plannedTreatmentCode: null,
  treatmentCode: null,
  qualification: null,
  finalTreatments: [],
});

async function* from<T>(values: T[]): AsyncIterable<T> {
  yield* values;
}

/** A Writable keeping what it is given. */
function collector() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  return { out, buffer: () => Buffer.concat(chunks) };
}

/** RFC 4180 records (quoted fields may hold `;`, `""` and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      record.push(field);
      field = '';
    } else if (char === '\r' || char === '\n') {
      // As a spreadsheet reads it: any line break outside quotes ends the record.
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && text[index + 1] === '\n') index += 1;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

/** The cells of a row by column label (labels are unique in OUTGOING). */
const byLabel = (row: readonly unknown[]) =>
  new Map(columns.map((column, index) => [column.label, row[index]] as const));

const label = (field: string) => {
  const column = columns.find((entry) => entry.field === field);
  if (column === undefined) throw new Error(`No OUTGOING column ${field}`);
  return column.label;
};

describe('registerExportRow', () => {
  it('writes only OUTGOING fields', () => {
    const fields = new Set(columns.map((column) => column.field));
    for (const value of [transit, energy, minimal]) {
      expect([...registerExportRow(value, helpers).keys()].filter((field) => !fields.has(field))).toEqual([]);
    }
    expect(columns).toHaveLength(165);
    expect(new Set(columns.map((column) => column.label)).size).toBe(165);
  });

  it('types the cells and compacts the codes', () => {
    const row = registerExportRow(transit, helpers);
    expect(row.get('transporterTakenOverAt')).toEqual({ date: '2025-03-14' });
    expect(row.get('weight')).toBe(1.25);
    expect(row.get('destinationReceptionWeight')).toBe(1.25);
    expect(row.get('destinationPlannedOperationCode')).toBe('R13');
    expect(row.get('destinationFinalOperationCodes')).toBe('R5, R1');
    // At the transit facility, the final treatments' qualifications, in the order of their codes.
    expect(row.get('destinationOperationModes')).toBe('RECYCLAGE, VALORISATION_ENERGETIQUE');
    expect(registerExportRow(energy, helpers).get('destinationOperationModes')).toBe(
      'VALORISATION_ENERGETIQUE',
    );
    expect([...registerExportRow(minimal, helpers).keys()].sort()).toEqual(
      ['publicId', 'source', 'wasteIsDangerous', 'wastePop'].sort(),
    );
  });
});

describe('register CSV', () => {
  let text: string;
  let records: string[][];

  beforeAll(async () => {
    const { out, buffer } = collector();
    const counts: number[] = [];
    const written = await writeRegisterCsv(from([transit, energy, minimal]), columns, out, {
      ...helpers,
      onLine: (count) => counts.push(count),
    });
    expect(written).toBe(3);
    expect(counts).toEqual([1, 2, 3]);
    const bytes = buffer();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    text = bytes.subarray(3).toString('utf8');
    records = parseCsv(text);
  });

  it('has the BOM, a header of the OUTGOING labels and one record per line', () => {
    expect(text.split('\r\n')[0]).toBe(columns.map((column) => column.label).join(';'));
    expect(records).toHaveLength(4);
    for (const record of records) expect(record).toHaveLength(165);
  });

  it('writes each value at its column, in the national conventions', () => {
    const row = byLabel(records[1]!);
    const expected: Record<string, string> = {
      source: 'Portail',
      publicId: '/api/operations/12',
      bsdId: 'BSDD-2025-0001, BSDD-2025-0002',
      reportAsSiret: '73282932000074',
      transporterTakenOverAt: '2025-03-14',
      destinationOperationDate: '',
      wasteDescription: 'Terres; cailloux "propres"',
      wasteCode: '17 05 03*',
      wastePop: 'N',
      wasteIsDangerous: 'O',
      weight: '1.250',
      weightIsEstimate: 'ESTIME',
      initialEmitterCompanySiret: '',
      emitterCompanySiret: '73282932000074',
      emitterCompanyName: 'Durand Travaux SAS',
      emitterCompanyAddress: '12 rue de la Paix',
      emitterCompanyPostalCode: '75002',
      emitterCompanyCity: 'Paris',
      emitterCompanyCountry: 'FR',
      emitterPickupsiteName: 'Chantier Part-Dieu',
      emitterPickupsiteAddress: '5 place Charles Béraudier',
      emitterPickupsitePostalCode: '69003',
      emitterPickupsiteCity: 'Lyon',
      emitterPickupsiteCountry: 'FR',
      ecoOrganismeName: 'Valobat',
      ecoOrganismeSiret: '901241290',
      brokerCompanySiret: '44306184100047',
      brokerCompanyName: 'Courtage Déchets',
      brokerRecepisseNumber: 'REC-BRK-42',
      transporter1TransportMode: 'ROAD',
      transporter1CompanySiret: '55210055400013',
      transporter1CompanyName: 'Transports Martin',
      transporter1CompanyAddress: '3 route de Lyon',
      transporter1CompanyPostalCode: '69100',
      transporter1CompanyCity: 'Villeurbanne',
      transporter1CompanyCountry: 'FR',
      transporter1RecepisseNumber: 'REC-T1',
      transporter2TransportMode: 'ROAD',
      transporter2CompanySiret: '38012986646850',
      transporter2CompanyName: 'Fret Sud',
      transporter2CompanyCity: 'Avignon',
      transporter2RecepisseNumber: 'REC-T2',
      transporter3TransportMode: '',
      transporter3CompanySiret: '',
      destinationCompanySiret: '35600000000048',
      destinationCompanyName: 'Plateforme de Transit Est',
      destinationCompanyAddress: 'ZI Nord',
      destinationCompanyPostalCode: '67000',
      destinationCompanyCity: 'Strasbourg',
      destinationCompanyCountry: 'FR',
      destinationReceptionWeight: '1.250',
      destinationPlannedOperationCode: 'R13',
      destinationOperationCodes: 'R13',
      destinationOperationModes: 'RECYCLAGE, VALORISATION_ENERGETIQUE',
      destinationFinalOperationCompanySirets: '41816609600069, 50043054600010',
      destinationFinalOperationCodes: 'R5, R1',
      destinationFinalOperationWeights: '1.000, 0.250',
    };
    for (const [field, value] of Object.entries(expected))
      expect([field, row.get(label(field))]).toEqual([field, value]);
  });

  it('quotes a value holding a separator, a quote or a line break', () => {
    expect(text).toContain(';"Terres; cailloux ""propres""";');
  });

  it('writes a realised code, a measured weight, a line break, and keeps a formula from running', () => {
    const row = byLabel(records[2]!);
    expect(row.get(label('destinationOperationCodes'))).toBe('R1');
    expect(row.get(label('destinationOperationModes'))).toBe('VALORISATION_ENERGETIQUE');
    expect(row.get(label('weight'))).toBe('12.500');
    expect(row.get(label('weightIsEstimate'))).toBe('REEL');
    expect(row.get(label('wastePop'))).toBe('O');
    expect(row.get(label('bsdId'))).toBe('');
    expect(row.get(label('emitterPickupsiteCountry'))).toBe('');
    expect(row.get(label('wasteDescription'))).toBe(`'=HYPERLINK("http://example.test")`);
    expect(row.get(label('destinationCompanyAddress'))).toBe('Bâtiment B\nRoute de Menin');
    expect(text).toContain(';"Bâtiment B\nRoute de Menin";');
  });

  it('leaves empty what a minimal line lacks', () => {
    const filled = records[3]!
      .map((value, index) => [columns[index]!.field, value])
      .filter(([, value]) => value);
    expect(Object.fromEntries(filled)).toEqual({
      source: 'Portail',
      publicId: '/api/operations/14',
      wastePop: 'N',
      wasteIsDangerous: 'N',
    });
  });
});

describe('register XLSX', () => {
  let sheet: ExcelJS.Worksheet;

  beforeAll(async () => {
    const { out, buffer } = collector();
    expect(await writeRegisterXlsx(from([transit, energy, minimal]), columns, out, helpers)).toBe(3);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(buffer() as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets).toHaveLength(1);
    sheet = workbook.worksheets[0]!;
  });

  const cells = (rowNumber: number) =>
    byLabel(columns.map((_, index) => sheet.getRow(rowNumber).getCell(index + 1).value));

  it('has one sheet with a header row of the OUTGOING labels', () => {
    expect(sheet.rowCount).toBe(4);
    expect(columns.map((_, index) => sheet.getRow(1).getCell(index + 1).value)).toEqual(
      columns.map((column) => column.label),
    );
  });

  it('types its cells: dates as dates, tonnes as numbers, codes compact', () => {
    const row = cells(2);
    expect(row.get(label('transporterTakenOverAt'))).toEqual(new Date('2025-03-14T00:00:00Z'));
    expect(sheet.getRow(2).getCell(columns.findIndex((c) => c.field === 'weight') + 1).numFmt).toBe('0.000');
    expect(row.get(label('weight'))).toBe(1.25);
    expect(row.get(label('destinationReceptionWeight'))).toBe(1.25);
    expect(row.get(label('wasteCode'))).toBe('17 05 03*');
    expect(row.get(label('wasteDescription'))).toBe('Terres; cailloux "propres"');
    expect(row.get(label('wasteIsDangerous'))).toBe('O');
    expect(row.get(label('destinationPlannedOperationCode'))).toBe('R13');
    expect(row.get(label('destinationFinalOperationCodes'))).toBe('R5, R1');
    expect(row.get(label('destinationFinalOperationWeights'))).toBe('1.000, 0.250');
    expect(row.get(label('transporter2CompanyName'))).toBe('Fret Sud');
    expect(cells(3).get(label('destinationOperationCodes'))).toBe('R1');
    expect(cells(3).get(label('destinationCompanyAddress'))).toBe('Bâtiment B\nRoute de Menin');
    // Text cells are text in XLSX: nothing to escape.
    expect(cells(3).get(label('wasteDescription'))).toBe('=HYPERLINK("http://example.test")');
    expect(cells(4).get(label('weight'))).toBeNull();
    expect(cells(4).get(label('publicId'))).toBe('/api/operations/14');
  });

  it('streams as a Readable too', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of registerExportStream({
      format: 'xlsx',
      lines: [energy],
      columns,
      ...helpers,
    })) {
      chunks.push(chunk as Buffer);
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(2);
  });
});

describe('register export failures', () => {
  async function* failing(): AsyncIterable<RegisterLine> {
    yield transit;
    throw new Error('database gone');
  }

  it.each(['csv', 'xlsx'] as const)('destroys the output when the source fails (%s)', async (format) => {
    const { out } = collector();
    const write = format === 'csv' ? writeRegisterCsv : writeRegisterXlsx;
    await expect(write(failing(), columns, out, helpers)).rejects.toThrow('database gone');
    expect(out.destroyed).toBe(true);
  });

  it.each(['csv', 'xlsx'] as const)(
    'stops and releases the source when the output fails (%s)',
    async (format) => {
      // An output that takes a little, then breaks (a client gone) while the source would go on for ever.
      let taken = 0;
      const out = new Writable({
        highWaterMark: 1024,
        write(_chunk, _encoding, callback) {
          taken += 1;
          setImmediate(() => callback(taken > 3 ? new Error('client gone') : null));
        },
      });
      let released = false;
      async function* endless(): AsyncIterable<RegisterLine> {
        try {
          for (;;) yield transit;
        } finally {
          // What a database cursor would be closed by.
          released = true;
        }
      }
      const write = format === 'csv' ? writeRegisterCsv : writeRegisterXlsx;
      await expect(write(endless(), columns, out, helpers)).rejects.toThrow('client gone');
      expect(released).toBe(true);
    },
  );
});

describe('register export at scale', () => {
  const LINES = 40_000;
  const MB = 1024 * 1024;
  // Live memory only: a forced full collection before each sample keeps garbage out of the figure.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const live = () => {
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  };

  /**
   * Ordinary lines (one carrier, straight to treatment) of about 1 kB of CSV each: 40 MB of CSV were they kept, some
   * 75 MB of sheet XML for the XLSX (whose writer, not waiting for exceljs's buffer, keeps that much).
   */
  async function* generated(): AsyncIterable<RegisterLine> {
    const description = `Gravats mélangés ${'x'.repeat(600)}`;
    for (let index = 0; index < LINES; index += 1) {
      yield {
        ...energy,
        id: `/api/operations/${index}`,
        wasteDescription: `${description} ${index}`,
        weight: ((index % 5000) / 1000).toFixed(3),
      };
    }
  }

  /** Counts bytes and throws them away, a turn of the event loop per chunk: a consumer slower than the source. */
  function counter() {
    let bytes = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        setImmediate(callback);
      },
    });
    return { out, bytes: () => bytes };
  }

  it.each(['csv', 'xlsx'] as const)(
    'writes 40,000 lines in bounded memory (%s)',
    async (format) => {
      const { out, bytes } = counter();
      const baseline = live();
      let peak = 0;
      const onLine = (count: number) => {
        if (count % 10_000 === 0) peak = Math.max(peak, live() - baseline);
      };
      const write = format === 'csv' ? writeRegisterCsv : writeRegisterXlsx;
      expect(await write(generated(), columns, out, { ...helpers, onLine })).toBe(LINES);
      expect(bytes()).toBeGreaterThan(format === 'csv' ? 30 * MB : 1 * MB);
      expect(peak).toBeLessThan(32 * MB);
    },
    120_000,
  );
});
