import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's baseline cost: 19 MiB, 2 passes.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    // Same work for accounts without a password, so timing does not reveal them.
    await hash(password, options);
    return false;
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
