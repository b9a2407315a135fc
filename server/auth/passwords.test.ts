import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const first = await hashPassword('Postroom-demo-1');
    const second = await hashPassword('Postroom-demo-1');
    expect(first).not.toBe(second);
    expect(first.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('Postroom-demo-1', first)).toBe(true);
    expect(await verifyPassword('Postroom-demo-2', first)).toBe(false);
  });

  it('refuses missing, unreadable and costly hashes without throwing', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
    const hash = await hashPassword('x');
    expect(await verifyPassword('x', hash.replace(/^scrypt\$15\$/, 'scrypt$30$'))).toBe(false);
  });
});
