/**
 * The server's caps on the extracted text handed to the modules (src/extractor/cap-text.ts):
 * POSTROOM_MODULE_TEXT_PER_DOCUMENT (characters, default 1 000 000) and
 * POSTROOM_MODULE_TEXT_PER_ANALYSIS (default 2 000 000).
 */
import { DEFAULT_TEXT_PER_ANALYSIS, DEFAULT_TEXT_PER_DOCUMENT, type TextCaps } from '../../../src/extractor/cap-text';

const positive = (value: string | undefined, fallback: number): number => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
};

export function textCaps(): TextCaps {
  return {
    document: positive(process.env.POSTROOM_MODULE_TEXT_PER_DOCUMENT, DEFAULT_TEXT_PER_DOCUMENT),
    analysis: positive(process.env.POSTROOM_MODULE_TEXT_PER_ANALYSIS, DEFAULT_TEXT_PER_ANALYSIS),
  };
}
