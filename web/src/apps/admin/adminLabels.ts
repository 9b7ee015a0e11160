import { AUDIT_ACTIONS, type AuditAction, auditEnumValue } from '@portal/domain/audit';
import { typologyLabels } from '@portal/domain/typologies';
import { typologiesFromGraph } from '../../relay/graphTypologies.ts';

/** The French labels of the graph's typologies (`PRODUCER`), in the domain's words, joined by commas. */
export function typologyNames(values: readonly string[]): string {
  return typologiesFromGraph(values)
    .map((typology) => typologyLabels[typology])
    .join(', ');
}

/** The audit actions as a filter offers them: the graph's value and the domain's French label. */
export const AUDIT_ACTION_OPTIONS = (Object.entries(AUDIT_ACTIONS) as [AuditAction, string][]).map(
  ([action, label]) => ({ value: auditEnumValue(action), label }),
);

/** What the back office says of an account: its state, from whether it is active and its invitation. */
export type UserState = 'deactivated' | 'pending' | 'expired' | 'active';

export function userStateOf(user: { active: boolean; invitationState: string }): UserState {
  if (!user.active) return 'deactivated';
  if (user.invitationState === 'PENDING') return 'pending';
  if (user.invitationState === 'EXPIRED') return 'expired';
  return 'active';
}

export const USER_STATE_PALETTES: Record<UserState, string> = {
  active: 'green',
  pending: 'blue',
  expired: 'orange',
  deactivated: 'gray',
};
