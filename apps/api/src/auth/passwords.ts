import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's minimum parameters. The numbers are explicit (algorithm 2 = Argon2id)
 * because @node-rs/argon2 exports the algorithm as a const enum, which isolated modules cannot import.
 */
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a throwaway password, verified when the username does not exist so a wrong
 * username takes as long as a wrong password (no user enumeration by timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-0");
  return dummyHash;
}
