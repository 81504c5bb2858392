import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@portal/shared/schemas/auth-forms';
import { msg } from '@portal/shared/messages-it';

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

/** The most common passwords of at least 8 characters (contract: "the most common passwords refused"). */
const common = new Set([
  'password',
  'password1',
  'password123',
  '12345678',
  '123456789',
  '1234567890',
  '11111111',
  '00000000',
  'qwertyuiop',
  'qwerty123',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  'abcd1234',
  'passw0rd',
  'trustno1',
  'superman',
  'starwars',
  'dragon12',
  'letmein1',
  'asdfghjkl',
  'zxcvbnm1',
  '1q2w3e4r',
  '1qaz2wsx',
  'qazwsxedc',
  'password!',
  'admin123',
  'administrator',
  'changeme',
  'benvenuto',
  'password1!',
  'juventus',
  'napoli12',
  'cambiami',
  'ciaociao',
  'amoremio',
  'portale-demo1',
  'forzainter',
  'forzamilan',
  'forzaroma',
  'qwerty12',
  '87654321',
  '12341234',
  '12121212',
]);

/** Italian reason when the password is not acceptable, else null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return msg.passwordTroppoCorta;
  if (password.length > PASSWORD_MAX) return msg.passwordTroppoLunga;
  if (common.has(password.toLowerCase())) return msg.passwordComune;
  return null;
}
