import { messages } from '@portal/domain/messages';
import { loginPath } from '../../paths.ts';

/** The header the gateway asks of uploads (gateway/src/files.ts): a cross-site form cannot send it. */
const UPLOAD_HEADER = 'x-portal-upload';

export type UploadResult =
  | { ok: true; id: number }
  | { ok: false; cancelled?: boolean; messages: { field: string; message: string }[] };

export interface UploadHandle {
  result: Promise<UploadResult>;
  cancel: () => void;
}

/**
 * Sends one file with its fields to a gateway upload route (streamed to the api), reporting its progress (0 to 1)
 * as it goes; `cancel` stops it, and the api then keeps nothing of it. XMLHttpRequest, because fetch reports no
 * upload progress.
 */
export function uploadFile(
  url: string,
  fields: Record<string, string | readonly string[]>,
  file: File,
  onProgress: (fraction: number) => void,
): UploadHandle {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === 'string' ? [value] : value) form.append(name, one);
  }
  form.append('file', file, file.name);
  const request = new XMLHttpRequest();
  const result = new Promise<UploadResult>((resolve) => {
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener('abort', () => resolve({ ok: false, cancelled: true, messages: [] }));
    request.addEventListener('error', () =>
      resolve({ ok: false, messages: [{ field: '', message: messages.uploadError }] }),
    );
    request.addEventListener('load', () => {
      if (request.status === 401) {
        window.location.assign(loginPath(window.location.pathname, { sessionExpired: true }));
        resolve({ ok: false, messages: [] });
        return;
      }
      let body: { id?: number; violations?: { propertyPath: string; message: string }[]; detail?: string } =
        {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status says enough.
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve({ ok: true, id: body.id ?? 0 });
        return;
      }
      const refusals = (body.violations ?? []).map((v) => ({ field: v.propertyPath, message: v.message }));
      if (refusals.length > 0) resolve({ ok: false, messages: refusals });
      else if (request.status === 413)
        resolve({ ok: false, messages: [{ field: 'file', message: messages.fileTooLarge(50) }] });
      else if (request.status === 403)
        resolve({ ok: false, messages: [{ field: '', message: messages.forbidden }] });
      else resolve({ ok: false, messages: [{ field: '', message: body.detail ?? messages.uploadError }] });
    });
  });
  request.open('POST', url);
  request.withCredentials = true;
  request.setRequestHeader(UPLOAD_HEADER, '1');
  request.send(form);
  return { result, cancel: () => request.abort() };
}
