import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The official lists (DOMAIN.md, Reference data), read at start from REFERENCE_DATA_DIR and never copied into
 * the repository. Their shapes are checked here so that a wrong folder stops the api at start, not later.
 */
const nonEmpty = z.string().trim().min(1);

const wasteCodeSchema = z.object({
  code: z.string().regex(/^\d{2} \d{2} \d{2}\*?$/),
  description: nonEmpty,
  dangerous: z.boolean(),
});

const wasteCodeCategorySchema = z.object({
  code: z.string().regex(/^\d{2}( \d{2})?$/),
  description: nonEmpty,
  level: z.enum(['chapter', 'subChapter']),
  chapter: z.string().optional(),
});

const treatmentCodeSchema = z.object({
  code: z.string().regex(/^[RD] \d{1,2}( F)?$/),
  compactCode: z.string().regex(/^[RD]\d{1,2}F?$/),
  description: nonEmpty,
  kind: z.enum(['R', 'D']),
  kindLabel: nonEmpty,
  tdType: nonEmpty,
  isFinal: z.boolean(),
  operationModes: z.array(z.string()),
  usableInTrackdechets: z.boolean(),
  source: z.string().optional(),
});

const bsdStatusSchema = z.object({
  code: z.string().regex(/^[A-Z_]+$/),
  order: z.number().int(),
  label: nonEmpty,
  dashboardBadgeLabel: z.string().optional(),
  apiDescription: z.string().optional(),
  archived: z.boolean(),
  labelWhenEmitterIsPrivateIndividual: z.string().optional(),
});

const otherBsdStatusSchema = z.object({
  bsdType: z.string().regex(/^[A-Z]+$/),
  code: z.string().regex(/^[A-Z_]+$/),
  label: nonEmpty,
  apiDescription: z.string().nullable().optional(),
});

const registryColumnsSchema = z.record(
  z.string().regex(/^[A-Z_]+$/),
  z.array(z.object({ field: nonEmpty, label: nonEmpty })).min(1),
);

const files = {
  wasteCodes: { file: 'waste-codes.json', schema: z.array(wasteCodeSchema).min(1) },
  wasteCodeCategories: {
    file: 'waste-code-categories.json',
    schema: z.array(wasteCodeCategorySchema).min(1),
  },
  treatmentCodes: { file: 'treatment-codes.json', schema: z.array(treatmentCodeSchema).min(1) },
  bsdStatuses: { file: 'bsd-statuses.json', schema: z.array(bsdStatusSchema).min(1) },
  otherBsdStatuses: { file: 'bsd-statuses-other.json', schema: z.array(otherBsdStatusSchema).min(1) },
  registryExportColumns: { file: 'registry-export-columns.json', schema: registryColumnsSchema },
} as const;

type Files = typeof files;
export type ReferenceData = { [K in keyof Files]: z.infer<Files[K]['schema']> };
export type WasteCode = z.infer<typeof wasteCodeSchema>;
export type TreatmentCode = z.infer<typeof treatmentCodeSchema>;

export const REFERENCE_FILES = Object.values(files).map((entry) => entry.file);

/** Raised when the reference folder is missing or a file is malformed; its message names REFERENCE_DATA_DIR. */
export class ReferenceDataError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReferenceDataError';
  }
}

async function loadFile<S extends z.ZodType>(dir: string, file: string, schema: S): Promise<z.infer<S>> {
  const path = join(dir, file);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : 'cannot be read';
    throw new ReferenceDataError(
      `Reference data file ${file} ${reason} in REFERENCE_DATA_DIR=${dir}. Set REFERENCE_DATA_DIR to the folder ` +
        `holding the official lists (${REFERENCE_FILES.join(', ')}); by default it is ../shared/data beside the checkout.`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ReferenceDataError(`Reference data file ${path} (REFERENCE_DATA_DIR) is not valid JSON.`);
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(root)'}: ${issue.message}`;
    throw new ReferenceDataError(
      `Reference data file ${path} (REFERENCE_DATA_DIR) does not have the expected shape${where}.`,
    );
  }
  return result.data;
}

/** Loads and validates every reference file of `dir` (REFERENCE_DATA_DIR). */
export async function loadReferenceData(dir: string): Promise<ReferenceData> {
  const entries = await Promise.all(
    Object.entries(files).map(
      async ([key, { file, schema }]) => [key, await loadFile(dir, file, schema)] as const,
    ),
  );
  return Object.fromEntries(entries) as ReferenceData;
}
