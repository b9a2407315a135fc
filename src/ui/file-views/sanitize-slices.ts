/**
 * DOMPurify over a large HTML body in slices, with a pause between slices, so sanitising a big
 * newsletter does not hold the page for 100 ms and more (DOMPurify cannot run in a worker: it needs
 * the browser's own HTML parser to be safe, and it cannot stop half-way through a call).
 *
 * The body is parsed once (as DOMPurify parses it) and cut into units: runs of sibling nodes of a
 * bounded size, each sanitised by one ordinary DOMPurify call (node input, the same config and hooks)
 * and serialised. An element too big for one unit is split only when it is a plain HTML container
 * (div, p, table, list…): its start and end tags are sanitised around a marker text, and its children
 * are cut into units in turn. HTML serialisation is compositional, so the concatenated pieces are the
 * string DOMPurify gives for the whole body; mail-html.test.ts checks this on hostile input.
 * Elements whose serialisation or checks depend on their content (pre, textarea, foreign SVG/MathML,
 * templates, raw-text elements, forms…) are never split.
 */
import type { Config, DOMPurify } from 'dompurify';

export type Pause = () => Promise<void>;
export type SliceOptions = { unitSize?: number; sliceMs?: number };

const SPLITTABLE = new Set([
  'div', 'p', 'span', 'section', 'article', 'main', 'header', 'footer', 'nav', 'aside', 'blockquote', 'center', 'font',
  'ul', 'ol', 'li', 'dl', 'dd', 'dt', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'b', 'i', 'u', 's', 'em',
  'strong', 'small', 'big', 'a', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'address', 'figure', 'figcaption',
]);
const HTML_NS = 'http://www.w3.org/1999/xhtml';

export async function sanitizeInSlices(purify: DOMPurify, config: Config, source: string, pause: Pause, options: SliceOptions = {}): Promise<string> {
  const unitSize = options.unitSize ?? 150;
  const sliceMs = options.sliceMs ?? 6;
  const sanitize = (holder: Element) => purify.sanitize(holder, { ...config, RETURN_DOM: false, RETURN_DOM_FRAGMENT: false }) as unknown as string;
  if (source.indexOf('<') === -1) return purify.sanitize(source, config) as unknown as string;

  const doc = new DOMParser().parseFromString(source, 'text/html');
  const body = doc.body;
  if (!body) return purify.sanitize(source, config) as unknown as string;
  const leading = /^[\r\n\t ]+/.exec(source)?.[0] ?? '';
  // A marker no mail contains: letters only, so serialisation leaves it as it is.
  const marker = `postroomslice${Math.random().toString(36).slice(2)}x`;

  let sliceStart = performance.now();
  const maybePause = async () => {
    if (performance.now() - sliceStart < sliceMs) return;
    await pause();
    sliceStart = performance.now();
  };
  const weight = (node: ChildNode) => (node.nodeType === 1 ? 1 + (node as Element).getElementsByTagName('*').length : 1);
  const splittable = (node: ChildNode): node is Element =>
    node.nodeType === 1 &&
    (node as Element).namespaceURI === HTML_NS &&
    SPLITTABLE.has((node as Element).localName) &&
    (node as Element).firstElementChild !== null;

  /** One DOMPurify call on a run of siblings; a <body> holder makes DOMPurify return exactly its children. */
  const unit = (nodes: ChildNode[]) => {
    const holder = doc.createElement('body');
    holder.append(...nodes);
    return sanitize(holder);
  };

  async function run(nodes: ChildNode[]): Promise<string> {
    let out = '';
    let batch: ChildNode[] = [];
    let size = 0;
    const flush = async () => {
      if (!batch.length) return;
      out += unit(batch);
      batch = [];
      size = 0;
      await maybePause();
    };
    for (const node of nodes) {
      const nodeWeight = weight(node);
      if (nodeWeight > unitSize && splittable(node)) {
        await flush();
        out += await split(node);
        continue;
      }
      if (size + nodeWeight > unitSize) await flush();
      batch.push(node);
      size += nodeWeight;
    }
    await flush();
    return out;
  }

  /** The element's own tags around the marker, then its children in units. */
  async function split(element: Element): Promise<string> {
    const children = Array.from(element.childNodes);
    const shell = element.cloneNode(false) as Element;
    shell.append(doc.createTextNode(marker));
    const tags = unit([shell]);
    const at = tags.indexOf(marker);
    // DOMPurify dropped the element with its content (FORBID_CONTENTS): so are the children.
    if (at < 0) return tags;
    return tags.slice(0, at) + (await run(children)) + tags.slice(at + marker.length);
  }

  return leading + (await run(Array.from(body.childNodes)));
}
