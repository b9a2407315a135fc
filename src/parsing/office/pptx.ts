/**
 * PPTX and PPTM (PowerPoint 2007+, with or without macros: the macros are never read) → text per
 * slide, in the presentation's order (ppt/presentation.xml's slide list through its relationships),
 * and the embedded pictures. Speaker notes are left out: the audience never sees them.
 */
import { BlobStore, type OfficeDocument } from '../model';
import { ParseError } from '../errors';
import { readZipParts, partText } from './zip';
import { walkXml } from './xml';
import { imageAttachments } from './images';
import { coreTitle } from './core-properties';

/** Slide part names in presentation order. */
function slideOrder(presentation: string | undefined, rels: string | undefined): string[] {
  const targets = new Map<string, string>();
  walkXml(rels ?? '', {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, attributes.Target);
    },
  });
  const order: string[] = [];
  walkXml(presentation ?? '', {
    open(name, attributes) {
      const target = name === 'p:sldId' ? targets.get(attributes['r:id'] ?? '') : undefined;
      if (target) order.push(target.startsWith('/') ? target.slice(1) : `ppt/${target}`);
    },
  });
  return order;
}

function slideText(xml: string): string {
  let text = '';
  let inText = false;
  walkXml(xml, {
    open(name) {
      if (name === 'a:t') inText = true;
      else if (name === 'a:br') text += '\n';
      else if (name === 'a:tab') text += '\t';
    },
    close(name) {
      if (name === 'a:t') inText = false;
      else if (name === 'a:p' && !text.endsWith('\n')) text += '\n';
      else if (name === 'a:tc') text += '\t';
    },
    text(chunk) {
      if (inText) text += chunk;
    },
  });
  return text.replace(/[ \t]+\n/g, '\n').trim();
}

export async function parsePptx(bytes: Uint8Array, blobs: BlobStore, format: 'pptx' | 'pptm'): Promise<OfficeDocument> {
  const label = format.toUpperCase();
  const parts = readZipParts(
    bytes,
    label,
    (name) => /^ppt\/slides\/slide\d+\.xml$/.test(name) || name === 'ppt/presentation.xml' || name === 'ppt/_rels/presentation.xml.rels' || name === 'docProps/core.xml' || name.startsWith('ppt/media/'),
  );
  if (!parts['ppt/presentation.xml']) throw new ParseError('corrupt', `Not a readable ${label} file: it has no ppt/presentation.xml.`);
  let order = slideOrder(partText(parts, 'ppt/presentation.xml'), partText(parts, 'ppt/_rels/presentation.xml.rels')).filter((name) => parts[name]);
  // A file whose slide list is damaged still has its slides: take them by number.
  if (order.length === 0) {
    order = Object.keys(parts)
      .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  }
  const pages = order.map((name, index) => ({ number: index + 1, text: slideText(partText(parts, name)!) }));
  const title = coreTitle(partText(parts, 'docProps/core.xml'));
  return { format, unit: 'slide', ...(title ? { title } : {}), pages, images: await imageAttachments(parts, 'ppt/media/', blobs) };
}
