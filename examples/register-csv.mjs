#!/usr/bin/env node
/**
 * Pulls a year of one's register of outgoing waste through the portal's graph and writes it as CSV.
 *
 *   PORTAL_TOKEN=pat_… node examples/register-csv.mjs 2025 [registre-2025.csv]
 *
 * PORTAL_URL is the portal's address (http://localhost:3000 unless set); PORTAL_TOKEN a personal access token
 * (Mon profil > Jetons d'accès; read-only is enough). Pages of 1,000 lines, each one request, until the last.
 * The national register's own file (all its columns, or XLSX) is the export of `/suivi`; this is what a reporting
 * script makes of the same data, with no dependency but Node.
 */
import { createWriteStream } from 'node:fs';

const [year, output] = process.argv.slice(2);
const url = process.env.PORTAL_URL ?? 'http://localhost:3000';
const token = process.env.PORTAL_TOKEN;
if (!/^\d{4}$/.test(year ?? '') || !token) {
  console.error('Usage: PORTAL_TOKEN=<jeton> node examples/register-csv.mjs <année> [fichier.csv]');
  process.exit(2);
}

const QUERY = `query Register($filter: RegisterFilter!, $after: String) {
  viewer {
    registerLines(filter: $filter, first: 1000, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node {
        shipmentDate wasteCode wasteDescription dangerous weight weightIsEstimate
        origin { name siret }
        carriers { name siret receiptNumber }
        destination { name siret }
        treatmentCode qualification missingLabels
      } }
    }
  }
}`;

const COLUMNS = [
  "Date d'expédition",
  'Code déchet',
  'Dénomination usuelle',
  'Dangereux',
  'Quantité (t)',
  'Type de quantité',
  'Établissement',
  'SIRET établissement',
  'Transporteur',
  'SIRET transporteur',
  'Récépissé transporteur',
  'Destination',
  'SIRET destination',
  'Code de traitement',
  'Qualification',
  'À compléter',
];

/** A CSV cell: quoted when it holds the separator, a quote or a line break. */
const cell = (value) => {
  const text = value === null || value === undefined ? '' : String(value);
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

const rowOf = (line) => {
  const carrier = line.carriers[0] ?? {};
  return [
    line.shipmentDate,
    line.wasteCode,
    line.wasteDescription,
    line.dangerous ? 'O' : 'N',
    line.weight,
    line.weight === null ? null : line.weightIsEstimate ? 'ESTIME' : 'REEL',
    line.origin.name,
    line.origin.siret,
    carrier.name,
    carrier.siret,
    carrier.receiptNumber,
    line.destination?.name,
    line.destination?.siret,
    line.treatmentCode?.replaceAll(' ', ''),
    line.qualification,
    line.missingLabels.join(', '),
  ]
    .map(cell)
    .join(';');
};

async function page(after) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      query: QUERY,
      variables: { filter: { from: `${year}-01-01`, to: `${year}-12-31` }, after },
    }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.errors?.length) {
    const message = body.errors?.[0]?.message ?? body.title ?? `HTTP ${response.status}`;
    throw new Error(`Le portail a refusé la requête : ${message}`);
  }
  return body.data.viewer.registerLines;
}

const out = output ? createWriteStream(output) : process.stdout;
const write = (text) => new Promise((resolve) => (out.write(text) ? resolve() : out.once('drain', resolve)));
const started = performance.now();
let after = null;
let lines = 0;
let pages = 0;
try {
  await write(`\uFEFF${COLUMNS.join(';')}\r\n`);
  for (;;) {
    const connection = await page(after);
    pages += 1;
    for (const { node } of connection.edges) await write(`${rowOf(node)}\r\n`);
    lines += connection.edges.length;
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
if (output) await new Promise((resolve) => out.end(resolve));
const seconds = (performance.now() - started) / 1000;
console.error(`${lines} lignes en ${pages} page(s), ${seconds.toFixed(1)} s${output ? ` : ${output}` : ''}`);
