/**
 * Held JSON: the HTTP thread carries a module's large result as bytes, and writes the JSON around
 * it without reading it. What reaches the database must be exactly the JSON of the plain value.
 */
import { describe, expect, it } from 'vitest';
import { holdJson, isHeldJson, jsonParts, readHeld } from './held-json';

/** What the database makes of the parts (server/db/jsonb-parts.ts joins them the same way). */
const joined = (parts: (string | Uint8Array)[]) => parts.map((part) => (typeof part === 'string' ? part : new TextDecoder().decode(part))).join('');

describe('held JSON', () => {
  const nlu = { server: 'principal', blocks: [{ text: 'Déclaration de sinistre — 1 250 € ✓', spans: [1, 2, 3] }] };

  it('writes the same JSON as the plain value, wherever the held values sit in the first levels', () => {
    const results = [
      { type: 'extractor', result: { documents: [{ name: 'lettre.pdf', blocks: [{ text: 'Bonjour' }] }] } },
      { type: 'nlu', result: holdJson(nlu) },
      { type: 'output', result: { analysis: { id: 'a' }, nlu: holdJson(nlu), documents: [] } },
    ];
    const plain = [results[0], { type: 'nlu', result: nlu }, { type: 'output', result: { analysis: { id: 'a' }, nlu, documents: [] } }];
    const parts = jsonParts(results);
    expect(parts.filter((part) => part instanceof Uint8Array)).toHaveLength(2);
    expect(JSON.parse(joined(parts))).toEqual(plain);
    // An envelope around the output payload: three levels down.
    const envelope = { type: 'analysis', output: results[2]!.result };
    expect(JSON.parse(joined(jsonParts(envelope)))).toEqual({ type: 'analysis', output: plain[2]!.result });
  });

  it('is one text part when nothing is held, and keeps dates and text that looks like a marker', () => {
    const value = { at: new Date('2026-11-29T10:00:00Z'), text: '\u0000held:not-a-marker:0 "quoted"', nested: { list: [1, null, 'é'] } };
    const parts = jsonParts(value);
    expect(parts).toEqual([JSON.stringify(value)]);
    // A sender's text shaped like a marker stays text beside a real held value.
    const mixed = jsonParts({ forged: '\u0000held:00000000-0000-0000-0000-000000000000:0', real: holdJson([1, 2]) });
    expect(JSON.parse(joined(mixed))).toEqual({ forged: '\u0000held:00000000-0000-0000-0000-000000000000:0', real: [1, 2] });
  });

  it('reads back what it holds from shared memory, and answers a plain value as it is', () => {
    const held = holdJson(nlu);
    expect(isHeldJson(held)).toBe(true);
    // Shared: handing it to the database or another worker copies nothing.
    expect(held.heldJson.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(readHeld(held)).toEqual(nlu);
    expect(readHeld(nlu)).toBe(nlu);
  });
});
