import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// Verified against when the alias does not exist, so both failures cost the same time.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash, burns the same work and returns false. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-just-for-timing');
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return passwordHash !== null && ok;
  } catch {
    return false; // a malformed stored hash never authenticates
  }
}
