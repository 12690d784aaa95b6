import { randomBytes } from 'node:crypto';
import { hashPassword } from './senha';

let dummy: Promise<string> | undefined;

/** A hash nobody knows the password of: unknown logins are checked against it so they take as long as real ones. */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(24).toString('base64'));
  return dummy;
}
