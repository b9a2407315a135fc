import { describe, expect, it } from 'vitest';
import { brokenPasswordRules } from '../../src/contract/passwords';
import { temporaryPassword } from './temporary-password';

describe('temporary passwords', () => {
  const samples = Array.from({ length: 300 }, temporaryPassword);

  it('follow the password rules', () => {
    expect(samples.filter((password) => brokenPasswordRules(password).length > 0)).toEqual([]);
  });

  it('are random in full: no repeat, no common ending or beginning', () => {
    expect(new Set(samples).size).toBe(samples.length);
    expect(new Set(samples.map((password) => password.slice(-3))).size).toBeGreaterThan(200);
    expect(new Set(samples.map((password) => password.slice(0, 3))).size).toBeGreaterThan(200);
  });
});
