import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

// Argon2id (the const enum's value 2; const enums cannot be imported under isolatedModules).
const ARGON2ID = 2 as Algorithm;

/** Cost parameters; production uses the library's defaults (19 MiB, 2 passes, OWASP's minimum). */
export type PasswordHashCost = Pick<Options, 'memoryCost' | 'timeCost'>;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  isValid(passwordHash: string, password: string): Promise<boolean>;
}

export function createPasswordHasher(cost: PasswordHashCost = {}): PasswordHasher {
  return {
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...cost }),
    async isValid(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}
