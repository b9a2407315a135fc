/**
 * ODT and ODP (OpenDocument text and presentation) → text per page or slide, and the pictures
 * (Pictures/ folder). In ODT, pages are known where the file marks them: paragraphs whose style
 * breaks the page before or after, and the soft page breaks the office suite recorded. In ODP each
 * draw:page is a slide; its notes are left out.
 */
import { BlobStore, type OfficeDocument } from '../model';
import { ParseError } from '../errors';
import { readZipParts, partText } from './zip';
import { walkXml } from './xml';
import { PageCollector } from './pages';
import { imageAttachments } from './images';
import { coreTitle } from './core-properties';

const BLOCKS = new Set(['text:p', 'text:h']);
const SKIPPED = new Set(['presentation:notes', 'office:annotation', 'text:note', 'office:automatic-styles', 'office:styles', 'office:font-face-decls']);

/** Paragraph style names that break the page before (or after) them. */
function pageBreakStyles(xml: string): { before: Set<string>; after: Set<string> } {
  const before = new Set<string>();
  const after = new Set<string>();
  let style = '';
  walkXml(xml, {
    open(name, attributes) {
      if (name === 'style:style') style = attributes['style:name'] ?? '';
      else if (name === 'style:paragraph-properties' && style) {
        if (attributes['fo:break-before'] === 'page') before.add(style);
        if (attributes['fo:break-after'] === 'page') after.add(style);
      }
    },
  });
  return { before, after };
}

export async function parseOdf(bytes: Uint8Array, blobs: BlobStore, format: 'odt' | 'odp'): Promise<OfficeDocument> {
  const label = format.toUpperCase();
  const parts = readZipParts(bytes, label, (name) => name === 'content.xml' || name === 'meta.xml' || name.startsWith('Pictures/'));
  const xml = partText(parts, 'content.xml');
  if (xml === undefined) throw new ParseError('corrupt', `Not a readable ${label} file: it has no content.xml.`);
  const breaks = format === 'odt' ? pageBreakStyles(xml) : { before: new Set<string>(), after: new Set<string>() };
  const pages = new PageCollector(format === 'odp');
  const blockStyles: string[] = [];
  let skip = 0;
  let slides = 0;
  walkXml(xml, {
    open(name, attributes, selfClosing) {
      if (SKIPPED.has(name)) {
        if (!selfClosing) skip++;
        return;
      }
      if (skip > 0) return;
      if (name === 'draw:page') {
        if (slides++ > 0) pages.pageBreak(true);
      } else if (BLOCKS.has(name)) {
        const style = attributes['text:style-name'] ?? '';
        if (breaks.before.has(style)) pages.pageBreak();
        blockStyles.push(style);
      } else if (name === 'text:soft-page-break') pages.pageBreak();
      else if (name === 'text:s') pages.add(' '.repeat(Math.min(100, Number(attributes['text:c'] ?? 1) || 1)));
      else if (name === 'text:tab') pages.add('\t');
      else if (name === 'text:line-break') pages.add('\n');
    },
    close(name) {
      if (SKIPPED.has(name)) {
        skip = Math.max(0, skip - 1);
        return;
      }
      if (skip > 0) return;
      if (BLOCKS.has(name)) {
        pages.line();
        if (breaks.after.has(blockStyles.pop() ?? '')) pages.pageBreak();
      } else if (name === 'table:table-cell' || name === 'table:covered-table-cell') pages.cellEnd();
      else if (name === 'table:table-row') pages.rowEnd();
    },
    text(text) {
      if (skip === 0 && blockStyles.length > 0) pages.add(text);
    },
  });
  const title = coreTitle(partText(parts, 'meta.xml'));
  return {
    format,
    unit: format === 'odp' ? 'slide' : 'page',
    ...(title ? { title } : {}),
    pages: pages.result(),
    images: await imageAttachments(parts, 'Pictures/', blobs),
  };
}
