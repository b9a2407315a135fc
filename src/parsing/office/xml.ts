/**
 * A small streaming reader for the XML of office files: calls back on each element start, end and
 * text run. It does not build a tree (documents can be large) and knows only what office XML uses:
 * elements, attributes, the five named entities and numeric character references. Comments,
 * processing instructions and DOCTYPEs are skipped (so no entity expansion can be triggered).
 */
export type XmlAttributes = Record<string, string>;

export interface XmlHandler {
  open?(name: string, attributes: XmlAttributes, selfClosing: boolean): void;
  close?(name: string): void;
  text?(text: string): void;
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function attributesOf(source: string): XmlAttributes {
  const attributes: XmlAttributes = {};
  for (const match of source.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attributes[match[1]!] = decodeEntities(match[2] ?? match[3] ?? '');
  }
  return attributes;
}

export function walkXml(xml: string, handler: XmlHandler): void {
  let index = 0;
  while (index < xml.length) {
    const lt = xml.indexOf('<', index);
    if (lt < 0) {
      handler.text?.(decodeEntities(xml.slice(index)));
      return;
    }
    if (lt > index) handler.text?.(decodeEntities(xml.slice(index, lt)));
    if (xml.startsWith('<!--', lt)) {
      const end = xml.indexOf('-->', lt + 4);
      index = end < 0 ? xml.length : end + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      handler.text?.(xml.slice(lt + 9, end < 0 ? xml.length : end));
      index = end < 0 ? xml.length : end + 3;
      continue;
    }
    const gt = xml.indexOf('>', lt + 1);
    if (gt < 0) return;
    const tag = xml.slice(lt + 1, gt);
    index = gt + 1;
    if (tag[0] === '?' || tag[0] === '!') continue;
    if (tag[0] === '/') {
      handler.close?.(tag.slice(1).trim());
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const body = selfClosing ? tag.slice(0, -1) : tag;
    const space = body.search(/\s/);
    const name = space < 0 ? body : body.slice(0, space);
    handler.open?.(name, space < 0 ? {} : attributesOf(body.slice(space)), selfClosing);
    if (selfClosing) handler.close?.(name);
  }
}
