import { messages } from '@portal/domain/messages';
import type { RegisterExportFormat } from '@portal/domain/registry';

/** The gateway's file route of the register's export (it streams the api's answer). */
export const REGISTER_EXPORT_ROUTE = '/files/registry/export';
/** The api says how many lines the file holds before writing them: the progress of a CSV counts its rows. */
export const LINE_COUNT_HEADER = 'x-register-line-count';

export interface ExportProgress {
  lines: number;
  totalLines: number | null;
  bytes: number;
}

export interface ExportRequest {
  format: RegisterExportFormat;
  from: string;
  to: string;
  establishmentId: number | null;
  wasteCode: string | null;
  dangerous: boolean | null;
}

type ExportResult = { ok: true } | { ok: false; cancelled: boolean; message: string };

export function registerExportUrl(request: ExportRequest): string {
  const query = new URLSearchParams({
    type: 'OUTGOING',
    format: request.format,
    from: request.from,
    to: request.to,
  });
  if (request.establishmentId !== null) query.append('companySite[]', String(request.establishmentId));
  if (request.wasteCode !== null) query.append('wasteCode[]', request.wasteCode);
  if (request.dangerous !== null) query.set('dangerous', String(request.dangerous));
  return `${REGISTER_EXPORT_ROUTE}?${query.toString()}`;
}

/** The file's name from the answer's Content-Disposition, else one of the period. */
function fileNameOf(response: Response, request: ExportRequest): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  const plain = /filename="?([^";]+)"?/i.exec(header)?.[1];
  return plain ?? `registre-sortant-${request.from}-${request.to}.${request.format}`;
}

/**
 * Asks the export, reads it as it comes (rows counted for a CSV, bytes for an XLSX), then hands it to the browser
 * as a download. A refusal's French message is returned; an abort says it was cancelled.
 */
export async function downloadRegisterExport(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
  signal: AbortSignal,
): Promise<ExportResult> {
  let response: Response;
  try {
    response = await fetch(registerExportUrl(request), { credentials: 'same-origin', signal });
  } catch {
    return { ok: false, cancelled: signal.aborted, message: messages.retryLater };
  }
  if (!response.ok || response.body === null) {
    const problem = (await response.json().catch(() => null)) as { detail?: string; title?: string } | null;
    return { ok: false, cancelled: false, message: problem?.detail ?? problem?.title ?? messages.retryLater };
  }
  const total = Number(response.headers.get(LINE_COUNT_HEADER));
  const progress: ExportProgress = {
    lines: 0,
    totalLines: request.format === 'csv' && Number.isFinite(total) && total > 0 ? total : null,
    bytes: 0,
  };
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      progress.bytes += value.byteLength;
      // Rows are counted by their line breaks; the header's is not a line of the register.
      if (request.format === 'csv') for (const byte of value) if (byte === 10) progress.lines += 1;
      onProgress({ ...progress, lines: Math.max(0, progress.lines - 1) });
    }
  } catch {
    return { ok: false, cancelled: signal.aborted, message: messages.retryLater };
  }
  const url = URL.createObjectURL(new Blob(chunks, { type: response.headers.get('content-type') ?? '' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, request);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}
