/**
 * Confusion matrix of a label kind: expected × obtained → the messages behind each cell. A matched
 * value is its own diagonal cell; each missed expected value is paired with each wrong obtained one
 * (NO_CATEGORY standing for "nothing" on either side); NO_QUALIFIED rows pair with what was obtained.
 */
import { NO_CATEGORY, NO_QUALIFIED, type ValueOutcome } from '../contract/testing-evaluation';

export interface ConfusionMatrix {
  expected: string[];
  obtained: string[];
  /** `${expected}\u0000${obtained}` → message ids, in run order. */
  cells: Map<string, string[]>;
}

export const cellKey = (expected: string, obtained: string) => `${expected}\u0000${obtained}`;

/**
 * The (expected, obtained) pairs of one message's outcomes for one label kind. Attachment kinds are
 * paired attachment by attachment: a miss on one file is never paired with a wrong value on another.
 */
export function confusionPairs(rows: readonly ValueOutcome[]): [string, string][] {
  const byDocument = new Map<string, ValueOutcome[]>();
  for (const row of rows) {
    const document = row.document ?? '';
    const list = byDocument.get(document);
    if (list) list.push(row);
    else byDocument.set(document, [row]);
  }
  return [...byDocument.values()].flatMap(documentPairs);
}

function documentPairs(rows: readonly ValueOutcome[]): [string, string][] {
  const pairs: [string, string][] = [];
  const missed: string[] = [];
  const wrong: string[] = [];
  for (const row of rows) {
    if (row.outcome === 'TP') pairs.push([row.value, row.value]);
    else if (row.outcome === 'FN' && row.value === NO_QUALIFIED) {
      const obtained = Array.isArray(row.obtained) && row.obtained.length > 0 ? (row.obtained as unknown[]).map(String) : [NO_CATEGORY];
      for (const value of obtained) pairs.push([NO_QUALIFIED, value]);
    } else if (row.outcome === 'FN') missed.push(row.value);
    else if (row.outcome === 'FP') wrong.push(row.value);
  }
  if (missed.length > 0 && wrong.length > 0) for (const e of missed) for (const o of wrong) pairs.push([e, o]);
  else if (missed.length > 0) for (const e of missed) pairs.push([e, NO_CATEGORY]);
  else for (const o of wrong) pairs.push([NO_CATEGORY, o]);
  return pairs;
}

export function confusionMatrix(messages: readonly { messageId: string; rows: readonly ValueOutcome[] }[]): ConfusionMatrix {
  const cells = new Map<string, string[]>();
  const expected = new Set<string>();
  const obtained = new Set<string>();
  for (const message of messages) {
    for (const [e, o] of confusionPairs(message.rows)) {
      expected.add(e);
      obtained.add(o);
      const key = cellKey(e, o);
      const ids = cells.get(key);
      if (!ids) cells.set(key, [message.messageId]);
      else if (ids[ids.length - 1] !== message.messageId) ids.push(message.messageId);
    }
  }
  const order = (values: Set<string>) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { expected: order(expected), obtained: order(obtained), cells };
}
