/** What the audit trail records of each administrative change. */
export const AUDIT_ACTIONS = {
  'company.create': 'Société créée',
  'company.update': 'Société modifiée',
  'site.create': 'Établissement créé',
  'site.update': 'Établissement modifié',
  'site.import': 'Établissements importés',
  'chantier.create': 'Chantier créé',
  'chantier.update': 'Chantier modifié',
  'user.invite': 'Utilisateur invité',
  'user.update': 'Utilisateur modifié',
  'user.invitation': 'Invitation renvoyée',
  'link.create': 'Lien créé',
  'link.update': 'Lien modifié',
  'link.delete': 'Lien supprimé',
  'legal.publish': 'Texte légal publié',
  'category.create': 'Catégorie de documents créée',
  'category.update': 'Catégorie de documents modifiée',
  'skip_type.create': 'Type de contenant créé',
  'skip_type.update': 'Type de contenant modifié',
  'help.create': "Page d'aide créée",
  'help.update': "Page d'aide modifiée",
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_CODES = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The graph's enum value of an audit code (`skip_type.create` is `SKIP_TYPE_CREATE`, `company` is `COMPANY`). */
export const auditEnumValue = (code: string): string => code.replace('.', '_').toUpperCase();
export const AUDIT_TARGET_TYPES = [
  'company',
  'site',
  'chantier',
  'user',
  'link',
  'legal',
  'category',
  'skip_type',
  'help',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
