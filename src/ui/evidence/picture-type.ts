/** The picture types the evidence view can draw with their OCR boxes (those the extractor reads by OCR), by content type or name. */
import type { DocumentEvidence } from '../../analyses/evidence';

export function pictureTypeOf(document: Pick<DocumentEvidence, 'contentType' | 'name'>): 'image/png' | 'image/jpeg' | null {
  const type = document.contentType.toLowerCase();
  if (type === 'image/png' || /\.png$/i.test(document.name)) return 'image/png';
  if (type === 'image/jpeg' || type === 'image/jpg' || /\.jpe?g$/i.test(document.name)) return 'image/jpeg';
  return null;
}
