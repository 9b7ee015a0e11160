import { messages } from '@portal/domain/messages';
import { notifyFailure } from '../../forms/mutationFeedback.ts';
import { loginPath } from '../../paths.ts';

/** What an incident is about: an operation or a container, by its database id. */
export type IncidentTarget = { operationId: number } | { skipId: number };

export type IncidentResult = { ok: true } | { ok: false; violations: { field: string; message: string }[] };

/** The header the gateway asks of uploads (gateway/src/files.ts): a cross-site form cannot send it. */
const UPLOAD_HEADER = 'x-portal-upload';

/**
 * Sends a declaration with its photos to the gateway's upload route (multipart, streamed to the api), with its
 * submission's key (`Idempotency-Key`: a retry never declares twice). A refusal the user can fix comes back as
 * violations; anything else is reported here.
 */
export async function declareIncident(
  target: IncidentTarget,
  description: string,
  photos: readonly File[],
  submissionKey: string,
): Promise<IncidentResult> {
  const form = new FormData();
  if ('operationId' in target) form.append('operation', `/api/operations/${target.operationId}`);
  else form.append('skip', `/api/skips/${target.skipId}`);
  form.append('description', description);
  for (const photo of photos) form.append('photos', photo, photo.name);
  let response: Response;
  try {
    response = await fetch('/uploads/incidents', {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { [UPLOAD_HEADER]: '1', 'idempotency-key': `"${submissionKey}"` },
    });
  } catch (error) {
    notifyFailure(error, messages.uploadError);
    return { ok: false, violations: [] };
  }
  if (response.ok) return { ok: true };
  if (response.status === 401) {
    window.location.assign(loginPath(window.location.pathname, { sessionExpired: true }));
    return { ok: false, violations: [] };
  }
  const problem = (await response.json().catch(() => null)) as {
    title?: string;
    violations?: { propertyPath: string; message: string }[];
  } | null;
  if (response.status === 422 && problem?.violations?.length) {
    return {
      ok: false,
      violations: problem.violations.map((violation) => ({
        field: violation.propertyPath,
        message: violation.message,
      })),
    };
  }
  if (response.status === 413) {
    return { ok: false, violations: [{ field: '', message: messages.fileTooLarge(10) }] };
  }
  if (response.status === 403) return { ok: false, violations: [{ field: '', message: messages.forbidden }] };
  notifyFailure(null, messages.incidentDeclareError);
  return { ok: false, violations: [] };
}
