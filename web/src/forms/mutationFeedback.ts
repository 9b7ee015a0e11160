import { messages } from '@portal/domain/messages';
import { toaster } from '../components/toaster.tsx';
import { isForbiddenError } from '../relay/errors.ts';

/** SPEC 8's success messages of a change that went through. */
export function notifySuccess(message: string): void {
  toaster.create({ type: 'success', title: message });
}

/**
 * A change that failed for a reason the form cannot show under a field: a refusal gives SPEC 6's message, any
 * other failure the operation's own message of SPEC 8.
 */
export function notifyFailure(error: unknown, fallbackMessage: string): void {
  toaster.create({ type: 'error', title: isForbiddenError(error) ? messages.forbidden : fallbackMessage });
}
