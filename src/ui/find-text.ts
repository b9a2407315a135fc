/**
 * Finding words in what the viewer drew (a mail's text, a PDF page's text layer, a same-origin mail
 * frame): the text of every node under a root is read as one string, spaces, line breaks and case
 * ignored, so a value is found across the elements that split it ("1 250,50 €" in a PDF is often
 * several spans, sometimes cut inside a number); text hidden from readers is skipped. Answers the DOM
 * range to select and show.
 */

interface Mark {
  node: Text;
  offset: number;
}

const fold = (text: string) => text.toLowerCase().replace(/\s+/g, '');

/** The text nodes readers see under a root: an archetype's name drawn over its words is not the document's text. */
function readableText(root: Node): TreeWalker {
  const document = root.ownerDocument ?? (root as Document);
  return document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest('[aria-hidden="true"]') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
}

export function findText(root: Node, wanted: string): Range | null {
  const needle = fold(wanted);
  if (needle === '') return null;
  const document = root.ownerDocument ?? (root as Document);
  const walker = readableText(root);
  let flat = '';
  // marks[i]: where the i-th character of `flat` sits in the DOM.
  const marks: Mark[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    for (let offset = 0; offset < text.length; offset += 1) {
      const char = text[offset]!;
      if (/\s/.test(char)) continue;
      // One character of the page may fold to two (İ): each keeps the place of the one it came from.
      for (const folded of char.toLowerCase()) {
        flat += folded;
        marks.push({ node, offset });
      }
    }
  }
  const at = flat.indexOf(needle);
  if (at < 0) return null;
  const start = marks[at]!;
  const end = marks[at + needle.length - 1]!;
  const range = document.createRange();
  range.setStart(start.node, start.offset);
  range.setEnd(end.node, end.offset + 1);
  return range;
}

/**
 * The range of characters start..end of the text readers see under a root (UTF-16 offsets, as an
 * evidence span counts them in its block), or null when the text is shorter.
 */
export function rangeAt(root: Node, start: number, end: number): Range | null {
  if (end <= start) return null;
  const walker = readableText(root);
  const range = (root.ownerDocument ?? (root as Document)).createRange();
  let seen = 0;
  let started = false;
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const after = seen + node.data.length;
    if (!started && start < after) {
      range.setStart(node, start - seen);
      started = true;
    }
    if (started && end <= after) {
      range.setEnd(node, end - seen);
      return range;
    }
    seen = after;
  }
  return null;
}

/** Selects the range in its own document and scrolls it into the middle of the view. */
export function showRange(range: Range): void {
  const selection = range.startContainer.ownerDocument?.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  // Not every DOM has it (jsdom in component tests).
  range.startContainer.parentElement?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}
