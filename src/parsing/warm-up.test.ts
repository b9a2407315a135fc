import { describe, expect, it } from 'vitest';
import { warmUpParser } from './warm-up';

describe("the parse worker's warm-up", () => {
  it('parses its sample through every path it is meant to warm (else it would warm nothing, silently)', async () => {
    expect(await warmUpParser()).toBe(true);
  });
});
