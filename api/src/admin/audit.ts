import {
  AUDIT_ACTION_CODES,
  AUDIT_TARGET_TYPES,
  type AuditAction,
  type AuditTargetType,
  auditEntryFields,
} from '@portal/domain';
import type { Db } from '../db/index.ts';
import { idFilter } from '../hydra/index.ts';
import { byValues } from '../resource/filters.ts';
import { defineResource } from '../resource/resource.ts';

/** One administrative change: what was changed, and its state before and after (none when created). */
export interface AuditChange {
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number | null;
  targetLabel: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Records a change in the audit trail, in the transaction that makes it: a change is never without its entry,
 * nor an entry without its change.
 */
export async function recordAudit(tx: Db, actorId: number, change: AuditChange, at: Date): Promise<void> {
  await tx.query(
    `insert into admin_audit (actor_user_id, actor_email, at, action, target_type, target_id, target_label, before, after)
     select u.id, u.email, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb from users u where u.id = $1`,
    [
      actorId,
      at,
      change.action,
      change.targetType,
      change.targetId,
      change.targetLabel,
      change.before === undefined ? null : JSON.stringify(change.before),
      change.after === undefined ? null : JSON.stringify(change.after),
    ],
  );
}

/** The audit trail, newest first, searchable by author, action and element, by period and by element. */
export const auditEntries = defineResource({
  type: 'AuditEntry',
  path: '/api/admin/audit_entries',
  tags: ['admin'],
  fields: auditEntryFields,
  from: 'admin_audit a',
  alias: 'a',
  collection: {
    dates: ['at'],
    search: ['a.search_text'],
    order: ['at'],
    defaultOrder: [{ field: 'at', direction: 'desc' }],
    tieBreaker: 'a.id desc',
    filters: [
      byValues('action', AUDIT_ACTION_CODES, 'a.action'),
      byValues('targetType', AUDIT_TARGET_TYPES, 'a.target_type'),
      {
        query: {
          targetId: { type: 'integer', description: 'The changes of one element (with targetType[])' },
        },
        where(raw, params) {
          const id = idFilter(raw, 'targetId');
          return id === undefined ? [] : [`a.target_id = ${params.add(id)}`];
        },
      },
    ],
  },
});
