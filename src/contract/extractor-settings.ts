/** §3 Extractor settings: the formats the extractor knows and its parsers' settings, per extension. */
import { z } from 'zod';

/** §3 format lists: the extensions the extractor knows, by family. */
export const FORMAT_LISTS = {
  email: ['msg', 'eml'],
  document: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'pptm', 'odp', 'odt'],
  image: ['jpg', 'jpeg', 'gif', 'png', 'tif', 'tiff'],
  spreadsheet: ['xls', 'xlsx', 'xlsm', 'ods'],
  text: ['html'],
  audio: ['mp3'],
} as const;
export const KNOWN_EXTENSIONS: readonly string[] = Object.values(FORMAT_LISTS).flat();

/** §9: default split per characters and extractor response block (one page). */
export const DEFAULT_SPLIT_CHARACTERS = 4000;

export const contentSettingsSchema = z.object({
  multiInteraction: z.boolean().default(false),
  multiCategory: z.boolean().default(false),
  attachmentCategoriesPerPage: z.boolean().default(false),
  ocrJpg: z.boolean().default(false),
  ocrPng: z.boolean().default(false),
  maxPagesToOcr: z.number().int().min(0).max(10_000).default(10),
  splitPerCharacters: z.number().int().min(1).max(1_000_000).default(DEFAULT_SPLIT_CHARACTERS),
});
export type ContentSettings = z.infer<typeof contentSettingsSchema>;

export const ocrModeSchema = z.enum(['ON', 'OFF', 'AUTO']);

/** One extractor parser's settings (§3 Extractor settings); sub-parsers override them per extension. */
export const parserSettingsSchema = z.object({
  email: z
    .object({
      extractAttachments: z.boolean().default(true),
      extractHtml: z.boolean().default(true),
      conversationThread: z.boolean().default(false),
      ignoredAttachmentExtensions: z.array(z.string().min(1).max(16)).max(50).default([]),
      headers: z.boolean().default(true),
    })
    .default({ extractAttachments: true, extractHtml: true, conversationThread: false, ignoredAttachmentExtensions: [], headers: true }),
  textHtml: z.object({ extractImages: z.boolean().default(false) }).default({ extractImages: false }),
  audio: z.object({ transcript: z.boolean().default(false) }).default({ transcript: false }),
  document: z
    .object({
      maxPages: z.number().int().min(1).max(10_000).default(50),
      ocrMode: ocrModeSchema.default('AUTO'),
      ocrName: z.string().max(100).default('default'),
      maxPagesToOcr: z.number().int().min(0).max(10_000).default(10),
    })
    .default({ maxPages: 50, ocrMode: 'AUTO', ocrName: 'default', maxPagesToOcr: 10 }),
  image: z
    .object({
      minWidth: z.number().int().min(0).max(100_000).default(50),
      minHeight: z.number().int().min(0).max(100_000).default(50),
      ocr: z.boolean().default(true),
    })
    .default({ minWidth: 50, minHeight: 50, ocr: true }),
  spreadsheet: z
    .object({
      readVertically: z.boolean().default(false),
      unmergeCells: z.boolean().default(true),
      parseHiddenSheets: z.boolean().default(false),
    })
    .default({ readVertically: false, unmergeCells: true, parseHiddenSheets: false }),
  global: z
    .object({
      useCache: z.boolean().default(true),
      splitPerCharacters: z.number().int().min(1).max(1_000_000).default(DEFAULT_SPLIT_CHARACTERS),
      splitPerPage: z.boolean().default(false),
      characterRedundancy: z.number().int().min(0).max(10_000).default(0),
    })
    .default({ useCache: true, splitPerCharacters: DEFAULT_SPLIT_CHARACTERS, splitPerPage: false, characterRedundancy: 0 }),
});
export type ParserSettings = z.infer<typeof parserSettingsSchema>;

export const extractorSettingsSchema = z.object({
  active: z.boolean().default(true),
  parser: parserSettingsSchema.prefault({}),
  /** Per-extension overrides of the parser settings (a whole parser block per extension). */
  subParsers: z
    .record(
      z.string().refine((ext) => KNOWN_EXTENSIONS.includes(ext), { message: 'Unknown extension' }),
      parserSettingsSchema,
    )
    .default({}),
});
export type ExtractorSettings = z.infer<typeof extractorSettingsSchema>;
