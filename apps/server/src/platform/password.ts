import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

let dummy: Promise<string> | undefined;

/** Verifies a password; with no hash (unknown account) it still spends the same time. */
export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) {
    dummy ??= hashPassword('not-a-real-password');
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
