/** The colour of each operation status' badge (its label always says it in words). */
const PALETTES: Record<string, string> = {
  REQUESTED: 'orange',
  WAITING: 'yellow',
  ACCEPTED_WITHOUT_SCHEDULING: 'blue',
  SCHEDULED: 'blue',
  COMPLETED: 'purple',
  REALISED: 'green',
  CANCELLED: 'gray',
  NOT_CARRIED_OUT: 'red',
  NOT_PROCESSED: 'gray',
  TO_COMPLETE: 'orange',
  TO_VALIDATE: 'purple',
};

export function statusPalette(status: string): string {
  return PALETTES[status] ?? 'gray';
}
