/** The sandbox's data: companies, users, BSDD slips and their status logs, OAuth2 grants and access tokens. */
import { randomInt } from 'node:crypto';

export const COMPANY_TYPES = [
  'PRODUCER',
  'COLLECTOR',
  'WASTEPROCESSOR',
  'TRANSPORTER',
  'WASTE_VEHICLES',
  'WASTE_CENTER',
  'TRADER',
  'BROKER',
  'ECO_ORGANISME',
  'WORKER',
] as const;

export const FORM_STATUSES = [
  'DRAFT',
  'SEALED',
  'SIGNED_BY_PRODUCER',
  'SENT',
  'RECEIVED',
  'ACCEPTED',
  'PROCESSED',
  'FOLLOWED_WITH_PNTTD',
  'AWAITING_GROUP',
  'GROUPED',
  'NO_TRACEABILITY',
  'REFUSED',
  'TEMP_STORED',
  'TEMP_STORER_ACCEPTED',
  'RESEALED',
  'SIGNED_BY_TEMP_STORER',
  'RESENT',
  'CANCELED',
] as const;

export const FORM_ROLES = [
  'TRANSPORTER',
  'RECIPIENT',
  'TRADER',
  'BROKER',
  'EMITTER',
  'ECO_ORGANISME',
  'INTERMEDIARY',
] as const;

export interface Company {
  id: string;
  siret: string;
  name: string;
  address: string | null;
  companyTypes: string[];
}

export interface User {
  id: string;
  email: string;
  name: string;
  sirets: string[];
}

export interface Party {
  siret: string | null;
  name: string;
  address: string | null;
}

export interface Form {
  id: string;
  /** Insertion order: the platform lists slips newest first by this number. */
  rowNumber: number;
  readableId: string;
  status: string;
  emitter: Party;
  transporter: Party | null;
  recipient: (Party & { processingOperation: string | null }) | null;
  wasteCode: string;
  wasteName: string;
  quantity: number;
  quantityReceived: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface StatusLog {
  id: string;
  formId: string;
  status: string;
  loggedAt: Date;
  updatedFields: Record<string, unknown>;
  userId: string | null;
}

export interface Grant {
  clientId: string;
  redirectUri: string;
  email: string;
  expiresAt: number;
  used: boolean;
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const MIXED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomChars(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** An id shaped like the platform's (cuid: `c` and 24 lower-case letters or digits). */
export function cuid(): string {
  return `c${randomChars(LOWER, 24)}`;
}

/** A secret like the platform's `getUid(n)`: letters and digits. */
export function uid(length: number): string {
  return randomChars(MIXED, length);
}

export function readableIdAt(date: Date): string {
  const day = date.toISOString().slice(0, 10).replaceAll('-', '');
  return `BSD-${day}-${randomChars(UPPER, 8)}`;
}

/** 14 digits with a valid Luhn key; La Poste's establishments (SIREN 356000000) use a digit sum multiple of 5. */
export function isSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  const digits = [...value].map(Number);
  if (value.startsWith('356000000') && digits.reduce((sum, d) => sum + d, 0) % 5 === 0) return true;
  const sum = digits.reduce((total, digit, index) => {
    const weighted = index % 2 === 0 ? digit * 2 : digit;
    return total + (weighted > 9 ? weighted - 9 : weighted);
  }, 0);
  return sum % 10 === 0;
}

export class Store {
  readonly companies = new Map<string, Company>();
  readonly users = new Map<string, User>();
  readonly forms: Form[] = [];
  readonly statusLogs: StatusLog[] = [];
  readonly grants = new Map<string, Grant>();
  /** access token → user email */
  readonly tokens = new Map<string, string>();
  private rowNumber = 0;

  userByToken(token: string | null): User | null {
    const email = token === null ? undefined : this.tokens.get(token);
    return email === undefined ? null : (this.users.get(email) ?? null);
  }

  formByReadableId(readableId: string): Form | undefined {
    return this.forms.find((form) => form.readableId === readableId);
  }

  nextRowNumber(): number {
    this.rowNumber += 1;
    return this.rowNumber;
  }

  /** Who signs a slip's steps in the sandbox: the first user of its emitter, if any. */
  actorOf(form: Form): string | null {
    for (const user of this.users.values()) {
      if (form.emitter.siret !== null && user.sirets.includes(form.emitter.siret)) return user.id;
    }
    return null;
  }

  log(form: Form, status: string, at: Date): void {
    this.statusLogs.push({
      id: cuid(),
      formId: form.id,
      status,
      loggedAt: at,
      updatedFields: {},
      userId: this.actorOf(form),
    });
  }
}
