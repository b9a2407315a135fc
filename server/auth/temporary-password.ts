/**
 * Temporary passwords for created users (shown once to the admin, changed at first sign-in): random
 * in full, with one character of each class the password rules ask for at a random place, so no
 * part of them can be guessed (an earlier version ended every one in "-Aa1!").
 */
import { randomInt } from 'node:crypto';

const CLASSES = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@_'] as const;
const ALL = CLASSES.join('');
const LENGTH = 16;

export function temporaryPassword(): string {
  const characters = CLASSES.map((set) => set[randomInt(set.length)]!);
  while (characters.length < LENGTH) characters.push(ALL[randomInt(ALL.length)]!);
  // Fisher–Yates, so the guaranteed characters land anywhere.
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j]!, characters[i]!];
  }
  return characters.join('');
}
