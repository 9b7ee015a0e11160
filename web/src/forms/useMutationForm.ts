import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@portal/domain/messages';
import { type BaseSyntheticEvent, useEffect, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Mode,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type MutationFeedback, mutationFeedback } from './mutationFeedback.ts';
import type { UserErrorEntry } from './userErrors.ts';

/**
 * The one form pattern: react-hook-form validated by a zod schema (domain's, or a web-local one for UI-only
 * rules) with its French messages; the mutation's `userErrors` (graph path + French message) under their
 * fields, or above the form; the success and failure toasts; "Aucune modification détectée." for an edit
 * that changes nothing; one idempotency key per submission (`clientMutationId`), so that sending the same
 * form again after a failure or a time-out never creates twice.
 */

/**
 * A new submission's key: a random UUID (v4). `crypto.randomUUID` exists only in secure contexts, and the
 * portal may be served over plain HTTP on a local network.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface FormAlertState {
  status: 'error' | 'warning';
  messages: string[];
}

export interface MutationFormOptions<TValues extends FieldValues> {
  /** Validates what the form holds (after `toInput`); its issues land under their fields. */
  schema: z.ZodType;
  defaultValues: DefaultValues<TValues>;
  /** The schema's input, when the form's values are not it (a mode, a way to pick a day, blank outlets). */
  toInput?: (values: TValues) => unknown;
  /**
   * The form fields a problem may name, by their path (`program.startDate`): an issue or a user error lands
   * under the field its path names (whole, or by its last segment: `['input', 'email']`); elsewhere, above
   * the form. Default: the keys of `defaultValues`.
   */
  fields?: readonly string[];
  /** Names in the graph or the schema that are another field's (`skipTypeId` → `skipType`). */
  rename?: Readonly<Record<string, string>>;
  /** Replaces the lookup of `fields` and `rename` (a path whose indexes need mapping, given the form's values). */
  fieldOf?: (path: readonly string[], values: TValues) => FieldPath<TValues> | null;
  /** An edit: nothing is sent, and the form says so, when no field changed. */
  requireChange?: boolean;
  /** How a failed request is told: a toast (default), or the form's alert (pages with no frame around). */
  failure?: 'toast' | 'alert';
  mode?: Mode;
}

/** A form's mutation: what its answer says, its toasts, what follows a success (`mutationFeedback`). */
export type Outcome<TResponse> = Pick<
  MutationFeedback<TResponse>,
  'result' | 'success' | 'failure' | 'error' | 'onSuccess'
>;

export interface MutationForm<TValues extends FieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** For `<FormAlert {...alert} />`: the form's own messages (rules across fields, refusals, no change). */
  alert: FormAlertState;
  /**
   * The form's submit handler: validates, checks for a change, then calls `send` with the schema's output and
   * the submission's key (a creating mutation's `clientMutationId`): the same for every retry of the same form,
   * new once it went through or the user changed the form.
   */
  submit: (
    send: (output: TOutput, values: TValues, submissionKey: string) => void | Promise<void>,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** A Relay commit's `onCompleted` and `onError`: user errors to the form, toasts, then `onSuccess`. */
  outcome: <TResponse>(outcome: Outcome<TResponse>) => {
    onCompleted: (response: TResponse) => void;
    onError: (error: Error) => void;
  };
  /** Shows an answer's user errors (a non-Relay request, e.g. an upload); true when there were some. */
  refuse: (userErrors: readonly UserErrorEntry[], ok: boolean, failure: string) => boolean;
}

/** Rules whose path names no field are gathered under the form's `root` error, which the alert shows. */
const RULE = 'rule';

/** Every error of react-hook-form's nested errors, with its dotted path. */
function flattenErrors(node: unknown, prefix: string, out: [string, FieldError][]): [string, FieldError][] {
  if (node === null || typeof node !== 'object') return out;
  const error = node as FieldError;
  if (typeof error.message === 'string') out.push([prefix, error]);
  for (const [key, child] of Object.entries(node)) {
    if (key === 'message' || key === 'type' || key === 'ref' || key === 'types') continue;
    flattenErrors(child, key === 'root' ? prefix : prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

export function useMutationForm<TValues extends FieldValues, TOutput = TValues>(
  options: MutationFormOptions<TValues>,
): MutationForm<TValues, TOutput> {
  const { schema, toInput, requireChange = false, failure = 'toast' } = options;
  const [alert, setAlert] = useState<FormAlertState>({ status: 'error', messages: [] });
  const fields: readonly string[] = options.fields ?? Object.keys(options.defaultValues ?? {});
  const rename = options.rename ?? {};

  const fieldOf =
    options.fieldOf ??
    ((path: readonly string[]): FieldPath<TValues> | null => {
      const whole = path.join('.');
      if (fields.includes(whole)) return whole as FieldPath<TValues>;
      const last = path.at(-1) ?? '';
      const name = rename[last] ?? last;
      return fields.includes(name) ? (name as FieldPath<TValues>) : null;
    });

  const schemaResolver = zodResolver(schema as Parameters<typeof zodResolver>[0]);
  const resolver: Resolver<TValues, unknown, TOutput> = async (values, context, resolverOptions) => {
    const input = toInput ? toInput(values) : values;
    const result = await schemaResolver(input as FieldValues, context, {
      ...resolverOptions,
      shouldUseNativeValidation: false,
    } as Parameters<typeof schemaResolver>[2]);
    const found = flattenErrors(result.errors, '', []);
    if (found.length === 0) return { values: result.values as TOutput, errors: {} };
    const placed: Record<string, FieldError> = {};
    const general: string[] = [];
    for (const [path, error] of found) {
      const field = path === '' ? null : fieldOf(path.split('.'), values);
      if (field === null) {
        if (error.message && !general.includes(error.message)) general.push(error.message);
      } else placed[field] ??= { type: error.type, message: error.message ?? '' };
    }
    if (general.length > 0) {
      placed.root = { type: RULE, message: general[0] ?? '', types: { [RULE]: general } };
    }
    return {
      values: {},
      errors: toNestErrors(placed as FieldErrors, resolverOptions) as FieldErrors<TValues>,
    };
  };

  const form = useForm<TValues, unknown, TOutput>({
    resolver,
    defaultValues: options.defaultValues,
    ...(options.mode && { mode: options.mode }),
  });
  // Read while rendering: react-hook-form computes only the state a render subscribed to.
  const { isDirty } = form.formState;

  const submissionKey = useRef<string | null>(null);
  useEffect(() => {
    // A changed form is another request: its next submission takes a new key, and "Aucune modification
    // détectée." (said of the form as it was) goes.
    const { unsubscribe } = form.watch(() => {
      submissionKey.current = null;
      setAlert((current) => (current.status === 'warning' ? { status: 'error', messages: [] } : current));
    });
    return unsubscribe;
  }, [form]);

  const refuse = (userErrors: readonly UserErrorEntry[], ok: boolean, failureMessage: string): boolean => {
    if (userErrors.length === 0 && ok) {
      // Gone through: what is sent next is another write.
      submissionKey.current = null;
      return false;
    }
    const general: string[] = [];
    for (const error of userErrors) {
      const field = fieldOf(error.field, form.getValues());
      if (field) form.setError(field, { type: 'server', message: error.message });
      else if (!general.includes(error.message)) general.push(error.message);
    }
    setAlert({ status: 'error', messages: userErrors.length > 0 ? general : [failureMessage] });
    return true;
  };

  const submit: MutationForm<TValues, TOutput>['submit'] = (send) => (event) => {
    // What the last answer said goes: the rules and the next answer speak for the form as it is now.
    setAlert({ status: 'error', messages: [] });
    return form.handleSubmit(async (output) => {
      if (requireChange && !isDirty) {
        setAlert({ status: 'warning', messages: [messages.noChange] });
        return;
      }
      submissionKey.current ??= newSubmissionKey();
      await send(output, form.getValues(), submissionKey.current);
    })(event);
  };

  const outcome: MutationForm<TValues, TOutput>['outcome'] = (config) =>
    mutationFeedback({
      ...config,
      refused: (userErrors, ok) => refuse(userErrors, ok, config.failure),
      ...(failure === 'alert' && {
        failed: () => setAlert({ status: 'error', messages: [config.error ?? config.failure] }),
      }),
    });

  const root = form.formState.errors.root as FieldError | undefined;
  const rules = root?.type === RULE ? root.types?.[RULE] : undefined;
  const shown: FormAlertState =
    rules === undefined ? alert : { status: 'error', messages: ([] as string[]).concat(rules as string[]) };

  return { form, alert: shown, submit, outcome, refuse };
}
