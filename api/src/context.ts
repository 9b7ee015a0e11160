import type { Mailer } from './account/mailer.ts';
import type { PasswordHasher } from './account/passwords.ts';
import type { ApiConfig } from './config.ts';
import type { Db, SharedReads } from './db/index.ts';
import type { FileStore } from './files/store.ts';
import type { ApiMetrics } from './observability/metrics.ts';
import type { ReferenceData } from './reference/data.ts';

/** What every route module receives from createApi. */
export interface ApiContext {
  config: ApiConfig;
  db: Db;
  /** The reads the requests of one data stamp share: a stamped GET's `reads.of(dataStampOf(request))`. */
  reads: SharedReads;
  /** HMAC key of token hashes (APP_SECRET or DATA_DIR/secret). */
  secret: string;
  passwords: PasswordHasher;
  mailer: Mailer;
  reference: ReferenceData;
  metrics: ApiMetrics;
  /** Where uploaded files' bytes live (documents, administrative documents, incident photos). */
  files: FileStore;
}
