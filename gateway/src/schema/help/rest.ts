import type { FieldItem, helpContentFields, staticContentFields } from '@portal/domain';
import type { JsonLdItem } from '../../rest/types.ts';

/** `/api/help_contents` items. */
export interface RestHelpPage extends JsonLdItem, FieldItem<typeof helpContentFields> {}

/** `/api/static_contents` items: the published versions of the legal texts. */
export interface RestLegalText extends JsonLdItem, FieldItem<typeof staticContentFields> {}
