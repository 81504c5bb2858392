import { createHash, randomBytes, randomUUID } from 'node:crypto';

export function newId(): string {
  return randomUUID();
}

/** 128 bits or more of randomness, URL-safe. */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as this hash, so the database alone never yields a usable link or cookie. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
