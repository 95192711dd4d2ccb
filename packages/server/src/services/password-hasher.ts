import { randomBytes } from 'node:crypto';
import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Argon2id (the const enum's value 2; const enums cannot be imported under isolatedModules).
const ARGON2ID = 2 as Algorithm;

/** Cost parameters; production uses the library's defaults (19 MiB, 2 passes, OWASP's minimum). */
export type PasswordHashCost = Pick<Options, 'memoryCost' | 'timeCost'>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  isValid(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Takes as long as isValid on a real hash and answers false: for a sign-in to an address
   * without a password, so its timing does not tell that no such account exists.
   */
  isValidForNoAccount(password: string): Promise<false>;
}

export function createPasswordHasher(cost: PasswordHashCost = {}): PasswordHasher {
  const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID, ...cost });
  let dummyHash: Promise<string> | undefined;
  const isValid = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  return {
    hash: hashPassword,
    isValid,
    async isValidForNoAccount(password) {
      dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await isValid(await dummyHash, password);
      return false;
    },
  };
}
