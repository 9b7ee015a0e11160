import { createHmac, randomBytes } from 'node:crypto';

/** An opaque random token (32 bytes, base64url): session tokens and password-reset tokens. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as HMAC-SHA256 hashes under the app secret. */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex');
}

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A personal access token: a prefix that says what it is (and lets a leaked one be found), then a random part. */
export const ACCESS_TOKEN_PREFIX = 'pat_';
export const ACCESS_TOKEN_PATTERN = /^pat_[A-Za-z0-9_-]{43}$/;
export const newAccessToken = (): string => `${ACCESS_TOKEN_PREFIX}${newToken()}`;
