/**
 * HTML pages → their title, their text (the converter mails use) and the images they carry inline
 * (data: URLs), as attachments for the extractor's "extract images" setting and the viewer. Remote
 * images are counted and never fetched: the platform runs offline, and fetching would let a page
 * make the server call any address.
 */
import { BlobStore, type Attachment, type HtmlPage } from './model';
import { parseText } from './text';
import { htmlToText } from './html-text';
import { decodeEntities } from './office/xml';
import { sha256Hex } from './sha256';

const MAX_IMAGES = 100;

function base64Bytes(data: string): Uint8Array {
  const binary = atob(data.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function parseHtml(bytes: Uint8Array, blobs: BlobStore): Promise<HtmlPage> {
  const { text: html, encoding } = parseText(bytes);
  const title = decodeEntities(html.match(/<title[^>]*>([\s\S]*?)<\/title>/i)?.[1] ?? '').trim();
  const images: Attachment[] = [];
  let remoteImages = 0;
  for (const match of html.matchAll(/<img\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const src = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    const inline = src.match(/^data:(image\/[\w.+-]+);base64,(.*)$/is);
    if (!inline) {
      if (src) remoteImages++;
      continue;
    }
    if (images.length >= MAX_IMAGES) continue;
    let content: Uint8Array;
    try {
      content = base64Bytes(inline[2]!);
    } catch {
      continue; // A broken data: URL is no image.
    }
    const type = inline[1]!.toLowerCase();
    images.push({
      name: `image-${images.length + 1}.${type.split('/')[1]!.replace('jpeg', 'jpg').replace('svg+xml', 'svg')}`,
      contentType: type,
      size: content.length,
      sha256: await sha256Hex(content),
      inline: true,
      blobId: blobs.add(content),
    });
  }
  // The text converter must not see multi-megabyte data: URLs.
  const text = await htmlToText(html.replace(/data:[^"'\s>]{200,}/gi, ''));
  return { ...(title ? { title } : {}), text, encoding, images, remoteImages };
}
