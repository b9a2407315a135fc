/**
 * The boxes of the OCR words a result was read from, kept with the extractor's result so the console
 * can draw them over a scanned page or a picture. Only the words that evidence points at are kept
 * (a category's quotes, an extracted value, an NLU parameter), never a page's every word: a page of
 * text has hundreds of them. Results stored before these existed have none.
 */
import { z } from 'zod';

/** One word: where it stands in its block's text (UTF-16 offsets) and its box in pixels of the image read. */
export const ocrWordBoxSchema = z.object({
  block: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
});
export type OcrWordBox = z.infer<typeof ocrWordBoxSchema>;

/** The kept words of one page of a document (a picture is page 1), with the size of the image they were read on. */
export const ocrBoxPageSchema = z.object({
  document: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  width: z.number().positive(),
  height: z.number().positive(),
  words: z.array(ocrWordBoxSchema),
});
export type OcrBoxPage = z.infer<typeof ocrBoxPageSchema>;
