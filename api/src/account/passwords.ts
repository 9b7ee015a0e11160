import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { Argon2Parameters } from '../config.ts';

/** argon2id (the library's default algorithm) with the configured cost. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Verifies against a throwaway hash of the same cost: an unknown e-mail costs as much as a wrong password. */
  verifyDummy(password: string): Promise<false>;
}

export async function createPasswordHasher(parameters: Argon2Parameters): Promise<PasswordHasher> {
  const hashPassword = (password: string) => hash(password, { ...parameters });
  const dummyHash = await hashPassword(randomBytes(16).toString('base64url'));
  const verifyPassword = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyDummy(password) {
      await verifyPassword(dummyHash, password);
      return false;
    },
  };
}
