/** Operator settings read from the environment: private webhook targets stay refused unless asked for. */
import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('refuses private webhook targets unless POSTROOM_WEBHOOK_ALLOW_PRIVATE=true', () => {
    expect(readConfig({}).outbound).toEqual({ allowPrivate: false });
    expect(readConfig({ POSTROOM_WEBHOOK_ALLOW_PRIVATE: '' }).outbound).toEqual({ allowPrivate: false });
    expect(readConfig({ POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'false' }).outbound).toEqual({ allowPrivate: false });
    expect(readConfig({ POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'true' }).outbound).toEqual({ allowPrivate: true });
    // A typo is an error at start, not a silently open (or closed) network.
    expect(() => readConfig({ POSTROOM_WEBHOOK_ALLOW_PRIVATE: 'yes' })).toThrow(/POSTROOM_WEBHOOK_ALLOW_PRIVATE/);
  });
});
