/** Relay global ids: base64 of 'Type:databaseId' (schema.graphql, interface Node). */
export const NODE_TYPES = [
  'User',
  'Company',
  'Establishment',
  'Entity',
  'CompanySector',
  'State',
  'FirstLevelWaste',
  'SecondLevelWaste',
  'ThirdLevelWaste',
  'SkipType',
  'Skip',
  'SkipDelivery',
  'SkipDeliveryProgram',
  'Operation',
  'RotationProgram',
  'Incident',
  'HelpPage',
  'LegalText',
  'DirectoryOutlet',
  'DefaultTreatment',
  'DocumentCategory',
  'Document',
  'AdministrativeDocument',
  'AdminCompany',
  'AdminEstablishment',
  'AdminUser',
  'AdminSiteLink',
] as const;
export type NodeType = (typeof NODE_TYPES)[number];

export function toGlobalId(type: NodeType, databaseId: number): string {
  return Buffer.from(`${type}:${databaseId}`, 'utf8').toString('base64');
}

/** The type and database id of a global id; null when it is not one of ours. */
export function fromGlobalId(globalId: string): { type: NodeType; databaseId: number } | null {
  const decoded = Buffer.from(globalId, 'base64').toString('utf8');
  const match = /^([A-Za-z]+):([1-9][0-9]{0,15})$/.exec(decoded);
  const type = NODE_TYPES.find((candidate) => candidate === match?.[1]);
  const databaseId = Number(match?.[2]);
  if (type === undefined || !Number.isSafeInteger(databaseId)) return null;
  return { type, databaseId };
}

/** The database id of a global id of the given type; null for another type or a malformed id. */
export function databaseIdOf(globalId: string, type: NodeType): number | null {
  const parsed = fromGlobalId(globalId);
  return parsed?.type === type ? parsed.databaseId : null;
}

/** The database ids of global ids of the given type; null when one of them is of another type or malformed. */
export function databaseIdsOf(globalIds: readonly string[], type: NodeType): number[] | null {
  const ids = globalIds.map((globalId) => databaseIdOf(globalId, type));
  return ids.every((id) => id !== null) ? ids : null;
}
