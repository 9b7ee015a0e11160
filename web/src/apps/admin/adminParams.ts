import type { AuditAction, AuditTargetType } from '../../__generated__/AdminAuditPageQuery.graphql.ts';
import { AUDIT_ACTION_OPTIONS } from './adminLabels.ts';

/**
 * The back office's list filters, kept in the URL so that a reload or a shared link shows the same list: a search
 * (`q`), the links in force or not (`vigueur=oui|non`), and the audit trail's element type, action and period.
 */
export const ADMIN_PARAMS = {
  search: 'q',
  inForce: 'vigueur',
  targetType: 'type',
  action: 'action',
  from: 'du',
  to: 'au',
} as const;

export const AUDIT_TARGET_TYPES = [
  'COMPANY',
  'SITE',
  'CHANTIER',
  'USER',
  'LINK',
  'LEGAL',
  'CATEGORY',
  'SKIP_TYPE',
  'HELP',
] as const satisfies readonly Exclude<AuditTargetType, '%future added value'>[];
export type AuditTargetTypeValue = (typeof AUDIT_TARGET_TYPES)[number];

const isoDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The search typed, trimmed; null when blank. */
export function searchOf(params: URLSearchParams): string | null {
  const search = params.get(ADMIN_PARAMS.search)?.trim() ?? '';
  return search === '' ? null : search;
}

/** The links' filter: their search, and in force (`oui`), not in force (`non`) or all. */
export function linkFilterOf(params: URLSearchParams): { search: string | null; inForce: boolean | null } {
  const inForce = params.get(ADMIN_PARAMS.inForce);
  return { search: searchOf(params), inForce: inForce === 'oui' ? true : inForce === 'non' ? false : null };
}

/** The audit trail's filter from the URL; an action is the graph's enum value (`USER_UPDATE`). */
export function auditFilterOf(params: URLSearchParams): {
  search: string | null;
  targetType: AuditTargetTypeValue | null;
  actions: AuditAction[] | null;
  from: string | null;
  to: string | null;
} {
  const type = params.get(ADMIN_PARAMS.targetType);
  const action = params.get(ADMIN_PARAMS.action);
  return {
    search: searchOf(params),
    targetType: AUDIT_TARGET_TYPES.find((value) => value === type) ?? null,
    actions: AUDIT_ACTION_OPTIONS.some((option) => option.value === action) ? [action as AuditAction] : null,
    from: isoDate(params.get(ADMIN_PARAMS.from)),
    to: isoDate(params.get(ADMIN_PARAMS.to)),
  };
}
