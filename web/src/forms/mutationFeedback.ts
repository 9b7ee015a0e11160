import { messages } from '@portal/domain/messages';
import { toaster } from '../components/toaster.tsx';
import { i18n } from '../i18n/index.ts';
import { isForbiddenError, isNetworkFailure } from '../relay/errors.ts';
import type { UserErrorEntry } from './userErrors.ts';

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

/**
 * A change sent without a network is not saved: the user is told so, and the form keeps what they entered, to
 * send again once the network is back (nothing is queued behind their back).
 */
export function notifyOffline(): void {
  toaster.create({
    type: 'warning',
    title: i18n.t('offline.mutationTitle'),
    description: i18n.t('offline.mutation'),
    duration: 10_000,
  });
}

/** What a mutation's payload says: its `userErrors`, and whether it carries what was asked. */
export interface MutationResult {
  userErrors: readonly UserErrorEntry[];
  ok: boolean;
}

export interface MutationFeedback<TResponse> {
  result: (response: TResponse) => MutationResult;
  /** The toast of a change that went through; none: the caller moves on by itself. */
  success?: string | ((response: TResponse) => string) | undefined;
  /** Said when the answer refuses without a reason, and (unless `error`) when the request fails. */
  failure: string;
  error?: string | undefined;
  onSuccess?: ((response: TResponse) => void) | undefined;
  /** Called first on any answer or failure (closing a confirmation). */
  onSettled?: (() => void) | undefined;
  /** Shows a refusal (a form puts its user errors under the fields); default: a toast of the first reason. */
  refused?: ((userErrors: readonly UserErrorEntry[], ok: boolean) => boolean) | undefined;
  /** Tells a failed request; default: a toast. */
  failed?: ((error: Error) => void) | undefined;
}

/**
 * A Relay commit's `onCompleted` and `onError` for a change (a form's or a button's): a refusal or a failure is
 * told, a success toasted, then the caller moves on.
 */
export function mutationFeedback<TResponse>(feedback: MutationFeedback<TResponse>): {
  onCompleted: (response: TResponse) => void;
  onError: (error: Error) => void;
} {
  const { failure } = feedback;
  const refused =
    feedback.refused ??
    ((userErrors: readonly UserErrorEntry[], ok: boolean) => {
      if (userErrors.length === 0 && ok) return false;
      notifyFailure(null, userErrors[0]?.message ?? failure);
      return true;
    });
  return {
    onCompleted: (response) => {
      feedback.onSettled?.();
      const { userErrors, ok } = feedback.result(response);
      if (refused(userErrors, ok)) return;
      const { success } = feedback;
      if (success !== undefined) notifySuccess(typeof success === 'function' ? success(response) : success);
      feedback.onSuccess?.(response);
    },
    onError: (error) => {
      feedback.onSettled?.();
      if (isNetworkFailure(error)) notifyOffline();
      else if (feedback.failed) feedback.failed(error);
      else notifyFailure(error, feedback.error ?? failure);
    },
  };
}
