/**
 * DOCX (Word 2007+) → text per page and embedded pictures. The body is word/document.xml; pages are
 * known only where the file marks them: explicit page breaks, "page break before" paragraphs and the
 * page ends Word recorded when it last laid the document out (lastRenderedPageBreak). Deleted text
 * (tracked changes) and field codes are left out; their displayed results are kept.
 */
import { BlobStore, type OfficeDocument } from '../model';
import { ParseError } from '../errors';
import { readZipParts, partText } from './zip';
import { walkXml } from './xml';
import { PageCollector } from './pages';
import { imageAttachments } from './images';
import { coreTitle } from './core-properties';

export async function parseDocx(bytes: Uint8Array, blobs: BlobStore): Promise<OfficeDocument> {
  const parts = readZipParts(bytes, 'DOCX', (name) => name === 'word/document.xml' || name === 'docProps/core.xml' || name.startsWith('word/media/'));
  const xml = partText(parts, 'word/document.xml');
  if (xml === undefined) throw new ParseError('corrupt', 'Not a readable DOCX file: it has no word/document.xml.');
  const pages = new PageCollector();
  let skip = 0;
  let inText = false;
  let lastRenderedBreakPending = false;
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'w:delText' || name === 'w:instrText') skip++;
      else if (name === 'w:t') inText = true;
      else if (name === 'w:tab') pages.add('\t');
      else if (name === 'w:br' || name === 'w:cr') {
        if (attributes['w:type'] === 'page') pages.pageBreak();
        else pages.add('\n');
      } else if (name === 'w:pageBreakBefore' && attributes['w:val'] !== '0' && attributes['w:val'] !== 'false') pages.pageBreak();
      else if (name === 'w:lastRenderedPageBreak') lastRenderedBreakPending = true;
    },
    close(name) {
      if (name === 'w:delText' || name === 'w:instrText') skip--;
      else if (name === 'w:t') inText = false;
      else if (name === 'w:p') pages.line();
      else if (name === 'w:tc') pages.cellEnd();
      else if (name === 'w:tr') pages.rowEnd();
    },
    text(text) {
      if (!inText || skip > 0) return;
      if (lastRenderedBreakPending) {
        pages.pageBreak();
        lastRenderedBreakPending = false;
      }
      pages.add(text);
    },
  });
  const title = coreTitle(partText(parts, 'docProps/core.xml'));
  return { format: 'docx', unit: 'page', ...(title ? { title } : {}), pages: pages.result(), images: await imageAttachments(parts, 'word/media/', blobs) };
}
