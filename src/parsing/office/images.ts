/** Pictures found inside a document → attachments of the model (bytes in the blob list). */
import { BlobStore, type Attachment } from '../model';
import { sha256Hex } from '../sha256';
import { extensionOf } from '../detect';

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', tif: 'image/tiff', tiff: 'image/tiff',
  webp: 'image/webp', emf: 'image/emf', wmf: 'image/wmf', svg: 'image/svg+xml',
};

export const imageTypeOf = (name: string): string | undefined => IMAGE_TYPES[extensionOf(name)];

/** The parts of `parts` under `folder` that are pictures, in name order. */
export async function imageAttachments(parts: Record<string, Uint8Array>, folder: string, blobs: BlobStore): Promise<Attachment[]> {
  const names = Object.keys(parts)
    .filter((name) => name.startsWith(folder) && imageTypeOf(name) !== undefined)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const attachments: Attachment[] = [];
  for (const name of names) {
    const bytes = parts[name]!;
    attachments.push({
      name: name.slice(name.lastIndexOf('/') + 1),
      contentType: imageTypeOf(name)!,
      size: bytes.length,
      sha256: await sha256Hex(bytes),
      inline: true,
      blobId: blobs.add(bytes),
    });
  }
  return attachments;
}
