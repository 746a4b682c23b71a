import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

// The package declares Algorithm as a const enum, which isolated modules cannot read: 2 is Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;
const HASH_OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** An argon2id hash (PHC string) of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/**
 * The argon2 verification every password check goes through, as an object so that a test can watch the calls
 * (module mocks do not reach a module another test file already loaded in the same worker).
 */
export const passwordVerifier = { verify };

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without a hash (unknown e-mail, an OIDC-only account) it
 * verifies against a decoy with the same cost and answers false, so the response time does not tell
 * whether the address exists.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hashPassword(randomBytes(16).toString('base64url'));
    await passwordVerifier.verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await passwordVerifier.verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A random password for a new admin account: 24 characters from 18 random bytes. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
