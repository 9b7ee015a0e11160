import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Trackdéchets' access tokens at rest: AES-256-GCM (authenticated encryption), a fresh nonce per token, and the
 * owner's user id as associated data, so that a sealed token moved to another user's row no longer opens.
 */
const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface TokenSeal {
  seal(token: string, userId: number): string;
  /** Throws when the value was not sealed with this key for this user. */
  open(sealed: string, userId: number): string;
}

/** The key: TRACKDECHETS_TOKEN_KEY (32 bytes, base64), else derived from the app secret (HKDF-SHA-256). */
export function tokenKey(configured: string | undefined, appSecret: string): Buffer {
  if (configured !== undefined) {
    const key = Buffer.from(configured, 'base64');
    if (key.length !== 32) throw new Error('TRACKDECHETS_TOKEN_KEY must be 32 bytes in base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', appSecret, 'portail-dechets', 'trackdechets-token', 32));
}

export function tokenSeal(key: Buffer): TokenSeal {
  const associatedData = (userId: number) => Buffer.from(`trackdechets-token:${userId}`);
  return {
    seal(token, userId) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      cipher.setAAD(associatedData(userId));
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return `${VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(sealed, userId) {
      const [version, payload] = sealed.split('.');
      if (version !== VERSION || payload === undefined) throw new Error('Unknown sealed token format');
      const bytes = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES));
      decipher.setAAD(associatedData(userId));
      decipher.setAuthTag(bytes.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(NONCE_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
