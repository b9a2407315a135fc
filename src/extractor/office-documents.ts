/**
 * Office documents, spreadsheets and HTML pages in the extractor (§3): text per page or slide
 * (max pages honoured), sheets with the spreadsheet settings (read vertically, unmerge cells, parse
 * hidden sheets), and the pictures they embed handed back for OCR as documents of their own.
 */
import type { ExtractedDocument } from '../contract/analyses';
import type { ParserSettings } from '../contract/environments';
import type { Attachment, HtmlPage, OfficeDocument, Spreadsheet } from '../parsing/model';
import { sheetText } from '../parsing/office/sheet-text';
import { documentNote } from './document-notes';

export type Blocks = (text: string, page?: number | null) => ExtractedDocument['blocks'];

/** Fills `doc` from an office document; returns the pictures to read by OCR (none when OCR is off). */
export function officeDocument(doc: ExtractedDocument, model: OfficeDocument, parser: ParserSettings, blocks: Blocks): Attachment[] {
  if (model.unreadable) {
    doc.notes.push(documentNote('document.legacyPowerPoint', { format: model.format.toUpperCase() }));
    return [];
  }
  const { maxPages, ocrMode } = parser.document;
  doc.pageCount = model.pages.length;
  const pages = model.pages.slice(0, maxPages);
  if (model.pages.length > maxPages) doc.notes.push(documentNote(model.unit === 'slide' ? 'document.maxSlides' : 'document.maxPages', { max: maxPages, total: model.pages.length }));
  doc.blocks = parser.global.splitPerPage
    ? pages.flatMap((page) => blocks(page.text, page.number))
    : blocks(pages.map((page) => page.text).filter((text) => text !== '').join('\n\n'));
  if (model.images.length === 0) return [];
  if (ocrMode === 'OFF') {
    doc.notes.push(documentNote('document.embeddedOcrOff', { count: model.images.length }));
    return [];
  }
  return model.images;
}

export function spreadsheetDocument(doc: ExtractedDocument, model: Spreadsheet, parser: ParserSettings, blocks: Blocks): void {
  const { readVertically, unmergeCells, parseHiddenSheets } = parser.spreadsheet;
  const sheets = model.sheets.filter((sheet) => parseHiddenSheets || !sheet.hidden);
  const hidden = model.sheets.length - sheets.length;
  if (hidden > 0) doc.notes.push(documentNote('document.hiddenSheets', { count: hidden }));
  if (sheets.some((sheet) => sheet.truncated)) doc.notes.push(documentNote('document.sheetTooLarge'));
  doc.pageCount = sheets.length;
  const texts = sheets.map((sheet) => `${sheet.name}\n${sheetText(sheet, { readVertically, unmergeCells })}`.trim());
  doc.blocks = parser.global.splitPerPage ? texts.flatMap((text, index) => blocks(text, index + 1)) : blocks(texts.join('\n\n'));
}

/** Fills `doc` from an HTML page; returns its inline pictures when "extract images" is on. */
export function htmlDocument(doc: ExtractedDocument, page: HtmlPage, parser: ParserSettings, blocks: Blocks): Attachment[] {
  doc.blocks = blocks(page.text);
  if (!parser.textHtml.extractImages) return [];
  if (page.remoteImages > 0) doc.notes.push(documentNote('document.remotePictures', { count: page.remoteImages }));
  return page.images;
}
