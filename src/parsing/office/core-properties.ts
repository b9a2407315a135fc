/** The title from an OOXML docProps/core.xml or an OpenDocument meta.xml, when the author set one. */
import { walkXml } from './xml';

export function coreTitle(xml: string | undefined): string | undefined {
  if (xml === undefined) return undefined;
  let inTitle = false;
  let title = '';
  walkXml(xml, {
    open: (name) => void (name === 'dc:title' && (inTitle = true)),
    close: (name) => void (name === 'dc:title' && (inTitle = false)),
    text: (text) => void (inTitle && (title += text)),
  });
  return title.trim() || undefined;
}
