import {
  adminCompanyFields,
  adminSiteFields,
  adminSiteLinkFields,
  adminUserFields,
} from '@portal/domain/admin';
import { fieldLabels } from '@portal/domain/fields';
import { staticContentFields } from '@portal/domain/help';
import { isUserTypology, typologyLabels } from '@portal/domain/typologies';
import { formatDate } from '../../i18n/format.ts';
import { i18n } from '../../i18n/index.ts';

/** One field of an audited element: its label, and its value before and after the change, as read. */
export interface DiffRow {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The labels of an element's fields: its field table's (the domain's), and those of an import's summary. */
function labelsOf(targetType: string): Record<string, string> {
  const own: Record<string, Record<string, string>> = {
    COMPANY: fieldLabels(adminCompanyFields),
    SITE: fieldLabels(adminSiteFields),
    USER: fieldLabels(adminUserFields),
    LINK: fieldLabels(adminSiteLinkFields),
    LEGAL: fieldLabels(staticContentFields),
  };
  return {
    fileName: i18n.t('admin.audit.fields.fileName'),
    created: i18n.t('admin.audit.fields.created'),
    skipped: i18n.t('admin.audit.fields.skipped'),
    ...own[targetType],
  };
}

/** An element's state as the trail stores it (JSON text); anything else reads as no fields. */
function fieldsOf(json: string | null | undefined): Record<string, unknown> | null {
  if (json === null || json === undefined) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: json };
  }
}

const EMPTY = '—';

/** A stored value as a French reader reads it: dates, yes or no, typologies' labels, lists joined. */
export function readableValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (typeof value === 'boolean') return i18n.t(value ? 'admin.audit.yes' : 'admin.audit.no');
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? (formatDate(value) ?? value) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return EMPTY;
    if (field === 'typologies') {
      return value.map((code) => (isUserTypology(code) ? typologyLabels[code] : String(code))).join(', ');
    }
    // Ids of the element's companies, establishments or chantiers.
    return value
      .map((item) => (typeof item === 'number' ? `n° ${item}` : readableValue(field, item)))
      .join(', ');
  }
  return JSON.stringify(value);
}

/**
 * The fields a change touched, each with its value before and after: those that changed for an update; every
 * field for a creation (nothing before) or a removal (nothing after).
 */
export function auditDiff(
  targetType: string,
  before: string | null | undefined,
  after: string | null | undefined,
): DiffRow[] {
  const old = fieldsOf(before);
  const next = fieldsOf(after);
  const labels = labelsOf(targetType);
  const fields = [...new Set([...Object.keys(next ?? {}), ...Object.keys(old ?? {})])];
  return fields.flatMap((field) => {
    const was = readableValue(field, old?.[field]);
    const is = readableValue(field, next?.[field]);
    if (old !== null && next !== null && was === is) return [];
    return [
      {
        field,
        label: labels[field] ?? field,
        before: old === null ? EMPTY : was,
        after: next === null ? EMPTY : is,
      },
    ];
  });
}
