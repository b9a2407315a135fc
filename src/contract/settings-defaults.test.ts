/**
 * Settings parsed with their defaults belong to the caller: a module that changes the object it was
 * given (a test switching the extractor's cache off, a run adjusting its copy) must not change what
 * every later parse in the process answers.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { environmentSettingsSchema } from './environments';
import { extractorSettingsSchema } from './extractor-settings';
import { mailServerAuthShape } from './integrations-imap';

describe('settings defaults', () => {
  it('are fresh objects at every depth for each parse', () => {
    const extractor = extractorSettingsSchema.parse({});
    extractor.parser.global.useCache = false;
    expect(extractorSettingsSchema.parse({}).parser.global.useCache).toBe(true);

    const environment = environmentSettingsSchema.parse({});
    environment.extractor.parser.global.useCache = false;
    expect(environmentSettingsSchema.parse({}).extractor.parser.global.useCache).toBe(true);
  });

  it('keep the nested defaults of the IMAP connector apart between parses', () => {
    const schema = z.object(mailServerAuthShape);
    const first = schema.parse({});
    const second = schema.parse({});
    expect(first.smtp).not.toBe(second.smtp);
    expect(first.oauth).not.toBe(second.oauth);
  });
});
