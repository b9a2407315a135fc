/**
 * What OCR gives back for one page or picture: its text, the engine's mean confidence (0–100) and
 * every recognised word with its box in pixels of the image that was read. Shared by the server's
 * OCR pool, the files viewer's OCR action and the OCR data extraction module.
 */
export type OcrBox = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; box: OcrBox; line: number };
export type OcrPage = { text: string; confidence: number; width: number; height: number; words: OcrWord[] };

/** The languages read, both installed from npm (@tesseract.js-data/fra and eng), never fetched from a CDN. */
export const OCR_LANGUAGES = ['fra', 'eng'] as const;
