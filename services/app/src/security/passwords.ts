import { hash, verify } from '@node-rs/argon2';
import { InvalidInputError } from '../errors.js';

// 2 = Argon2id in the library's (const) enum.

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Compared against when the account does not exist, so both answers take as long. */
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * The passwords people pick most (about 49,000 from zxcvbn-ts's list, in lower case), loaded on
 * first use: building the set takes a tenth of a second that a process which never sees a new
 * password need not spend.
 */
let commonPasswords: Promise<ReadonlySet<string>> | null = null;

export async function isCommonPassword(password: string): Promise<boolean> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return (await commonPasswords).has(password.normalize('NFKC').trim().toLowerCase());
}

/** A new password (sign-up, change, reset) that is on the list fails with 400 naming its field. */
export async function refuseCommonPassword(password: string, field: string): Promise<void> {
  if (!(await isCommonPassword(password))) return;
  throw new InvalidInputError({
    code: 'auth.password_too_common',
    message: 'This password is one of the most used; choose another',
    details: { errors: [{ path: field, message: 'Too common' }] },
  });
}
